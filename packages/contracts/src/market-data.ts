import { z } from 'zod';
import type { ColumnKey } from './column-labels.ts';
import { InstrumentMainTypeSchema } from './instruments.ts';
import {
  CodeSchema,
  CurrencyCodeSchema,
  FiniteNumberSchema,
  IsinSchema,
  IsoDateSchema,
  NonNegativeIntegerSchema,
  NonNegativeNumberSchema,
  PositiveNumberSchema,
  TextSchema,
} from './market-values.ts';

/** What a market series measures (analyses.md "Market data"). */
export const MarketSeriesKind = {
  Price: 'price',
  Yield: 'yield',
  FxRate: 'fxRate',
  Index: 'index',
  CurvePoint: 'curvePoint',
  /** A return series in percent (a fund's or index's daily return as published). */
  Return: 'return',
  /** Units traded per day (liquidity-test ADV; ticker = price ticker + VOLUME_TICKER_SUFFIX). */
  Volume: 'volume',
} as const;
export type MarketSeriesKind = (typeof MarketSeriesKind)[keyof typeof MarketSeriesKind];
export const MARKET_SERIES_KIND_LABELS: Readonly<Record<MarketSeriesKind, string>> = {
  price: 'Fiyat',
  yield: 'Getiri (Faiz Oranı)',
  fxRate: 'Döviz Kuru',
  index: 'Endeks',
  curvePoint: 'Getiri Eğrisi Noktası',
  return: 'Getiri Serisi (%)',
  volume: 'İşlem Hacmi (adet/gün)',
};
export const MarketSeriesKindSchema = z.enum(
  Object.values(MarketSeriesKind) as [MarketSeriesKind, ...MarketSeriesKind[]],
  { error: 'geçerli bir seri türü değil' },
);

/**
 * A daily series. Yields and curve points are in percent (45.25 = %45,25); `tenorDays` is set
 * only for curve points.
 */
export const MarketSeriesSchema = z
  .object({
    ticker: CodeSchema,
    kind: MarketSeriesKindSchema,
    name: TextSchema,
    currency: CurrencyCodeSchema,
    tenorDays: NonNegativeIntegerSchema.nullable(),
  })
  .refine((s) => (s.kind === 'curvePoint') === (s.tenorDays !== null), {
    path: ['tenorDays'],
    error: 'yalnızca getiri eğrisi noktalarında (ve onlarda zorunlu) vade günü verilir',
  });
export type MarketSeries = z.infer<typeof MarketSeriesSchema>;

/** One daily value of a series: a close price, a yield, an index level. */
export const PriceRowSchema = z.object({
  ticker: CodeSchema,
  date: IsoDateSchema,
  close: FiniteNumberSchema,
});
export type PriceRow = z.infer<typeof PriceRowSchema>;

/**
 * A row of a price file: the value plus, optionally, how to create its series when the ticker
 * is not known yet (kind, currency, name); they are ignored for known tickers.
 */
export const PriceImportRowSchema = PriceRowSchema.extend({
  seriesKind: MarketSeriesKindSchema.nullable().default(null),
  currency: CurrencyCodeSchema.nullable().default(null),
  seriesName: TextSchema.nullable().default(null),
});
export type PriceImportRow = z.infer<typeof PriceImportRowSchema>;

/**
 * TRY per ONE unit of `currency` on `date` (TCMB quotes JPY per 100: already divided). Forex
 * rates are TCMB's döviz alış/satış, banknote rates efektif alış/satış; TCMB leaves some empty
 * (XDR has no banknote rates), so each may be null, but a row carries at least one forex rate.
 */
export const FxRateRowSchema = z
  .object({
    currency: CurrencyCodeSchema,
    date: IsoDateSchema,
    forexBuying: PositiveNumberSchema.nullable(),
    forexSelling: PositiveNumberSchema.nullable(),
    banknoteBuying: PositiveNumberSchema.nullable(),
    banknoteSelling: PositiveNumberSchema.nullable(),
  })
  .refine((r) => r.forexBuying !== null || r.forexSelling !== null, {
    path: ['forexBuying'],
    error: 'döviz alış veya döviz satış kurundan en az biri gerekli',
  })
  .refine((r) => r.currency !== 'TRY', { path: ['currency'], error: 'TRY için kur girilmez' });
export type FxRateRow = z.infer<typeof FxRateRowSchema>;

const optional = <T extends z.ZodType>(schema: T) => schema.nullable();

/**
 * One holding of a portfolio snapshot, carrying every column key of product-spec.md section 3
 * (COLUMN_LABELS); a column without a value is null. `currentValue` is in TRY and liabilities are
 * negative rows, so NAV is the sum of `currentValue` (analyses.md "Portfolio"). Ratios
 * (`groupRatio`, `totalByFPD`, `totalByFTD`, `OnRatio`, `PortONRatio`) and rates
 * (`NominalInterestRate`, `internalDiscountRate`) are in percent as the fund's reports show them.
 */
export const HoldingRowSchema = z.object({
  portfolioCode: CodeSchema,
  portfolioDate: IsoDateSchema,
  investmentInstrumentCode: CodeSchema,
  currentValue: FiniteNumberSchema,
  newPortfolioCode: optional(CodeSchema),
  investmentInstrumentName: optional(TextSchema),
  investmentInstrumentType: optional(TextSchema),
  investmentInstrumentMainType: optional(InstrumentMainTypeSchema),
  investmentInstrumentSubType: optional(TextSchema),
  currency: optional(CurrencyCodeSchema),
  dailyExchangeRate: optional(PositiveNumberSchema),
  dailyValue: optional(FiniteNumberSchema),
  nominalValue: optional(FiniteNumberSchema),
  UnitPurchasePrice: optional(NonNegativeNumberSchema),
  UsdValueOfCurrentValue: optional(FiniteNumberSchema),
  NetReturnAmount: optional(FiniteNumberSchema),
  NominalInterestRate: optional(FiniteNumberSchema),
  internalDiscountRate: optional(FiniteNumberSchema),
  interestPaymentCount: optional(NonNegativeIntegerSchema),
  daysOfMaturity: optional(FiniteNumberSchema.int({ error: 'tam sayı olmalı' })),
  Duration: optional(NonNegativeNumberSchema),
  groupRatio: optional(FiniteNumberSchema),
  totalByFPD: optional(FiniteNumberSchema),
  totalByFTD: optional(FiniteNumberSchema),
  OnRatio: optional(FiniteNumberSchema),
  PortONRatio: optional(FiniteNumberSchema),
  RepoGuaranteeAmount: optional(FiniteNumberSchema),
  PurchaseDate: optional(IsoDateSchema),
  ExecutionDate: optional(IsoDateSchema),
  MaturityDate: optional(IsoDateSchema),
  issueDate: optional(IsoDateSchema),
  redemptionDate: optional(IsoDateSchema),
  initialPublicOfferingDate: optional(IsoDateSchema),
  isForeign: optional(z.boolean({ error: 'evet/hayır olmalı' })),
  isinCode: optional(IsinSchema),
  issuer: optional(TextSchema),
  sector: optional(TextSchema),
  stockEstablishment: optional(TextSchema),
  tcmbCode: optional(TextSchema),
  ExchangeContractNo: optional(TextSchema),
  Description: optional(TextSchema),
  fundCategory: optional(TextSchema),
  fundSubCategoryName: optional(TextSchema),
  additionalCode: optional(TextSchema),
  annotation: optional(TextSchema),
  substituteCode: optional(TextSchema),
  substituteType: optional(TextSchema),
  forexType: optional(TextSchema),
} satisfies Record<ColumnKey, z.ZodType>);
export type HoldingRow = z.infer<typeof HoldingRowSchema>;
