/** Turkish texts of the varAnalysisSettings screen. */
export const VAR_SETTINGS_MESSAGES = {
  storedInvalidTitle: 'Kayıtlı ayarlar geçersiz',
  storedInvalid: (problems: readonly string[]): string =>
    `Kayıtlı ayarlarda geçersiz alanlar var (${problems.join('; ')}). Form varsayılan değerlerle açıldı; kaydedene kadar RMD analizleri çalışmaz.`,
  subtitle:
    'RMD analizlerinin varsayılan parametreleri, EWMA ve Monte Carlo ayarları, portföy bazında limitler.',
  defaultsTitle: 'Varsayılan model parametreleri',
  limitsTitle: 'Varsayılan limitler ve eşikler',
  portfolioLimitsTitle: 'Portföy bazında limitler',
  portfolioLimitsHint: 'Boş bırakılan alanlarda varsayılan limit kullanılır.',
  horizon: 'Elde tutma süresi (iş günü)',
  scaling: 'Süre ölçekleme',
  approach: 'Yaklaşım',
  absoluteLimit: 'Mutlak RMD limiti (% FTD)',
  relativeLimit: 'Göreli RMD limiti (% referans RMD)',
  leverageLimit: 'Kaldıraç limiti (% FTD)',
  warningThreshold: 'Uyarı eşiği (limitin %’si)',
  unmappedTolerance: 'Eşlenmemiş varlık toleransı (% FTD)',
  varChangeExplain: 'RMD değişimini açıklama eşiği (limit kullanımı, puan)',
  varChangeExplainHint:
    'RMD Limit Takibi, limit kullanımı bir önceki güne göre bu kadar puandan fazla değişen günlerde "RMD neden değişti?" açıklamasını gösterir.',
  unmappedHint:
    'Eşlenmemiş veya fiyatı eksik varlıkların ağırlığı bu oranı aşarsa analiz başlamaz.',
  spkHint:
    'SPK: mutlak RMD ≤ %25 FTD (20 gün, %99); göreli RMD ≤ referans portföy RMD’sinin 2 katı; kaldıraç ≤ %100.',
  dailyBatch: 'Günlük RMD hesaplaması',
  dailyBatchTime: 'Saat (İstanbul)',
  dailyBatchHint:
    'Açıkken her iş günü bu saatte tüm fonlar için son portföy tarihiyle RMD hesaplanır; sonuçlar RMD limit takibinde görünür.',
  portfolio: 'Portföy',
  defaultApproach: 'Varsayılan',
  addLimit: 'Portföy limiti ekle',
  remove: 'Kaldır',
  save: 'Kaydet',
  saved: 'RMD analizi ayarları kaydedildi.',
  lastSaved: (at: string): string => `Son kayıt: ${at}`,
  neverSaved: 'Henüz kaydedilmedi; SPK varsayılanları gösteriliyor.',
  invalid: 'Ayarları kontrol edin.',
  unavailable: 'Ayarlar yüklenemedi; SPK varsayılanları gösteriliyor.',
} as const;
