import { z } from 'zod';
import { CodeSchema, IsoDateSchema } from '../market-values.ts';
import { ResolvedVarParametersSchema } from './parameters.ts';

/**
 * GET var-change ("RMD neden değişti?"): a fund's VaR between two holdings dates split into
 * four parts by sequential substitution (packages/risk varChange, decision 0063).
 */

export const VarChangeFactorSchema = z.enum(['positions', 'window', 'prices', 'parameters']);
export type VarChangeFactorName = z.infer<typeof VarChangeFactorSchema>;

/** The Turkish name of each part (screens, charts, reports). */
export const VAR_CHANGE_FACTOR_LABELS: Readonly<Record<VarChangeFactorName, string>> = {
  positions: 'Pozisyon değişimi',
  window: 'Gözlem penceresi',
  prices: 'Fiyat seviyeleri',
  parameters: 'Parametre / yöntem',
};

/** What each part means, one sentence each (shown under the waterfall). */
export const VAR_CHANGE_FACTOR_HELP: Readonly<Record<VarChangeFactorName, string>> = {
  positions: 'Bugünkü portföy (dünkü fiyatlarla), dünkü senaryolar ve parametrelerle.',
  window:
    'Gözlem penceresi bugüne kayar: pencereye giren ve çıkan günler (parametrik yöntemlerde kovaryansın değişimi).',
  prices:
    'Fiyat seviyeleri bugüne gelir: pozisyon değerleri ve doğrusal olmayan fiyatlamanın başlangıç seviyeleri.',
  parameters:
    'Bugünkü model parametreleri (yöntem, güven düzeyi, vade, pencere uzunluğu, ortalama).',
};

export const VarChangeQuerySchema = z
  .object({
    portfolioCode: CodeSchema,
    /** The earlier holdings date; default: the holdings date before `to`. */
    from: IsoDateSchema.optional(),
    /** The later holdings date; default: the fund's latest holdings date. */
    to: IsoDateSchema.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from < q.to, {
    path: ['from'],
    error: 'başlangıç tarihi bitiş tarihinden önce olmalı',
  });
export type VarChangeQuery = z.infer<typeof VarChangeQuerySchema>;

export const VarChangePositionSchema = z.object({
  instrumentCode: z.string(),
  instrumentName: z.string().nullable(),
  /** Component VaR (TRY) before and after the step. */
  beforeTry: z.number(),
  afterTry: z.number(),
  changeTry: z.number(),
});
export type VarChangePositionRow = z.infer<typeof VarChangePositionSchema>;

export const VarChangeStepSchema = z.object({
  factor: VarChangeFactorSchema,
  fromVarTry: z.number(),
  toVarTry: z.number(),
  changeTry: z.number(),
  /** The smallest and largest value of this part over every order of the four parts. */
  minTry: z.number(),
  maxTry: z.number(),
  positions: z.array(VarChangePositionSchema),
});
export type VarChangeStepRow = z.infer<typeof VarChangeStepSchema>;

/** One end of the comparison and where its parameters come from. */
export const VarChangeSideSchema = z.object({
  date: z.string(),
  navTry: z.number(),
  varTry: z.number(),
  varPct: z.number(),
  parameters: ResolvedVarParametersSchema,
  /** The finished 'var' run whose parameters were used, null: the current VaR settings. */
  runId: z.string().nullable(),
});
export type VarChangeSideRow = z.infer<typeof VarChangeSideSchema>;

export const VarChangeResponseSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  from: VarChangeSideSchema,
  to: VarChangeSideSchema,
  changeTry: z.number(),
  /** The order the parts were computed in (the chain of intermediate VaRs). */
  order: z.array(VarChangeFactorSchema),
  /** How many orders the spread was taken over (24). */
  orders: z.number(),
  steps: z.array(VarChangeStepSchema),
});
export type VarChangeResponse = z.infer<typeof VarChangeResponseSchema>;
