import { z } from 'zod';
import { FundCategorySchema, type FundCategory, type Instrument } from './instruments.ts';
import { HoldingRowSchema } from './market-data.ts';
import { CodeSchema, CurrencyCodeSchema, IsoDateSchema, TextSchema } from './market-values.ts';

/** Funds, customer portfolios, and unified portfolios (usable wherever a portfolio is). */
export const PortfolioKind = { Fund: 'fund', Customer: 'customer', Unified: 'unified' } as const;
export type PortfolioKind = (typeof PortfolioKind)[keyof typeof PortfolioKind];
export const PORTFOLIO_KIND_LABELS: Readonly<Record<PortfolioKind, string>> = {
  fund: 'Fon',
  customer: 'Müşteri Portföyü',
  unified: 'Birleşik Portföy',
};
export const PortfolioKindSchema = z.enum(['fund', 'customer', 'unified'], {
  error: 'geçerli bir portföy türü değil',
});
/** Kinds a user creates directly; unified portfolios have their own endpoints. */
export const StoredPortfolioKindSchema = z.enum(['fund', 'customer'], {
  error: 'fon veya müşteri portföyü olmalı',
});

const NameSchema = TextSchema.trim().min(1, { error: 'boş olamaz' });

/**
 * GET portfolios?kind=&includeRetired=: retired portfolios are left out (pickers) unless
 * `includeRetired=true` (the portfolio records on `portfolios` and `customer-portfolios`).
 */
export const PortfolioListQuerySchema = z.object({
  kind: PortfolioKindSchema.optional(),
  includeRetired: z
    .enum(['true', 'false'], { error: 'true veya false olmalı' })
    .default('false')
    .transform((v) => v === 'true'),
});

export const PortfolioSummarySchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: PortfolioKindSchema,
  fundCategory: FundCategorySchema.nullable(),
  currency: z.string(),
  referenceBenchmarkCode: z.string().nullable(),
  managementCompany: z.string().nullable(),
  isDemo: z.boolean(),
  /** ISO timestamp of the retirement; null while the portfolio is in use. */
  retiredAt: z.string().nullable(),
  firstDate: IsoDateSchema.nullable(),
  lastDate: IsoDateSchema.nullable(),
  dateCount: z.number().int(),
});
export type PortfolioSummary = z.infer<typeof PortfolioSummarySchema>;

/**
 * The fields of a fund or customer portfolio a user sets. A fund needs its SPK category: the
 * category decides which criteria and limits apply to it.
 */
const PortfolioFieldsSchema = z.object({
  name: NameSchema,
  kind: StoredPortfolioKindSchema,
  fundCategory: FundCategorySchema.nullable().default(null),
  currency: CurrencyCodeSchema,
  referenceBenchmarkCode: CodeSchema.nullable().default(null),
  managementCompany: TextSchema.trim()
    .nullable()
    .default(null)
    .transform((v) => (v === '' ? null : v)),
});

function fundNeedsCategory(
  value: { kind: string; fundCategory: string | null },
  ctx: z.RefinementCtx,
): void {
  if (value.kind === 'fund' && value.fundCategory === null)
    ctx.addIssue({
      code: 'custom',
      path: ['fundCategory'],
      message: 'fon için fon kategorisi seçilmeli',
    });
}

/**
 * POST portfolios; also one entry of the `newPortfolios` field of a holdings upload (the portfolio
 * the user confirms for an unknown code).
 */
export const CreatePortfolioRequestSchema = PortfolioFieldsSchema.extend({
  code: CodeSchema,
}).superRefine(fundNeedsCategory);
export type CreatePortfolioRequest = z.infer<typeof CreatePortfolioRequestSchema>;

/** PUT portfolios/{code}: every field but the code; `retired` retires or reactivates it. */
export const UpdatePortfolioRequestSchema = PortfolioFieldsSchema.extend({
  retired: z.boolean().default(false),
}).superRefine(fundNeedsCategory);
export type UpdatePortfolioRequest = z.infer<typeof UpdatePortfolioRequestSchema>;

/** The multipart field of a holdings upload carrying `CreatePortfolioRequest[]` as JSON. */
export const NEW_PORTFOLIOS_FIELD = 'newPortfolios';

/**
 * A portfolio code a holdings file names that is no portfolio yet (409 `unknownPortfolios` until
 * the user confirms). When a fund of that code is defined on `fund-creation`, its name, currency
 * and category are given as the proposal.
 */
export const UnknownPortfolioSchema = z.object({
  portfolioCode: z.string(),
  /** First row that names it. */
  row: z.number().int(),
  rows: z.number().int(),
  kind: StoredPortfolioKindSchema.nullable(),
  name: z.string().nullable(),
  currency: z.string().nullable(),
  fundCategory: FundCategorySchema.nullable(),
});
export type UnknownPortfolio = z.infer<typeof UnknownPortfolioSchema>;

/** GET portfolios/{code}/holdings?date= and POST .../holdings/export { date } */
export const HoldingsDateSchema = z.object({ date: IsoDateSchema });

/**
 * One holdings row as shown: the product-spec section 3 keys the row carries (a key without a
 * value is absent or null), plus the weight of NAV in percent and the instrument's issuer group.
 */
export const HoldingViewSchema = HoldingRowSchema.partial().extend({
  portfolioCode: z.string(),
  portfolioDate: IsoDateSchema,
  investmentInstrumentCode: z.string(),
  currentValue: z.number(),
  weightPct: z.number(),
  issuerGroup: z.string().nullable(),
});
export type HoldingView = z.infer<typeof HoldingViewSchema>;

export const HoldingsSnapshotSchema = z.object({
  portfolioCode: z.string(),
  portfolioDate: IsoDateSchema,
  /** Sum of `currentValue` (TRY); liabilities are negative rows. */
  nav: z.number(),
  currency: z.string(),
  rows: z.array(HoldingViewSchema),
});
export type HoldingsSnapshot = z.infer<typeof HoldingsSnapshotSchema>;

/** GET portfolios/{code}/compare?from=&to= */
export const CompareQuerySchema = z.object({ from: IsoDateSchema, to: IsoDateSchema });

export const HoldingChangeStatusSchema = z.enum(['added', 'removed', 'changed', 'unchanged']);
export type HoldingChangeStatus = z.infer<typeof HoldingChangeStatusSchema>;

export const HoldingComparisonRowSchema = z.object({
  investmentInstrumentCode: z.string(),
  investmentInstrumentName: z.string().nullable(),
  investmentInstrumentMainType: z.string().nullable(),
  nominalFrom: z.number().nullable(),
  nominalTo: z.number().nullable(),
  valueFrom: z.number().nullable(),
  valueTo: z.number().nullable(),
  weightFromPct: z.number().nullable(),
  weightToPct: z.number().nullable(),
  /** valueTo − valueFrom, a missing side counting as 0. */
  valueChange: z.number(),
  status: HoldingChangeStatusSchema,
});
export type HoldingComparisonRow = z.infer<typeof HoldingComparisonRowSchema>;

export const HoldingsComparisonSchema = z.object({
  from: IsoDateSchema,
  to: IsoDateSchema,
  navFrom: z.number(),
  navTo: z.number(),
  rows: z.array(HoldingComparisonRowSchema),
});
export type HoldingsComparison = z.infer<typeof HoldingsComparisonSchema>;

/** GET unified-portfolios */
export const UnifiedPortfolioSchema = z.object({
  id: z.number().int(),
  newPortfolioCode: z.string(),
  name: z.string(),
  members: z.array(z.string()),
});
export type UnifiedPortfolio = z.infer<typeof UnifiedPortfolioSchema>;

/** POST unified-portfolios and PUT unified-portfolios/{id} */
export const UnifiedPortfolioRequestSchema = z.object({
  newPortfolioCode: CodeSchema,
  name: NameSchema,
  members: z
    .array(CodeSchema)
    .min(1, { error: 'en az bir üye portföy seçilmeli' })
    .refine((m) => new Set(m).size === m.length, { error: 'aynı portföy iki kez seçilemez' }),
});
export type UnifiedPortfolioRequest = z.infer<typeof UnifiedPortfolioRequestSchema>;

/**
 * The portfolio a fund defined on `fund-creation` loads its holdings into: the portfolio whose
 * code is the fund's code, else the one whose code is its fund code (the rule the holdings
 * upload's proposals follow; docs/decisions/0046-portfolio-records.md, 0068). Null when neither
 * is a portfolio, or the instrument is no fund.
 */
export function fundPortfolioCode(
  fund: Pick<Instrument, 'code' | 'terms'>,
  portfolioCodes: ReadonlySet<string>,
): string | null {
  if (fund.terms.kind !== 'fund') return null;
  if (portfolioCodes.has(fund.code)) return fund.code;
  return portfolioCodes.has(fund.terms.fundCode) ? fund.terms.fundCode : null;
}

/** What `fund-creation` proposes as the portfolio of a fund with none: the fund's own fields. */
export interface FundPortfolioProposal {
  readonly code: string;
  readonly name: string;
  readonly kind: 'fund';
  readonly fundCategory: FundCategory | null;
  readonly currency: string;
  /** The fund's issuer is its management company (portföy yönetim şirketi). */
  readonly managementCompany: string | null;
}

export function fundPortfolioProposal(fund: Instrument): FundPortfolioProposal {
  return {
    code: fund.code,
    name: fund.name,
    kind: 'fund',
    fundCategory: fund.terms.kind === 'fund' ? fund.terms.fundCategory : null,
    currency: fund.currency,
    managementCompany: fund.issuer,
  };
}
