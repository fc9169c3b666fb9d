import { z } from 'zod';
import { CodeSchema, IsoDateSchema } from '../market-values.ts';
import { VarApproachSchema } from './parameters.ts';

/**
 * Pre-trade check (issue 26, "How much room is left?"): proposed trades for one fund, its limits
 * before and after them, and the headroom per instrument (decision 0064). Not an analysis run:
 * answered at once by POST /api/pre-trade-check.
 */

export const TradeSide = { Buy: 'buy', Sell: 'sell' } as const;
export type TradeSide = (typeof TradeSide)[keyof typeof TradeSide];
export const TRADE_SIDE_LABELS: Readonly<Record<TradeSide, string>> = {
  buy: 'Alış',
  sell: 'Satış',
};

/** One proposed trade: buy or sell, an instrument, and a quantity (units, nominal, contracts) or a TL amount. */
export const PreTradeTradeSchema = z
  .strictObject({
    side: z.enum(['buy', 'sell'], { error: 'işlem yönü alış veya satış olmalı' }),
    instrumentCode: CodeSchema,
    quantity: z
      .number({ error: 'adet sayı olmalı' })
      .positive({ error: 'adet sıfırdan büyük olmalı' })
      .optional(),
    amountTry: z
      .number({ error: 'tutar sayı olmalı' })
      .positive({ error: 'tutar sıfırdan büyük olmalı' })
      .optional(),
  })
  .superRefine((t, ctx) => {
    if ((t.quantity === undefined) === (t.amountTry === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['amountTry'],
        message: 'adet veya TL tutarından yalnızca biri girilmeli',
      });
  });
export type PreTradeTrade = z.infer<typeof PreTradeTradeSchema>;

export const PreTradeRequestSchema = z.strictObject({
  portfolioCode: CodeSchema,
  asOfDate: IsoDateSchema,
  trades: z.array(PreTradeTradeSchema).max(50, { error: 'en fazla 50 işlem girilebilir' }),
  /** Instruments not held whose headroom is also wanted (the held ones always have a row). */
  headroomInstrumentCodes: z
    .array(CodeSchema)
    .max(10, { error: 'en fazla 10 yeni varlık seçilebilir' })
    .default([]),
  /**
   * false: the answer without the headroom table, which costs a search per instrument; the screen
   * shows the limits at once and asks for the table in a second request (decision 0064).
   */
  includeHeadroom: z.boolean().default(true),
});
export type PreTradeRequest = z.infer<typeof PreTradeRequestSchema>;
export type PreTradeRequestBody = z.input<typeof PreTradeRequestSchema>;

/** A check's status: within the limit, near it (warning threshold) or over it. */
export const PreTradeStatusSchema = z.enum(['pass', 'warning', 'breach']);
export type PreTradeStatus = z.infer<typeof PreTradeStatusSchema>;
export const PRE_TRADE_STATUS_LABELS: Readonly<Record<PreTradeStatus, string>> = {
  pass: 'Uygun',
  warning: 'Uyarı',
  breach: 'İhlal',
};

export const PreTradeCheckKindSchema = z.enum(['var', 'leverage', 'concentration', 'audit']);
export type PreTradeCheckKind = z.infer<typeof PreTradeCheckKindSchema>;
export const PRE_TRADE_CHECK_KIND_LABELS: Readonly<Record<PreTradeCheckKind, string>> = {
  var: 'RMD limiti',
  leverage: 'Kaldıraç (taahhüt yöntemi)',
  concentration: 'Yoğunlaşma limiti',
  audit: 'İç denetim kriteri',
};

/** The figure of a check in one state (before or after the trades). */
export const PreTradeStateSchema = z.object({
  /** Fraction of NAV for 'fraction' checks, days or a count for the others; null: nothing to measure. */
  value: z.number().nullable(),
  /** value / limit for the max-limits (VaR, leverage, concentration); null otherwise. */
  usage: z.number().nullable(),
  /** The key behind the value (the issuer, sector...), when the limit is per key. */
  key: z.string().nullable(),
  status: PreTradeStatusSchema,
});
export type PreTradeState = z.infer<typeof PreTradeStateSchema>;

export const PreTradeCheckSchema = z.object({
  kind: PreTradeCheckKindSchema,
  code: z.string(),
  name: z.string(),
  unit: z.enum(['fraction', 'count', 'days']),
  /** The limit as Turkish text ("≤ %10,00"). */
  limitText: z.string(),
  before: PreTradeStateSchema,
  after: PreTradeStateSchema,
});
export type PreTradeCheck = z.infer<typeof PreTradeCheckSchema>;

export const PreTradeTradeLineSchema = z.object({
  row: z.number().int(),
  side: z.enum(['buy', 'sell']),
  instrumentCode: z.string(),
  instrumentName: z.string().nullable(),
  /** Units traded (null when the instrument has no unit price: amount trades on lines without nominal). */
  quantity: z.number().nullable(),
  /** Signed TRY value change of the position (+ buy, − sell); futures 0 (no premium). */
  valueChangeTry: z.number(),
  unitPriceTry: z.number().nullable(),
  newPosition: z.boolean(),
});
export type PreTradeTradeLine = z.infer<typeof PreTradeTradeLineSchema>;

export const HeadroomLimitSchema = z.object({
  kind: PreTradeCheckKindSchema,
  code: z.string(),
  name: z.string(),
});
export type HeadroomLimit = z.infer<typeof HeadroomLimitSchema>;

export const HeadroomRowSchema = z.object({
  instrumentCode: z.string(),
  instrumentName: z.string().nullable(),
  held: z.boolean(),
  holdingTry: z.number(),
  /** Largest buy (TRY) before the first limit breaks; null: none breaks up to the search cap (NAV). */
  maxBuyTry: z.number().nullable(),
  buyLimit: HeadroomLimitSchema.nullable(),
  /** Largest sale (TRY); capped by the holding (then `sellCappedByHolding`). */
  maxSellTry: z.number(),
  sellLimit: HeadroomLimitSchema.nullable(),
  sellCappedByHolding: z.boolean(),
  /** Why no headroom could be searched (a future traded by contracts has no TL value, an unpriced line). */
  note: z.string().nullable(),
});
export type HeadroomRow = z.infer<typeof HeadroomRowSchema>;

export const PreTradeResponseSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  /** The holdings date used (latest on or before asOfDate). */
  holdingsDate: z.string(),
  navTry: z.number(),
  /** Cash leg of the trades (− buys, + sells) booked on the fund's TL cash: NAV is unchanged. */
  cashChangeTry: z.number(),
  approach: VarApproachSchema,
  varBeforeTry: z.number(),
  varAfterTry: z.number(),
  trades: z.array(PreTradeTradeLineSchema),
  checks: z.array(PreTradeCheckSchema),
  /** Whether `headroom` was searched (the request's includeHeadroom); empty when not. */
  headroomIncluded: z.boolean(),
  headroom: z.array(HeadroomRowSchema),
  /** Limits already in breach before any trade: left out of the headroom search. */
  alreadyBreached: z.array(HeadroomLimitSchema),
  /** Conventions and the search's precision, in Turkish. */
  notes: z.array(z.string()),
});
export type PreTradeResponse = z.infer<typeof PreTradeResponseSchema>;
