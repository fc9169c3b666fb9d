/** Turkish texts of fund-statistics and fund-statistics-result. */
export const FUND_STATS_MESSAGES = {
  runSubtitle:
    'Seçilen fonların birim pay fiyatlarından dönem getirileri, risk ve performans oranları, takvim tablosu ve eş fon sıralaması.',
  resultSubtitle:
    'Tamamlanmış fon istatistikleri: oranlar, sıralama, aylık getiri takvimi ve grafikler.',
  formTitle: 'İstatistik Parametreleri',
  noResultYet: 'Fonları ve dönemi seçip hesaplamayı başlatın; sonuç burada görünecek.',
  funds: 'Fonlar (fon kodu)',
  fundsHint:
    'Birim pay fiyatı kayıtlı fonlar; TEFAS fonları TEFAS Karşılaştırma ekranından çekilir.',
  benchmark: 'Karşılaştırma ölçütü (endeks veya fiyat serisi)',
  benchmarkPlaceholder: 'Seri kodu veya adı yazın',
  riskFree: 'Risksiz faiz (yıllık %)',
  confidence: 'RMD/ES güven düzeyi',
  peerTable: 'Eş fon karşılaştırması',
  figure: 'Gösterge',
  officialRisk: 'Resmi risk değeri (TEFAS)',
  officialRiskHint:
    'TEFAS’ın yayımladığı SPK risk değeri (1–7): dönem sonunda ya da öncesinde kayıtlı en son değer ve tarihi.',
  rankHint: (rank: number, of: number): string => `${of} fon içinde ${rank}. sırada`,
  periodReturns: 'Dönem getirileri',
  calendar: (code: string): string => `${code} aylık getiri takvimi`,
  months: ['Oca', 'Şub', 'Mar', 'Nis', 'May', 'Haz', 'Tem', 'Ağu', 'Eyl', 'Eki', 'Kas', 'Ara'],
  yearTotal: 'Yıl',
  cumulativeChart: 'Kümülatif getiri',
  drawdownChart: 'Düşüş (tepeden)',
  drawdownDates: (peak: string, trough: string, recovery: string): string =>
    `Tepe ${peak} · dip ${trough} · toparlanma ${recovery}`,
  notRecovered: 'toparlanmadı',
  noDrawdown: 'Dönemde düşüş yok',
  parameters: (from: string, to: string, rf: string, cl: string): string =>
    `${from} – ${to} · risksiz faiz ${rf} · güven düzeyi ${cl}`,
  benchmarkShort: (ticker: string) => `ölçüt ${ticker}`,
  riskFreeShort: (pct: string) => `risksiz faiz ${pct}`,
  confidenceShort: (level: string) => `güven düzeyi ${level}`,
  resultInvalid: 'Sonuç belgesi beklenen biçimde değil.',
} as const;
