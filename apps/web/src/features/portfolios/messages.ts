/** Turkish texts of the portfolios and customer-portfolios screens. */
export const PORTFOLIO_MESSAGES = {
  fundsSubtitle: 'Fonların ve birleşik portföylerin tarih bazında portföy dağılımı.',
  customersSubtitle: 'Müşteri portföylerinin tarih bazında portföy dağılımı.',
  portfolio: 'Portföy',
  portfolioPlaceholder: 'Portföy seçin',
  groupFunds: 'Fonlar',
  groupCustomers: 'Müşteri Portföyleri',
  groupUnified: 'Birleşik Portföyler',
  date: 'Tarih',
  noPortfolios:
    'Henüz portföy yok. "Yeni portföy" ile tanımlayın ya da bir portföy dağılımı dosyası yükleyerek başlayın.',
  noDates: 'Bu portföy için yüklenmiş portföy dağılımı yok.',
  choosePortfolio: 'Portföy dağılımını görmek için bir portföy seçin.',
  listUnavailable: 'Portföy listesi yüklenemedi.',
  tabHoldings: 'Portföy Dağılımı',
  tabCompare: 'Tarih Karşılaştırma',
  exportExcel: "Excel'e aktar",
  exported: (file: string): string => `${file} indirildi.`,
  upload: 'Dosya yükle',
  summary: (dates: number, first: string, last: string): string =>
    `${dates} tarih · ${first} – ${last}`,
  // compare
  compareFrom: 'İlk tarih',
  compareTo: 'Son tarih',
  compareHint: 'İki tarih arasında eklenen, çıkan ve değişen kalemler.',
  compareNeedsTwoDates: 'Karşılaştırma için en az iki tarih gerekli.',
  compareUnavailable: 'Karşılaştırma yüklenemedi.',
  statusAdded: 'Eklendi',
  statusRemoved: 'Çıkarıldı',
  statusChanged: 'Değişti',
  statusUnchanged: 'Değişmedi',
  status: 'Durum',
  nominalFrom: 'Nominal (ilk)',
  nominalTo: 'Nominal (son)',
  valueFrom: 'Değer (ilk)',
  valueTo: 'Değer (son)',
  weightFrom: 'Ağırlık % (ilk)',
  weightTo: 'Ağırlık % (son)',
  valueChange: 'Değer Değişimi',
  navFrom: 'Fon toplam değeri (ilk)',
  navTo: 'Fon toplam değeri (son)',
  navChange: 'Fon toplam değeri değişimi',
  // upload
  uploadTitle: 'Dosya yükle',
  uploadIntro:
    'Excel (.xlsx) veya CSV dosyası yükleyin. Dosyadaki tek bir satır bile hatalıysa dosyanın tamamı reddedilir ve hiçbir kayıt değişmez.',
  uploadKind: 'Veri türü',
  uploadFile: 'Dosya',
  uploadFilePlaceholder: '.xlsx veya .csv dosyası seçin',
  templates: 'Şablonlar',
  templateXlsx: 'Excel şablonu',
  templateCsv: 'CSV şablonu',
  send: 'Yükle',
  close: 'Kapat',
  fileRequired: 'Bir dosya seçin.',
  uploaded: (rows: number, inserted: number, updated: number): string =>
    `${rows} satır yüklendi: ${inserted} yeni, ${updated} güncellenen kayıt.`,
  replacedSnapshots: (n: number): string => `${n} portföy tarihi yenisiyle değiştirildi.`,
  errorsTitle: (rows: number, errors: number): string =>
    rows > 0
      ? `Dosya reddedildi: ${rows} satırda ${errors} hata. Hiçbir kayıt yazılmadı.`
      : `Dosya reddedildi: ${errors} hata. Hiçbir kayıt yazılmadı.`,
  errorRow: 'Satır',
  errorColumn: 'Sütun',
  errorValue: 'Değer',
  errorMessage: 'Hata',
  conflictTitle: 'Bu portföy tarihleri zaten yüklü',
  conflictText:
    'Dosyadaki şu portföy tarihleri veritabanında zaten var. Onaylarsanız bu tarihlerin mevcut kayıtları silinip dosyadakilerle değiştirilecek.',
  cashFlowConflictTitle: 'Kayıtlı nakit akışları değişecek',
  cashFlowConflictText:
    'Dosyadaki şu portföy tarihlerinin kayıtlı nakit akışları dosyadakilerden farklı. Onaylarsanız bu tarihlerin kayıtlı akışları silinip dosyadakilerle değiştirilecek (eskileri denetim kaydında kalır).',
  conflictPortfolio: 'Portföy Kodu',
  conflictDate: 'Portföy Tarihi',
  conflictRows: 'Mevcut Satır',
  confirmReplace: 'Değiştir',
  cancel: 'Vazgeç',
  // price confirmations (issue 10)
  confirmTitle: 'Yüklemeden önce onay gerekiyor',
  confirmText:
    'Dosya henüz yazılmadı. Aşağıdakileri inceleyin; onaylarsanız dosya tek seferde yazılır.',
  unknownTitle: 'Bilinmeyen semboller: yeni seri oluşturulacak',
  unknownTicker: 'Sembol',
  unknownRow: 'İlk Satır',
  unknownRows: 'Satır Sayısı',
  unknownName: 'Seri Adı',
  unknownKind: 'Seri Türü',
  unknownCurrency: 'Döviz',
  unknownIncomplete: 'Her yeni seri için tür ve üç harfli döviz kodu seçin.',
  changesTitle: 'Kayıtlı değerler değişecek',
  changeTicker: 'Sembol',
  changeDate: 'Tarih',
  changeOld: 'Eski Değer',
  changeNew: 'Yeni Değer',
  // FX rates and instruments (issue 22)
  fieldChangesText:
    'Dosya henüz yazılmadı. Dosyadaki şu değerler kayıtlı değerlerden farklı; onaylarsanız yalnızca bunlar değişir (eski değerler denetim kaydında kalır). Dosyada boş bırakılan ya da bulunmayan sütunlar kayıtlı değeri değiştirmez.',
  fieldRecord: 'Kayıt',
  fieldChangeField: 'Alan',
  fieldEmpty: '(boş)',
  warningsTitle: 'Günlük sıçrama uyarıları',
  warningRow: 'Satır',
  warningTicker: 'Sembol',
  warningDate: 'Tarih',
  warningPrevious: 'Önceki',
  warningValue: 'Değer',
  warningMessage: 'Uyarı',
  confirmUpload: 'Onayla ve yükle',
  ambiguousTitle: 'Biçimi belli olmayan sayılar',
  ambiguousIntro:
    'Dosya sayı biçimini göstermiyor; bu hücreler iki türlü okunabilir. Dosyanın biçimini seçin: tablo, onaylayınca kaydedilecek değeri gösterir.',
  ambiguousChoice: 'Bu sayılar hangi biçimde yazılmış?',
  ambiguousRow: 'Satır',
  ambiguousColumn: 'Sütun',
  ambiguousText: 'Hücre',
  ambiguousRead: 'Kaydedilecek değer',
  ambiguousOther: 'Diğer okunuş',
  numberFormat: 'Biçimi belli olmayan sayıların varsayılan okunuşu',
  numberFormatTr: 'Türkçe (1.234,56)',
  numberFormatIntl: 'Uluslararası (1,234.56)',
  createdSeries: (tickers: readonly string[]): string =>
    `Oluşturulan seriler: ${tickers.join(', ')}.`,
  changedValues: (n: number): string =>
    `${n} kayıtlı değer değiştirildi (eski değerler denetim kaydında).`,
  acceptedWarnings: (n: number): string => `${n} sıçrama uyarısı onaylandı.`,
  // Cells read from a saved formula result (issue 22, decision 0056).
  cachedFormulas: (
    count: number,
    cells: readonly { cell: string; row: number; column: string }[],
  ): string =>
    `${count.toLocaleString('tr-TR')} hücre formülün Excel’de kayıtlı son sonucundan okundu (formül yeniden hesaplanmadı; değerleri kontrol edin): ${cells
      .map((c) => `${c.cell} (satır ${c.row}, '${c.column}')`)
      .join(
        ', ',
      )}${count > cells.length ? ` ve ${(count - cells.length).toLocaleString('tr-TR')} hücre daha` : ''}.`,
  // portfolio records and unknown portfolio codes (issue 21)
  createdPortfolios: (codes: readonly string[]): string =>
    `Oluşturulan portföyler: ${codes.join(', ')}.`,
  newPortfoliosTitle: 'Tanımlı olmayan portföy kodları',
  newPortfoliosText:
    'Dosyadaki şu portföy kodları henüz tanımlı değil ve dosya henüz yazılmadı. Her biri için tür, fon kategorisi (fonlarda zorunlu; hangi SPK kriter ve sınırlarının uygulanacağını belirler) ve dövizi seçin. Onaylarsanız portföyler oluşturulur ve dosya tek seferde yazılır.',
  newPortfoliosConfirm: 'Portföyleri oluştur ve yükle',
  newPortfolioProblem: (code: string, field: string, message: string): string =>
    `${code}: ${FIELD_LABELS[field] ?? field} – ${message}`,
  fieldCode: 'Portföy Kodu',
  fieldName: 'Portföy Adı',
  fieldKind: 'Tür',
  fieldCategory: 'Fon Kategorisi',
  fieldCurrency: 'Döviz',
  fieldBenchmark: 'Referans Karşılaştırma Ölçütü',
  fieldCompany: 'Portföy Yönetim Şirketi',
  categoryPlaceholder: 'Kategori seçin',
  benchmarkPlaceholder: 'Yok',
  newPortfolio: 'Yeni portföy',
  editPortfolio: 'Düzenle',
  createTitle: 'Yeni portföy',
  editTitle: (code: string): string => `${code} portföyünü düzenle`,
  save: 'Kaydet',
  saved: (code: string): string => `${code} kaydedildi.`,
  retire: 'Kullanımdan kaldır',
  reactivate: 'Yeniden etkinleştir',
  retireTitle: (code: string): string => `${code} kullanımdan kaldırılsın mı?`,
  retireText:
    'Portföy seçim listelerinden çıkar ve yeni dağılım yüklenemez. Yüklenmiş dağılımları, analiz sonuçları ve raporları silinmez; okunmaya devam eder. İstediğiniz zaman yeniden etkinleştirebilirsiniz.',
  reactivateText: (code: string): string =>
    `${code} yeniden seçim listelerine girer ve dağılım yüklenebilir.`,
  retired: (code: string): string => `${code} kullanımdan kaldırıldı.`,
  reactivated: (code: string): string => `${code} yeniden etkinleştirildi.`,
  retiredBadge: 'Kullanımdan kaldırıldı',
  showRetired: 'Kullanımdan kaldırılanları göster',
  company: (name: string): string => `Yönetim: ${name}`,
  benchmark: (code: string): string => `Ölçüt: ${code}`,
} as const;

/** The Turkish label of a portfolio request field (problems name the field by it). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  code: PORTFOLIO_MESSAGES.fieldCode,
  name: PORTFOLIO_MESSAGES.fieldName,
  kind: PORTFOLIO_MESSAGES.fieldKind,
  fundCategory: PORTFOLIO_MESSAGES.fieldCategory,
  currency: PORTFOLIO_MESSAGES.fieldCurrency,
  referenceBenchmarkCode: PORTFOLIO_MESSAGES.fieldBenchmark,
  managementCompany: PORTFOLIO_MESSAGES.fieldCompany,
};
