import { z } from 'zod';
import {
  CodeSchema,
  CurrencyCodeSchema,
  FiniteNumberSchema,
  IsinSchema,
  IsoDateSchema,
  PositiveNumberSchema,
  TextSchema,
} from './market-values.ts';

/**
 * Instrument master vocabulary. Turkish labels follow regulation-and-methods.md 9.1; the stored
 * value is the English key, the label is what a user reads and may also type in an import file.
 */
export const InstrumentMainType = {
  Stock: 'stock',
  GovernmentBond: 'governmentBond',
  TreasuryBill: 'treasuryBill',
  CorporateBond: 'corporateBond',
  CommercialPaper: 'commercialPaper',
  BankBill: 'bankBill',
  LeaseCertificate: 'leaseCertificate',
  Eurobond: 'eurobond',
  AssetBackedSecurity: 'assetBackedSecurity',
  FundShare: 'fundShare',
  ExchangeTradedFund: 'exchangeTradedFund',
  Deposit: 'deposit',
  ParticipationAccount: 'participationAccount',
  ReverseRepo: 'reverseRepo',
  Repo: 'repo',
  MoneyMarket: 'moneyMarket',
  Future: 'future',
  Option: 'option',
  Warrant: 'warrant',
  Fx: 'fx',
  PreciousMetal: 'preciousMetal',
  StructuredProduct: 'structuredProduct',
  Margin: 'margin',
  Other: 'other',
} as const;
export type InstrumentMainType = (typeof InstrumentMainType)[keyof typeof InstrumentMainType];

export const INSTRUMENT_MAIN_TYPES = Object.values(InstrumentMainType) as [
  InstrumentMainType,
  ...InstrumentMainType[],
];

export const INSTRUMENT_MAIN_TYPE_LABELS: Readonly<Record<InstrumentMainType, string>> = {
  stock: 'Hisse Senedi',
  governmentBond: 'Devlet Tahvili (DİBS)',
  treasuryBill: 'Hazine Bonosu',
  corporateBond: 'Özel Sektör Tahvili (ÖST)',
  commercialPaper: 'Finansman Bonosu',
  bankBill: 'Banka Bonosu',
  leaseCertificate: 'Kira Sertifikası',
  eurobond: 'Eurobond (Kamu Dış Borçlanma)',
  assetBackedSecurity: 'Varlığa Dayalı Menkul Kıymet',
  fundShare: 'Yatırım Fonu Katılma Payı',
  exchangeTradedFund: 'Borsa Yatırım Fonu (BYF)',
  deposit: 'Vadeli Mevduat',
  participationAccount: 'Katılma Hesabı',
  reverseRepo: 'Ters Repo',
  repo: 'Repo',
  moneyMarket: 'Takasbank Para Piyasası (TPP)',
  future: 'VİOP Vadeli İşlem Sözleşmesi',
  option: 'Opsiyon Sözleşmesi',
  warrant: 'Varant',
  fx: 'Döviz',
  preciousMetal: 'Altın / Kıymetli Maden',
  structuredProduct: 'Yapılandırılmış Yatırım Aracı',
  margin: 'Teminat',
  other: 'Diğer',
};

/** Which type-specific terms an instrument of each main type carries. */
export const TermsKind = {
  Bond: 'bond',
  Option: 'option',
  Future: 'future',
  Fund: 'fund',
  None: 'none',
} as const;
export type TermsKind = (typeof TermsKind)[keyof typeof TermsKind];

export const TERMS_KIND_BY_MAIN_TYPE: Readonly<Record<InstrumentMainType, TermsKind>> = {
  stock: 'none',
  governmentBond: 'bond',
  treasuryBill: 'bond',
  corporateBond: 'bond',
  commercialPaper: 'bond',
  bankBill: 'bond',
  leaseCertificate: 'bond',
  eurobond: 'bond',
  assetBackedSecurity: 'bond',
  fundShare: 'fund',
  exchangeTradedFund: 'fund',
  deposit: 'none',
  participationAccount: 'none',
  reverseRepo: 'none',
  repo: 'none',
  moneyMarket: 'none',
  future: 'future',
  option: 'option',
  warrant: 'option',
  fx: 'none',
  preciousMetal: 'none',
  structuredProduct: 'none',
  margin: 'none',
  other: 'none',
};

/** How a bond's coupon is set: fixed, floating (e.g. TLREF-linked), CPI-linked, or discount (no coupon). */
export const CouponType = {
  Fixed: 'fixed',
  Floating: 'floating',
  CpiLinked: 'cpiLinked',
  Discount: 'discount',
} as const;
export type CouponType = (typeof CouponType)[keyof typeof CouponType];
export const COUPON_TYPE_LABELS: Readonly<Record<CouponType, string>> = {
  fixed: 'Sabit Faizli',
  floating: 'Değişken Faizli (TLREF vb.)',
  cpiLinked: "TÜFE'ye Endeksli",
  discount: 'İskontolu (Kuponsuz)',
};

export const DayCount = {
  Act365: 'ACT/365',
  Act360: 'ACT/360',
  ActAct: 'ACT/ACT',
  Thirty360: '30/360',
} as const;
export type DayCount = (typeof DayCount)[keyof typeof DayCount];
export const DAY_COUNT_LABELS: Readonly<Record<DayCount, string>> = {
  'ACT/365': 'Gerçek/365',
  'ACT/360': 'Gerçek/360',
  'ACT/ACT': 'Gerçek/Gerçek',
  '30/360': '30/360',
};

/** Coupon payments per year; 0 only for discount instruments. */
export const COUPON_FREQUENCIES = [0, 1, 2, 4, 12] as const;
export type CouponFrequency = (typeof COUPON_FREQUENCIES)[number];

export const OptionType = { Call: 'call', Put: 'put' } as const;
export type OptionType = (typeof OptionType)[keyof typeof OptionType];
export const OPTION_TYPE_LABELS: Readonly<Record<OptionType, string>> = {
  call: 'Alım (Call)',
  put: 'Satım (Put)',
};

export const ExerciseStyle = { European: 'european', American: 'american' } as const;
export type ExerciseStyle = (typeof ExerciseStyle)[keyof typeof ExerciseStyle];
export const EXERCISE_STYLE_LABELS: Readonly<Record<ExerciseStyle, string>> = {
  european: 'Avrupa Tipi',
  american: 'Amerikan Tipi',
};

/**
 * SPK umbrella fund types (regulation-and-methods.md 10). `tefasCode` is TEFAS's `sfontur`
 * umbrella code (8.3) where TEFAS has one.
 */
export const FundCategory = {
  DebtInstruments: 'debtInstruments',
  Variable: 'variable',
  FundOfFunds: 'fundOfFunds',
  Equity: 'equity',
  PreciousMetals: 'preciousMetals',
  MoneyMarket: 'moneyMarket',
  Hedge: 'hedge',
  Mixed: 'mixed',
  Participation: 'participation',
  Guaranteed: 'guaranteed',
  CapitalProtected: 'capitalProtected',
  ExchangeTraded: 'exchangeTraded',
  RealEstate: 'realEstate',
  VentureCapital: 'ventureCapital',
  Pension: 'pension',
} as const;
export type FundCategory = (typeof FundCategory)[keyof typeof FundCategory];
export const FUND_CATEGORY_LABELS: Readonly<Record<FundCategory, string>> = {
  debtInstruments: 'Borçlanma Araçları Fonu',
  variable: 'Değişken Fon',
  fundOfFunds: 'Fon Sepeti Fonu',
  equity: 'Hisse Senedi Fonu',
  preciousMetals: 'Kıymetli Madenler Fonu',
  moneyMarket: 'Para Piyasası Fonu',
  hedge: 'Serbest Fon',
  mixed: 'Karma Fon',
  participation: 'Katılım Fonu',
  guaranteed: 'Garantili Fon',
  capitalProtected: 'Koruma Amaçlı Fon',
  exchangeTraded: 'Borsa Yatırım Fonu',
  realEstate: 'Gayrimenkul Yatırım Fonu',
  ventureCapital: 'Girişim Sermayesi Yatırım Fonu',
  pension: 'Emeklilik Yatırım Fonu',
};
export const FUND_CATEGORY_TEFAS_CODES: Readonly<Partial<Record<FundCategory, string>>> = {
  debtInstruments: '100',
  variable: '101',
  fundOfFunds: '102',
  equity: '104',
  preciousMetals: '105',
  moneyMarket: '107',
  hedge: '108',
  mixed: '110',
  participation: '114',
};

/** TEFAS `fonTipi`: YAT securities funds, EMK pension, BYF ETFs, GYF real estate, GSYF venture capital. */
export const TefasFundType = {
  YAT: 'YAT',
  EMK: 'EMK',
  BYF: 'BYF',
  GYF: 'GYF',
  GSYF: 'GSYF',
} as const;
export type TefasFundType = (typeof TefasFundType)[keyof typeof TefasFundType];
export const TEFAS_FUND_TYPE_LABELS: Readonly<Record<TefasFundType, string>> = {
  YAT: 'Menkul Kıymet Yatırım Fonu',
  EMK: 'Emeklilik Yatırım Fonu',
  BYF: 'Borsa Yatırım Fonu',
  GYF: 'Gayrimenkul Yatırım Fonu',
  GSYF: 'Girişim Sermayesi Yatırım Fonu',
};

const enumOf = <T extends string>(values: readonly T[], what: string) =>
  z.enum(values as unknown as [T, ...T[]], { error: `geçerli bir ${what} değil` });

export const InstrumentMainTypeSchema = enumOf(INSTRUMENT_MAIN_TYPES, 'ana tür');
export const CouponTypeSchema = enumOf(Object.values(CouponType), 'kupon türü');
export const DayCountSchema = enumOf(Object.values(DayCount), 'gün sayım yöntemi');
export const OptionTypeSchema = enumOf(Object.values(OptionType), 'opsiyon türü (alım/satım)');
export const ExerciseStyleSchema = enumOf(
  Object.values(ExerciseStyle),
  'opsiyon tipi (Avrupa/Amerikan)',
);
export const FundCategorySchema = enumOf(Object.values(FundCategory), 'fon kategorisi');
export const TefasFundTypeSchema = enumOf(Object.values(TefasFundType), 'TEFAS fon tipi');
export const CouponFrequencySchema = z.union(
  COUPON_FREQUENCIES.map((f) => z.literal(f)),
  {
    error: 'yılda 0, 1, 2, 4 veya 12 kupon ödemesi olmalı',
  },
);

/**
 * Bond terms. `couponRatePct` is the annual coupon in percent (25.5 = %25,5); for a floating or
 * CPI-linked bond it is the current period's rate, and `referenceIndex` names the index (TLREF,
 * TÜFE) with `spreadBp` the quoted spread in basis points.
 */
export const BondTermsSchema = z
  .object({
    kind: z.literal('bond'),
    couponType: CouponTypeSchema,
    couponRatePct: FiniteNumberSchema.min(0, { error: 'negatif olamaz' }),
    couponFrequency: CouponFrequencySchema,
    dayCount: DayCountSchema,
    issueDate: IsoDateSchema,
    maturityDate: IsoDateSchema,
    referenceIndex: TextSchema.nullable(),
    spreadBp: FiniteNumberSchema.nullable(),
  })
  .superRefine((t, ctx) => {
    if (t.maturityDate <= t.issueDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['maturityDate'],
        message: 'ihraç tarihinden sonra olmalı',
      });
    }
    if (t.couponType === 'discount' && t.couponFrequency !== 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['couponFrequency'],
        message: 'iskontolu bonoda 0 olmalı',
      });
    }
    if (t.couponType !== 'discount' && t.couponFrequency === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['couponFrequency'],
        message: 'kuponlu tahvilde sıfırdan büyük olmalı',
      });
    }
    if ((t.couponType === 'floating' || t.couponType === 'cpiLinked') && !t.referenceIndex) {
      ctx.addIssue({
        code: 'custom',
        path: ['referenceIndex'],
        message: 'değişken faizli veya TÜFE’ye endeksli tahvilde referans endeks gerekli',
      });
    }
  });
export type BondTerms = z.infer<typeof BondTermsSchema>;

/** Option terms; `contractSize` is units of the underlying per contract (VİOP: per-contract parameter). */
export const OptionTermsSchema = z.object({
  kind: z.literal('option'),
  underlying: CodeSchema,
  strike: PositiveNumberSchema,
  expiryDate: IsoDateSchema,
  optionType: OptionTypeSchema,
  exerciseStyle: ExerciseStyleSchema,
  contractSize: PositiveNumberSchema,
});
export type OptionTerms = z.infer<typeof OptionTermsSchema>;

/** Futures terms; `contractSize` is the multiplier (BIST 30 index futures: 100 × index / 1000 → 0.1). */
export const FutureTermsSchema = z.object({
  kind: z.literal('future'),
  underlying: CodeSchema,
  expiryDate: IsoDateSchema,
  contractSize: PositiveNumberSchema,
});
export type FutureTerms = z.infer<typeof FutureTermsSchema>;

export const FundTermsSchema = z.object({
  kind: z.literal('fund'),
  fundCode: CodeSchema,
  fundCategory: FundCategorySchema.nullable(),
  tefasFundType: TefasFundTypeSchema.nullable(),
  /**
   * The currency an FX fund (eurobond, foreign shares) invests in: a unit without a price series
   * moves with it in VaR and stress (docs/decisions/0070). Absent or null: TRY.
   */
  exposureCurrency: CurrencyCodeSchema.nullable().optional(),
});
export type FundTerms = z.infer<typeof FundTermsSchema>;

export const NoTermsSchema = z.object({ kind: z.literal('none') });

export const InstrumentTermsSchema = z.discriminatedUnion('kind', [
  BondTermsSchema,
  OptionTermsSchema,
  FutureTermsSchema,
  FundTermsSchema,
  NoTermsSchema,
]);
export type InstrumentTerms = z.infer<typeof InstrumentTermsSchema>;

const TERMS_LABELS: Readonly<Record<TermsKind, string>> = {
  bond: 'tahvil koşulları (kupon, vade, gün sayımı)',
  option: 'opsiyon koşulları (dayanak, kullanım fiyatı, vade, tür)',
  future: 'vadeli işlem koşulları (dayanak, vade, sözleşme büyüklüğü)',
  fund: 'fon bilgileri (fon kodu)',
  none: 'türe özgü koşul olmaması',
};

/** One instrument of the master; `code` is what holdings carry as `investmentInstrumentCode`. */
export const InstrumentSchema = z
  .object({
    code: CodeSchema,
    name: TextSchema.min(1, { error: 'boş olamaz' }),
    mainType: InstrumentMainTypeSchema,
    subType: TextSchema.nullable(),
    currency: CurrencyCodeSchema,
    issuer: TextSchema.nullable(),
    issuerGroup: TextSchema.nullable(),
    sector: TextSchema.nullable(),
    isinCode: IsinSchema.nullable(),
    isForeign: z.boolean({ error: 'evet/hayır olmalı' }),
    tcmbCode: TextSchema.nullable(),
    terms: InstrumentTermsSchema,
  })
  .superRefine((i, ctx) => {
    const expected = TERMS_KIND_BY_MAIN_TYPE[i.mainType];
    if (i.terms.kind !== expected) {
      ctx.addIssue({
        code: 'custom',
        path: ['terms', 'kind'],
        message: `${INSTRUMENT_MAIN_TYPE_LABELS[i.mainType]} için ${TERMS_LABELS[expected]} gerekli`,
      });
    }
  });
export type Instrument = z.infer<typeof InstrumentSchema>;
