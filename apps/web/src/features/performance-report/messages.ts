/** Turkish texts of the performance-report screen. */
export const PERFORMANCE_REPORT_MESSAGES = {
  runSubtitle:
    'Fonun birim pay fiyatından zaman ağırlıklı getirisi, karşılaştırma ölçütüne göre; net ve brüt (giderler eklenmiş), risk göstergeleri ve getiri ayrıştırması.',
  resultSubtitle: 'Tamamlanmış performans raporları',
  formTitle: 'Rapor Parametreleri',
  fund: 'Fon',
  asOfDate: 'Rapor tarihi',
  fromDate: 'Risk ve ayrıştırma döneminin başlangıcı (boş: 3 yıl önce)',
  fee: 'Yıllık yönetim ücreti oranı (%)',
  feeHint:
    'Fonun taşıdığı yıllık ücret; brüt getiri için günlük olarak geri eklenir (Rehber 8.3 c). Boş bırakılırsa fonun kayıtlı oranı kullanılır.',
  feeStored: (pct: string): string =>
    `Boş bırakılırsa fonun kayıtlı oranı (%${pct}) kullanılır; girilen oran yalnızca bu rapor için geçerlidir.`,
  feeNoneStored: 'Fonun kayıtlı ücret oranı yok: oranı girin ya da Portföyler ekranında kaydedin.',
  feeSource: (pct: string, source: string): string =>
    `Brüt getiri: yıllık %${pct} ücret (${source})`,
  noResultYet: 'Fonu ve tarihi seçip raporu oluşturun.',
  resultInvalid: 'Sonuç belgesi beklenen biçimde değil.',
  exportReport: 'Raporu Excel’e aktar',
  oneYearNet: '1 yıl net getiri',
  oneYearGross: '1 yıl brüt getiri',
  oneYearBenchmark: '1 yıl ölçüt getirisi',
  sinceInception: 'Başlangıçtan beri (net)',
  volatility: 'Yıllık oynaklık',
  sharpe: 'Sharpe oranı (yıllık)',
  maxDrawdown: 'Azami düşüş',
  trackingError: 'Takip hatası',
  informationRatio: 'Bilgi oranı (yıllık)',
  beta: 'Beta',
  activeReturn: 'Aktif getiri (holding bazlı)',
  linking: (name: string, periods: number): string =>
    `Dönemler ${name} yöntemiyle bağlandı (${periods} alt dönem); dağılım + seçim + etkileşim = aktif getiri.`,
  reconciliation: (p: {
    holdings: string;
    unitPrice: string;
    residual: string;
    fees: string;
    other: string;
    otherPerYear: string;
  }): string =>
    `Ayrıştırmanın toplamı (dağılımlardan, gelirler dahil toplam getiri) ${p.holdings}; birim pay fiyatından ${p.unitPrice}. Fark ${p.residual}: yönetim ücreti ${p.fees}, diğer ${p.other} (yıllık ${p.otherPerYear}; pay giriş-çıkışları, iki dağılım arasındaki işlemler, değerleme zamanlaması).`,
  header: (fund: string, benchmark: string, from: string, to: string): string =>
    `${fund} · Ölçüt: ${benchmark} · ${from} – ${to}`,
} as const;
