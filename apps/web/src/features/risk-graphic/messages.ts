/** Turkish texts of the risk-graphic screen. */
export const RISK_GRAPHIC_MESSAGES = {
  runSubtitle:
    'Seçilen portföyler için RMD ve limit kullanımı, risk/getiri dağılımı (balon = FTD), getiri korelasyonu ve varlık dağılımı; her grafik PNG, verisi Excel olarak indirilebilir.',
  resultSubtitle: 'Risk grafikleri çalıştırmaları.',
  formTitle: 'Grafik Parametreleri',
  portfolios: 'Portföyler',
  fromDate: 'Başlangıç',
  toDate: 'Bitiş',
  correlationBasis: 'Korelasyon',
  topPositions: 'Pozisyon sayısı',
  topPositionsHint: 'Pozisyon korelasyonunda ilk portföyün en büyük pozisyonları',
  correlationShort: (basis: string) => `korelasyon: ${basis.toLocaleLowerCase('tr-TR')}`,
  topPositionsShort: (n: number) => `${String(n)} pozisyon`,
  noResultYet: 'Portföyleri ve dönemi seçip grafikleri hazırlayın.',
  notes: 'Notlar',
} as const;
