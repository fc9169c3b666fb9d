/** Turkish texts of tefas-compare. */
export const TEFAS_COMPARE_MESSAGES = {
  runSubtitle:
    'TEFAS fonlarını kod veya adla seçin, eksik fiyatları TEFAS’tan çekip saklayın; getiri, oynaklık, en büyük düşüş ve Sharpe’ı yan yana karşılaştırın.',
  formTitle: 'Karşılaştırma',
  noResultYet: 'Fonları, dönemi ve sıklığı seçip karşılaştırmayı başlatın.',
  funds: 'Fonlar (TEFAS kodu veya adı)',
  fundsHint:
    'Liste, TEFAS fon listesidir (yenilenemezse kayıtlı kopyası); listede olmayan bir kodu yazıp çekebilirsiniz.',
  refreshList: 'Fon listesini TEFAS’tan yenile',
  listFromTefas: (n: number): string => `Fon listesi TEFAS’tan alındı (${n} fon).`,
  listStored: (n: number, at: string): string =>
    `Fon listesi: kayıtlı kopya (${n} fon, son yenileme ${at}).`,
  officialTitle: 'Seçilen fonların resmi risk değeri',
  colFund: 'Fon',
  colTitle: 'Unvan',
  colCategory: 'Kategori',
  colOfficial: 'Resmi risk değeri',
  colOfficialDate: 'Tarihi',
  colSource: 'Kaynak',
  colListed: 'TEFAS listesindeki',
  importRisk: 'Resmi risk değerlerini TEFAS’tan al',
  riskImported: (inserted: number, unchanged: number, missing: string[]): string =>
    `${inserted} risk değeri kaydedildi, ${unchanged} zaten kayıtlıydı.${missing.length > 0 ? ` TEFAS'ta risk değeri bulunamayan: ${missing.join(', ')}.` : ''}`,
  riskChanged: (n: number): string =>
    `${n} fon için bugünkü kayıtlı risk değeri TEFAS’takinden farklı; kayıtlı değer değiştirilmedi.`,
  riskClassChanges: (list: string): string => `Sınıfı değişen fonlar: ${list}.`,
  riskUnreachable: 'TEFAS’a ulaşılamadı; resmi risk değerleri değişmedi.',
  fromDate: 'Başlangıç tarihi',
  toDate: 'Bitiş tarihi',
  frequency: 'Sıklık',
  fetch: 'Eksik fiyatları TEFAS’tan çek',
  fetched: (inserted: number, unchanged: number): string =>
    `Kaynak: TEFAS. ${inserted} yeni fiyat kaydedildi, ${unchanged} fiyat zaten kayıtlıydı.`,
  changed: (n: number): string =>
    `TEFAS ${n} kayıtlı fiyat için farklı değer döndü; kayıtlı geçmiş değiştirilmedi.`,
  acceptChanges: 'TEFAS değerlerini kabul et',
  unreachable: 'TEFAS’a ulaşılamadı; karşılaştırma kayıtlı kopyadaki fiyatlarla yapılır.',
  storedCopy: 'Kaynak: kayıtlı kopya (TEFAS’tan bu oturumda çekilmedi).',
} as const;
