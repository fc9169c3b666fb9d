/**
 * Turkish headers for portfolio and instrument columns (product-spec.md section 3). Header texts
 * follow the convention in regulation-and-methods.md 9.3 (FPD = fon portföy değeri, FTD = fon
 * toplam değeri). A key that is not in the dictionary is shown unchanged: see `columnLabel`.
 */
export const COLUMN_LABELS = {
  currency: 'Döviz Cinsi',
  currentValue: 'Güncel Değer',
  dailyExchangeRate: 'Günlük Döviz Kuru',
  dailyValue: 'Günlük Değer',
  daysOfMaturity: 'Vadeye Kalan Gün',
  Description: 'Açıklama',
  Duration: 'Durasyon',
  ExchangeContractNo: 'Borsa Sözleşme No',
  ExecutionDate: 'İşlem Tarihi',
  groupRatio: 'Grup (%)',
  interestPaymentCount: 'Faiz Ödeme Sayısı',
  internalDiscountRate: 'İç İskonto Oranı',
  investmentInstrumentCode: 'Yatırım Aracı Kodu',
  investmentInstrumentName: 'Yatırım Aracı Adı',
  investmentInstrumentType: 'Yatırım Aracı Türü',
  investmentInstrumentMainType: 'Ana Tür',
  investmentInstrumentSubType: 'Alt Tür',
  isForeign: 'Yabancı',
  isinCode: 'ISIN Kodu',
  issuer: 'İhraççı',
  MaturityDate: 'Vade Tarihi',
  NetReturnAmount: 'Net Getiri Tutarı',
  NominalInterestRate: 'Nominal Faiz Oranı',
  nominalValue: 'Nominal Değer',
  OnRatio: 'O/N Oranı',
  PortONRatio: 'Portföy O/N Oranı',
  portfolioDate: 'Portföy Tarihi',
  portfolioCode: 'Portföy Kodu',
  newPortfolioCode: 'Birleşik Portföy Kodu',
  PurchaseDate: 'Alış Tarihi',
  RepoGuaranteeAmount: 'Repo Teminat Tutarı',
  sector: 'Sektör',
  stockEstablishment: 'Menkul Kıymet Kuruluşu',
  tcmbCode: 'TCMB Kodu',
  totalByFPD: 'FPD (%)',
  totalByFTD: 'FTD (%)',
  UnitPurchasePrice: 'Birim Alış Fiyatı',
  UsdValueOfCurrentValue: 'Güncel Değer (USD)',
  fundCategory: 'Fon Kategorisi',
  fundSubCategoryName: 'Fon Alt Kategorisi',
  initialPublicOfferingDate: 'Halka Arz Tarihi',
  additionalCode: 'Ek Kod',
  annotation: 'Not',
  substituteCode: 'İkame Kod',
  substituteType: 'İkame Türü',
  issueDate: 'İhraç Tarihi',
  redemptionDate: 'İtfa Tarihi',
  forexType: 'Döviz Türü',
} as const satisfies Record<string, string>;

export type ColumnKey = keyof typeof COLUMN_LABELS;

export const COLUMN_KEYS = Object.keys(COLUMN_LABELS) as ColumnKey[];

/** The Turkish header of a column key; a key not in the dictionary is returned unchanged. */
export function columnLabel(key: string): string {
  return Object.prototype.hasOwnProperty.call(COLUMN_LABELS, key)
    ? COLUMN_LABELS[key as ColumnKey]
    : key;
}
