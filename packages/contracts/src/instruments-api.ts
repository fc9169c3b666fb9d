import { z } from 'zod';
import { InstrumentMainTypeSchema } from './instruments.ts';
import { IsoDateSchema } from './market-values.ts';

/** The most instruments one GET instruments answers: a longer list is read page by page. */
export const INSTRUMENT_PAGE_MAX = 1000;

/**
 * GET instruments?mainType=&q=&limit=&offset=: by code, `limit` (1..1000, default 500) of them
 * after the first `offset` (default 0).
 */
export const InstrumentListQuerySchema = z.object({
  mainType: InstrumentMainTypeSchema.optional(),
  q: z.string().max(100).optional(),
  limit: z.coerce
    .number()
    .int({ error: 'tam sayı olmalı' })
    .min(1, { error: 'en az 1 olmalı' })
    .max(INSTRUMENT_PAGE_MAX, { error: 'en fazla 1000 olabilir' })
    .default(500),
  offset: z.coerce
    .number()
    .int({ error: 'tam sayı olmalı' })
    .min(0, { error: 'negatif olamaz' })
    .default(0),
});
export type InstrumentListQuery = z.infer<typeof InstrumentListQuerySchema>;

/** GET instruments/{code}/cashflows?settlement= */
export const CashflowsQuerySchema = z.object({ settlement: IsoDateSchema });

export const CashflowSchema = z.object({
  date: IsoDateSchema,
  /** Per 100 nominal. */
  amount: z.number(),
  kind: z.enum(['coupon', 'principal']),
});
export type Cashflow = z.infer<typeof CashflowSchema>;

/**
 * A bond's remaining cash flows (per 100 nominal) after `settlement`, and, when the mapped series
 * gives a price or a yield on or before settlement, the clean price, yield (percent) and
 * durations (years). `accruedInterest` is per 100 nominal.
 */
export const BondCashflowsSchema = z.object({
  settlement: IsoDateSchema,
  cleanPrice: z.number().nullable(),
  yield: z.number().nullable(),
  accruedInterest: z.number(),
  macaulayDuration: z.number().nullable(),
  modifiedDuration: z.number().nullable(),
  cashflows: z.array(CashflowSchema),
});
export type BondCashflows = z.infer<typeof BondCashflowsSchema>;
