/** Turkish texts of the concentration-risk screens. */
export const CONCENTRATION_MESSAGES = {
  runSubtitle:
    'Yoğunlaşma: ihraççı, ihraççı grubu, sektör, varlık sınıfı, döviz, yurt içi/yabancı ve karşı taraf dağılımları, HHI ve etkin sayı, ilk 10 ve SPK ile iç limit kontrolleri.',
  resultSubtitle:
    'Tamamlanmış yoğunlaşma analizleri: dağılımlar, HHI, ilk 10 ve limit kontrolleri.',
  formTitle: 'Analiz Parametreleri',
  asOfDate: 'Hesap tarihi',
  warningUsage: 'Limite yakın uyarısı (% limit)',
  warningUsageHint: 'Limitin bu oranına ulaşan satırlar “limite yakın” işaretlenir.',
  limitsTitle: 'Limitler (ayar; varsayılanlar kriter tanımlarından)',
  limit: 'Limit',
  limitPct: 'Limit (% FTD)',
  nav: 'Fon Toplam Değeri',
  thresholdPct: 'Eşik (% FTD)',
  enabled: 'Uygula',
  source: 'Kaynak',
  noResultYet: 'Fonları ve tarihi seçip analizi başlatın.',
  resultInvalid: 'Sonuç belgesi beklenen biçimde değil.',
  fund: 'Fon',
  dimension: 'Boyut',
  issuerHhi: 'İhraççı HHI',
  issuerHhiHint: (n: string) => `Etkin ihraççı sayısı ${n}`,
  top10: 'İlk 10 ihraççı',
  breaches: 'Limit aşımı',
  warnings: (w: number, near: number) => `${w} iç limit aşımı · ${near} limite yakın`,
  describeInputs: (codes: string, date: string) => `${codes} · ${date}`,
} as const;
