import { z } from 'zod';
import { CodeSchema, IsoDateSchema } from './market-values.ts';

/**
 * The cash-flow model of customer portfolios: external flows (deposits, withdrawals, securities
 * transferred in or out at their market value), fees charged to the portfolio and income
 * received (dividends, coupons). Amounts are positive TRY; the kind gives the direction.
 */
export const CashFlowKind = {
  Deposit: 'deposit',
  Withdrawal: 'withdrawal',
  TransferIn: 'transferIn',
  TransferOut: 'transferOut',
  Fee: 'fee',
  Income: 'income',
} as const;
export type CashFlowKind = (typeof CashFlowKind)[keyof typeof CashFlowKind];
export const CASH_FLOW_KINDS = Object.values(CashFlowKind) as [CashFlowKind, ...CashFlowKind[]];
export const CASH_FLOW_KIND_LABELS: Readonly<Record<CashFlowKind, string>> = {
  deposit: 'Para Girişi',
  withdrawal: 'Para Çıkışı',
  transferIn: 'Kıymet Virmanı (Giriş)',
  transferOut: 'Kıymet Virmanı (Çıkış)',
  fee: 'Ücret / Komisyon',
  income: 'Gelir (Temettü, Kupon)',
};

/** +1 for money coming into the portfolio from outside, −1 for money leaving, 0 for internal. */
export const CASH_FLOW_DIRECTION: Readonly<Record<CashFlowKind, 1 | -1 | 0>> = {
  deposit: 1,
  withdrawal: -1,
  transferIn: 1,
  transferOut: -1,
  fee: 0,
  income: 0,
};

export const CashFlowKindSchema = z.enum(CASH_FLOW_KINDS, {
  error: `akış türü ${CASH_FLOW_KINDS.join(', ')} değerlerinden biri olmalı`,
});

export const CashFlowInputSchema = z
  .object({
    flowDate: IsoDateSchema,
    kind: CashFlowKindSchema,
    amountTry: z
      .number({ error: 'tutar sayı olmalı' })
      .positive({ error: 'tutar sıfırdan büyük olmalı' })
      .max(1e13, { error: 'tutar çok büyük' }),
    /** The security of a transfer in or out. */
    instrumentCode: CodeSchema.nullable().default(null),
    nominal: z.number({ error: 'nominal sayı olmalı' }).positive().nullable().default(null),
    note: z
      .string()
      .max(500, { error: 'açıklama en fazla 500 karakter olabilir' })
      .nullable()
      .default(null),
  })
  .superRefine((v, ctx) => {
    if ((v.kind === 'transferIn' || v.kind === 'transferOut') && v.instrumentCode === null)
      ctx.addIssue({
        code: 'custom',
        path: ['instrumentCode'],
        message: 'kıymet virmanında varlık kodu gerekli',
      });
  });
export type CashFlowInput = z.infer<typeof CashFlowInputSchema>;
export type CashFlowInputRequest = z.input<typeof CashFlowInputSchema>;

export const CashFlowSchema = z.object({
  id: z.number(),
  portfolioCode: z.string(),
  flowDate: z.string(),
  kind: CashFlowKindSchema,
  amountTry: z.number(),
  instrumentCode: z.string().nullable(),
  nominal: z.number().nullable(),
  note: z.string().nullable(),
  isDemo: z.boolean(),
});
export type CashFlow = z.infer<typeof CashFlowSchema>;

export const CashFlowListSchema = z.object({ items: z.array(CashFlowSchema) });

/** POST /api/portfolios/:code/cash-flows: one or many flows, stored all or nothing. */
export const CreateCashFlowsRequestSchema = z.object({
  flows: z
    .array(CashFlowInputSchema)
    .min(1, { error: 'en az bir akış gerekli' })
    .max(5000, { error: 'en fazla 5000 akış birlikte kaydedilebilir' }),
});
export type CreateCashFlowsRequest = z.input<typeof CreateCashFlowsRequestSchema>;

/** One row of a cash-flows import file (imports/cashFlows): a flow of the named portfolio. */
export const CashFlowImportRowSchema = z
  .object({ portfolioCode: CodeSchema })
  .and(CashFlowInputSchema);
export type CashFlowImportRow = z.infer<typeof CashFlowImportRowSchema>;

/**
 * The first outgoing flow that takes more than the portfolio holds: the value at the valuation
 * before the flows plus the flows since, in order (the rule the customer performance report
 * computes with; a cash-flow entry or file that breaks it is refused, issue 21). Null: none.
 */
export function firstOverdraft<
  F extends { readonly kind: CashFlowKind; readonly amountTry: number },
>(
  startValue: number,
  flows: readonly F[],
): { readonly flow: F; readonly available: number } | null {
  let available = startValue;
  for (const flow of flows) {
    const amount = CASH_FLOW_DIRECTION[flow.kind] * flow.amountTry;
    if (amount < 0 && -amount > available + 1e-6) return { flow, available };
    available += amount;
  }
  return null;
}
