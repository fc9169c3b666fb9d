/** Turkish texts of the risk-value screens. */
export const RISK_VALUE_MESSAGES = {
  runSubtitle:
    'SPK risk değeri (1-7): son 5 yılın (260 hafta) haftalık getirilerinden yıllık oynaklık, 12.10.2023 bant tablosu ve 4 ay kuralı (Rehber §9.3.2).',
  resultSubtitle:
    'Tamamlanmış risk değeri hesapları: sınıf, oynaklık, bant tablosu ve sınıf geçmişi.',
  formTitle: 'Hesap Parametreleri',
  funds: 'Fonlar',
  asOfDate: 'Hesap tarihi',
  weeklyReturnMethod: 'Haftalık getiri',
  minWeeks: 'En az haftalık getiri sayısı',
  minWeeksHint:
    'Rehber bir alt sınır vermez; bu sayıdan az haftalık getirisi olan fon için sınıf hesaplanmaz.',
  noResultYet: 'Fonları ve tarihi seçip hesabı başlatın.',
  resultInvalid: 'Sonuç belgesi beklenen biçimde değil.',
  fund: 'Fon',
  riskValue: 'Risk değeri',
  riskValueHint: (weekly: number) => `Bu haftanın sınıfı: ${weekly}`,
  volatility: 'Yıllık oynaklık',
  weeks: (weeks: number, benchmark: number) =>
    benchmark > 0 ? `${weeks} hafta (${benchmark} hafta ölçütten)` : `${weeks} hafta`,
  official: 'TEFAS risk değeri',
  officialNone: 'Kayıtlı değil',
  officialDate: (date: string, source: string) => `${date} tarihli · ${source}`,
  differs: (computed: number, official: number) =>
    `Hesaplanan risk değeri (${computed}) TEFAS’ta kayıtlı resmi değerden (${official}) farklı.`,
  allocation: 'Güncel dağılım sınıfı',
  allocationHint: (vol: string) => `Güncel varlık dağılımının oynaklığı: ${vol}`,
  source: 'Veri kaynağı',
  labelOk: (word: string, min: number, max: number) =>
    `Fon adındaki “${word}” ifadesi risk değeri ${min}-${max} ile uyumlu (Rehber 1.2 b).`,
  labelBad: (word: string, min: number, max: number, value: number) =>
    `Fon adındaki “${word}” ifadesi risk değeri ${min}-${max} gerektirir; hesaplanan değer ${value} (Rehber 1.2 b).`,
  bandsTitle: 'Bant tablosu ve fonun yeri',
  band: 'Sınıf',
  range: 'Yıllık oynaklık aralığı',
  here: 'Fon burada',
  historyTitle: 'Haftalık sınıf geçmişi (4 ay kuralı, değişiklikler işaretli)',
  minWeeksShort: (n: number) => `en az ${String(n)} hafta`,
} as const;
