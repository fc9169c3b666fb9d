/** Turkish texts of tefas-compare. */
export const TEFAS_COMPARE_MESSAGES = {
  runSubtitle:
    'TEFAS fonlarını kod veya adla seçin, eksik fiyatları TEFAS’tan çekip saklayın; getiri, oynaklık, en büyük düşüş ve Sharpe’ı yan yana karşılaştırın.',
  formTitle: 'Karşılaştırma',
  noResultYet: 'Fonları, dönemi ve sıklığı seçip karşılaştırmayı başlatın.',
  funds: 'Fonlar (TEFAS kodu veya adı)',
  fundsHint:
    'Liste, kayıtlı fon fiyat serilerinin kopyasıdır; listede olmayan bir kodu yazıp çekebilirsiniz.',
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
