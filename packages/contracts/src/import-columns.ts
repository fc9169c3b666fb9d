import { COLUMN_LABELS, type ColumnKey } from './column-labels.ts';
import {
  COUPON_TYPE_LABELS,
  DAY_COUNT_LABELS,
  EXERCISE_STYLE_LABELS,
  FUND_CATEGORY_LABELS,
  INSTRUMENT_MAIN_TYPE_LABELS,
  OPTION_TYPE_LABELS,
  TEFAS_FUND_TYPE_LABELS,
} from './instruments.ts';
import { MARKET_SERIES_KIND_LABELS } from './market-data.ts';
import { CORPORATE_ACTION_KIND_LABELS } from './market-data-admin.ts';
import { CASH_FLOW_KIND_LABELS } from './cash-flows.ts';

/**
 * The kinds of file a user can upload (issue 4 "Getting data in"); cash flows of customer
 * portfolios travel with the portfolio files (issue 13).
 */
export const ImportKind = {
  Holdings: 'holdings',
  Prices: 'prices',
  FxRates: 'fxRates',
  Instruments: 'instruments',
  CorporateActions: 'corporateActions',
  CashFlows: 'cashFlows',
} as const;
export type ImportKind = (typeof ImportKind)[keyof typeof ImportKind];
export const IMPORT_KINDS = Object.values(ImportKind);
export const IMPORT_KIND_LABELS: Readonly<Record<ImportKind, string>> = {
  holdings: 'Portföy Dağılımı',
  prices: 'Fiyatlar',
  fxRates: 'Döviz Kurları',
  instruments: 'Yatırım Araçları',
  corporateActions: 'Kurumsal İşlemler',
  cashFlows: 'Nakit Akışları',
};

/** How a cell is read: text, number (1.234,56 or 1234.56), date, yes/no, or one of `options`. */
export type CellType = 'text' | 'number' | 'date' | 'boolean' | 'enum';

/**
 * One column of an import file. The header may be `key`, `label` or any of `aliases`, compared
 * without case, spaces, punctuation or Turkish diacritics. `example` is the typed value of the
 * template's example row (dates as YYYY-MM-DD, enum values as their key).
 */
export interface ImportColumn {
  readonly key: string;
  readonly label: string;
  readonly cell: CellType;
  readonly required: boolean;
  readonly description: string;
  readonly example: string | number | boolean | null;
  readonly aliases?: readonly string[];
  /** For `enum` cells: stored value → Turkish label; either may be written in the file. */
  readonly options?: Readonly<Record<string, string>>;
}

type Spec = Omit<ImportColumn, 'key' | 'label'> & { label?: string };
const columns = (specs: Readonly<Record<string, Spec>>): readonly ImportColumn[] =>
  Object.entries(specs).map(([key, s]) => ({
    ...s,
    key,
    label: s.label ?? COLUMN_LABELS[key as ColumnKey],
  }));

const text = (description: string, example: string | null, required = false): Spec => ({
  cell: 'text',
  required,
  description,
  example,
});
const num = (description: string, example: number | null, required = false): Spec => ({
  cell: 'number',
  required,
  description,
  example,
});
const date = (description: string, example: string | null, required = false): Spec => ({
  cell: 'date',
  required,
  description,
  example,
});

const HOLDING_SPECS: Readonly<Record<ColumnKey, Spec>> = {
  portfolioCode: text('Fonun veya müşteri portföyünün kodu.', 'ORNEKFON', true),
  portfolioDate: date('Portföy dağılımının tarihi.', '2025-01-02', true),
  investmentInstrumentCode: text(
    'Yatırım aracının kodu (hisse kodu, ISIN veya iç kod).',
    'ORNEK-TRT150127T11',
    true,
  ),
  currentValue: {
    ...num('TL cinsinden güncel (piyasa) değer; borçlar eksi değerle yazılır.', 1234567.89, true),
    aliases: ['Piyasa Değeri', 'Rayiç Değer'],
  },
  newPortfolioCode: text('Birleşik portföylerde ortak portföy kodu.', null),
  investmentInstrumentName: text('Yatırım aracının adı.', 'Örnek Devlet Tahvili'),
  investmentInstrumentType: text('Kaynak sistemdeki araç türü (serbest metin).', 'DT'),
  investmentInstrumentMainType: {
    cell: 'enum',
    required: false,
    description: 'Ana tür; listedeki anahtar ya da Türkçe ad yazılabilir.',
    example: 'governmentBond',
    options: INSTRUMENT_MAIN_TYPE_LABELS,
  },
  investmentInstrumentSubType: text('Alt tür (serbest metin).', 'Sabit Kuponlu'),
  currency: text('Aracın döviz cinsi (TRY, USD, EUR...).', 'TRY'),
  dailyExchangeRate: num('Değerlemede kullanılan döviz kuru (TL karşılığı).', 1),
  dailyValue: num('Günlük değer (TL).', 1234567.89),
  nominalValue: num('Nominal değer (adet veya nominal tutar).', 1000000),
  UnitPurchasePrice: num('Birim alış fiyatı.', 1.1),
  UsdValueOfCurrentValue: num('Güncel değerin ABD doları karşılığı.', 35000.5),
  NetReturnAmount: num('Net getiri tutarı (TL).', 12345.67),
  NominalInterestRate: num('Nominal faiz (kupon) oranı, yüzde.', 25.5),
  internalDiscountRate: num('İç iskonto oranı (getiri), yüzde.', 27.1),
  interestPaymentCount: num('Yıllık faiz ödeme sayısı.', 2),
  daysOfMaturity: num('Vadeye kalan gün sayısı.', 750),
  Duration: num('Durasyon (yıl).', 1.85),
  groupRatio: num('Grup içindeki ağırlık, yüzde.', 12.5),
  totalByFPD: num('Fon portföy değerine oranı, yüzde.', 10.2),
  totalByFTD: num('Fon toplam değerine oranı, yüzde.', 10.1),
  OnRatio: num('O/N oranı, yüzde.', null),
  PortONRatio: num('Portföy O/N oranı, yüzde.', null),
  RepoGuaranteeAmount: num('Repo teminat tutarı (TL).', null),
  PurchaseDate: date('Alış tarihi.', '2024-06-14'),
  ExecutionDate: date('İşlem tarihi.', '2024-06-14'),
  MaturityDate: date('Vade tarihi.', '2027-01-27'),
  issueDate: date('İhraç tarihi.', '2024-01-31'),
  redemptionDate: date('İtfa tarihi.', '2027-01-27'),
  initialPublicOfferingDate: date('Halka arz tarihi.', null),
  isForeign: {
    cell: 'boolean',
    required: false,
    description: 'Yabancı araç mı? Evet/Hayır (E/H, 1/0 da olur).',
    example: false,
  },
  isinCode: text('12 karakterlik ISIN kodu.', 'TRT150127T19'),
  issuer: text('İhraççı.', 'Hazine ve Maliye Bakanlığı'),
  sector: text('Sektör.', 'Kamu'),
  stockEstablishment: text('Menkul kıymet kuruluşu (saklayıcı/aracı).', null),
  tcmbCode: text('TCMB kodu.', null),
  ExchangeContractNo: text('Borsa sözleşme numarası.', null),
  Description: text('Açıklama.', null),
  fundCategory: text('Fon kategorisi.', null),
  fundSubCategoryName: text('Fon alt kategorisi.', null),
  additionalCode: text('Ek kod.', null),
  annotation: text('Not.', 'Örnek satır'),
  substituteCode: text('İkame kod.', null),
  substituteType: text('İkame türü.', null),
  forexType: text('Döviz türü.', null),
};

const enumSpec = (
  label: string,
  description: string,
  options: Readonly<Record<string, string>>,
  example: string | null,
): Spec => ({
  cell: 'enum',
  required: false,
  label,
  description,
  example,
  options,
});

const PRICE_SPECS: Readonly<Record<string, Spec>> = {
  ticker: {
    ...text('Serinin kodu (hisse, endeks, fon kodu...).', 'ORNEK-THYAO', true),
    label: 'Sembol',
    aliases: ['Seri Kodu', 'Kod'],
  },
  date: { ...date('Fiyatın tarihi.', '2025-01-02', true), label: 'Tarih' },
  close: {
    ...num('Kapanış fiyatı, getiri (yüzde) veya endeks değeri.', 285.75, true),
    label: 'Kapanış',
    aliases: ['Fiyat', 'Kapanış Fiyatı', 'Değer'],
  },
  seriesKind: enumSpec(
    'Seri Türü',
    'Yeni bir sembol için serinin türü (bilinen sembollerde dikkate alınmaz).',
    MARKET_SERIES_KIND_LABELS,
    null,
  ),
  currency: {
    ...text('Yeni bir sembol için serinin para birimi (TRY, USD...).', null),
    label: 'Döviz',
  },
  seriesName: { ...text('Yeni bir sembol için serinin adı.', null), label: 'Seri Adı' },
};

const CORPORATE_ACTION_SPECS: Readonly<Record<string, Spec>> = {
  instrumentCode: {
    ...text('Payın yatırım aracı kodu.', 'ORNEK-THYAO', true),
    label: 'Yatırım Aracı Kodu',
    aliases: ['Araç Kodu', 'Kod'],
  },
  kind: {
    ...enumSpec(
      'İşlem Türü',
      'Bölünme, bedelsiz, bedelli veya nakit temettü.',
      CORPORATE_ACTION_KIND_LABELS,
      'bonus',
    ),
    required: true,
  },
  exDate: {
    ...date('Hak kullanım (ex) tarihi: payın haksız işlem gördüğü ilk gün.', '2025-06-10', true),
    label: 'Hak Kullanım Tarihi',
  },
  ratio: {
    ...num('Bölünmede eski pay başına yeni pay (2:1 için 2); bedelsiz/bedellide oran (%).', 100),
    label: 'Oran',
  },
  amount: { ...num('Nakit temettüde pay başına brüt tutar.', null), label: 'Pay Başına Temettü' },
  subscriptionPrice: {
    ...num('Bedelli sermaye artırımında yeni pay başına fiyat.', null),
    label: 'Bedelli Fiyatı',
  },
  note: { ...text('Açıklama.', null), label: 'Not' },
};

const CASH_FLOW_SPECS: Readonly<Record<string, Spec>> = {
  portfolioCode: text('Müşteri portföyünün (veya fonun) kodu.', 'ORNEKMUS', true),
  flowDate: { ...date('Akışın tarihi.', '2025-01-15', true), label: 'Akış Tarihi' },
  kind: {
    ...enumSpec(
      'Akış Türü',
      'Para girişi/çıkışı, kıymet virmanı (giriş/çıkış), ücret veya gelir.',
      CASH_FLOW_KIND_LABELS,
      'deposit',
    ),
    required: true,
    aliases: ['Tür'],
  },
  amountTry: {
    ...num('Tutar (TL, pozitif); yönü akış türü belirler. Virmanda piyasa değeri.', 250000, true),
    label: 'Tutar (TL)',
    aliases: ['Tutar'],
  },
  instrumentCode: {
    ...text('Kıymet virmanında yatırım aracı kodu.', null),
    label: 'Yatırım Aracı Kodu',
    aliases: ['Araç Kodu'],
  },
  nominal: { ...num('Kıymet virmanında nominal (adet).', null), label: 'Nominal' },
  note: { ...text('Açıklama.', 'Örnek para girişi'), label: 'Açıklama' },
};

const FX_SPECS: Readonly<Record<string, Spec>> = {
  currency: {
    ...text('Döviz kodu (USD, EUR...); kur 1 birim için TL karşılığıdır.', 'USD', true),
    label: 'Döviz Kodu',
    aliases: ['Döviz', 'Döviz Cinsi'],
  },
  date: { ...date('Kurun tarihi.', '2025-01-02', true), label: 'Tarih' },
  forexBuying: { ...num('Döviz alış kuru (TL).', 35.2233), label: 'Döviz Alış' },
  forexSelling: { ...num('Döviz satış kuru (TL).', 35.2868), label: 'Döviz Satış' },
  banknoteBuying: { ...num('Efektif alış kuru (TL).', 35.1987), label: 'Efektif Alış' },
  banknoteSelling: { ...num('Efektif satış kuru (TL).', 35.3397), label: 'Efektif Satış' },
};

const INSTRUMENT_SPECS: Readonly<Record<string, Spec>> = {
  investmentInstrumentCode: text(
    'Aracın kodu; portföy dosyalarındaki Yatırım Aracı Kodu ile aynı.',
    'ORNEK-TRT150127T11',
    true,
  ),
  investmentInstrumentName: text('Aracın adı.', 'Örnek Devlet Tahvili', true),
  investmentInstrumentMainType: {
    ...enumSpec(
      'Ana Tür',
      'Ana tür; listedeki anahtar ya da Türkçe ad yazılabilir.',
      INSTRUMENT_MAIN_TYPE_LABELS,
      'governmentBond',
    ),
    required: true,
  },
  investmentInstrumentSubType: text('Alt tür (serbest metin).', 'Sabit Kuponlu'),
  currency: text('Döviz cinsi (TRY, USD...).', 'TRY', true),
  issuer: text('İhraççı.', 'Hazine ve Maliye Bakanlığı'),
  issuerGroup: {
    ...text('İhraççının bağlı olduğu grup (yoğunlaşma analizleri için).', 'Kamu'),
    label: 'İhraççı Grubu',
  },
  sector: text('Sektör.', 'Kamu'),
  isinCode: text('12 karakterlik ISIN kodu.', 'TRT150127T19'),
  isForeign: {
    cell: 'boolean',
    required: false,
    description: 'Yabancı araç mı? Evet/Hayır; boşsa Hayır.',
    example: false,
  },
  tcmbCode: text('TCMB kodu.', null),
  couponType: enumSpec(
    'Kupon Türü',
    'Tahviller için: sabit, değişken, TÜFE’ye endeksli veya iskontolu.',
    COUPON_TYPE_LABELS,
    'fixed',
  ),
  couponRatePct: {
    ...num('Tahviller için yıllık kupon oranı, yüzde (değişkende güncel dönem).', 25.5),
    label: 'Kupon Oranı (%)',
  },
  couponFrequency: {
    ...num('Tahviller için yıllık kupon ödeme sayısı: 0, 1, 2, 4 veya 12.', 2),
    label: 'Kupon Sıklığı',
  },
  dayCount: enumSpec(
    'Gün Sayımı',
    'Tahviller için gün sayım yöntemi.',
    DAY_COUNT_LABELS,
    'ACT/365',
  ),
  issueDate: date('Tahviller için ihraç tarihi.', '2024-01-31'),
  MaturityDate: date('Tahviller için vade (itfa) tarihi.', '2027-01-27'),
  referenceIndex: {
    ...text('Değişken/TÜFE’ye endeksli tahvillerde referans (TLREF, TÜFE).', null),
    label: 'Referans Endeks',
  },
  spreadBp: {
    ...num('Değişken faizli tahvilde ek getiri, baz puan.', null),
    label: 'Ek Getiri (bp)',
  },
  underlying: {
    ...text('Opsiyon ve vadeli işlemlerde dayanak varlık kodu.', null),
    label: 'Dayanak Varlık',
  },
  strike: { ...num('Opsiyonlarda kullanım fiyatı.', null), label: 'Kullanım Fiyatı' },
  expiryDate: { ...date('Opsiyon ve vadeli işlemlerde vade sonu.', null), label: 'Vade Sonu' },
  optionType: enumSpec('Opsiyon Türü', 'Alım (call) veya satım (put).', OPTION_TYPE_LABELS, null),
  exerciseStyle: enumSpec(
    'Opsiyon Tipi',
    'Avrupa veya Amerikan tipi.',
    EXERCISE_STYLE_LABELS,
    null,
  ),
  contractSize: {
    ...num('Opsiyon ve vadeli işlemlerde sözleşme büyüklüğü (çarpan).', null),
    label: 'Sözleşme Büyüklüğü',
  },
  fundCode: {
    ...text('Fon katılma paylarında TEFAS fon kodu; boşsa Yatırım Aracı Kodu kullanılır.', null),
    label: 'Fon Kodu',
  },
  fundCategory: enumSpec(
    'Fon Kategorisi',
    'Fonlarda SPK şemsiye fon türü.',
    FUND_CATEGORY_LABELS,
    null,
  ),
  tefasFundType: enumSpec(
    'TEFAS Fon Tipi',
    'Fonlarda TEFAS fon tipi (YAT, EMK, BYF...).',
    TEFAS_FUND_TYPE_LABELS,
    null,
  ),
};

/** Columns of each import kind, in template order. */
export const IMPORT_COLUMNS: Readonly<Record<ImportKind, readonly ImportColumn[]>> = {
  holdings: columns(HOLDING_SPECS),
  prices: columns(PRICE_SPECS),
  fxRates: columns(FX_SPECS),
  instruments: columns(INSTRUMENT_SPECS),
  corporateActions: columns(CORPORATE_ACTION_SPECS),
  cashFlows: columns(CASH_FLOW_SPECS),
};
