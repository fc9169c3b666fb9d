import { z } from 'zod';
import { CodeSchema, IsoDateSchema } from '../market-values.ts';
import {
  HorizonDaysSchema,
  HorizonScalingSchema,
  ModelFields,
  ResolvedVarParametersSchema,
} from './parameters.ts';
import { defineAnalysis } from './definition.ts';
import { ScenarioBundleDataSchema } from './input-bundle.ts';
import { col, ResultTablesSchema, type ResultColumn } from './result-tables.ts';
import { PositionVarSchema, UnmappedHoldingRowSchema } from './var.ts';

/** 'incremental-var' (Artımsal RMD): marginal, component and incremental VaR, what-if trades. */

/**
 * A proposed trade: a TRY change of the position's value (positive buys, negative sells), or a
 * change of its quantity (nominal / number of units or contracts) valued at the date's price.
 */
export const WhatIfTradeSchema = z
  .strictObject({
    instrumentCode: CodeSchema,
    valueChangeTry: z.number({ error: 'tutar sayı olmalı' }).optional(),
    quantityChange: z.number({ error: 'adet sayı olmalı' }).optional(),
  })
  .superRefine((t, ctx) => {
    if ((t.valueChangeTry === undefined) === (t.quantityChange === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['valueChangeTry'],
        message: 'tutar değişimi veya adet değişiminden yalnızca biri verilmeli',
      });
    }
    if (t.valueChangeTry === 0 || t.quantityChange === 0) {
      ctx.addIssue({
        code: 'custom',
        path: [t.valueChangeTry === 0 ? 'valueChangeTry' : 'quantityChange'],
        message: 'sıfır olamaz',
      });
    }
  });
export type WhatIfTrade = z.infer<typeof WhatIfTradeSchema>;

/** 'incremental-var': marginal, component and incremental VaR per position, plus what-if trades. */
export const IncrementalVarInputsSchema = z.strictObject({
  portfolioCode: CodeSchema,
  asOfDate: IsoDateSchema,
  ...ModelFields,
  horizonDays: HorizonDaysSchema.optional(),
  horizonScaling: HorizonScalingSchema.optional(),
  trades: z
    .array(WhatIfTradeSchema)
    .max(100, { error: 'en fazla 100 işlem girilebilir' })
    .default([]),
});
export type IncrementalVarInputs = z.infer<typeof IncrementalVarInputsSchema>;
export type IncrementalVarInputsRequest = z.input<typeof IncrementalVarInputsSchema>;

export const WhatIfOutcomeSchema = z.object({
  trades: z.array(
    z.object({ instrumentCode: z.string(), valueChangeTry: z.number(), newPosition: z.boolean() }),
  ),
  navAfterTry: z.number(),
  varBeforeTry: z.number(),
  varAfterTry: z.number(),
  varChangeTry: z.number(),
  esBeforeTry: z.number(),
  esAfterTry: z.number(),
  varAfterPct: z.number(),
  /** Linear estimate Σ marginal × trade, to compare with the full re-evaluation. */
  linearEstimateTry: z.number().nullable(),
});
export type WhatIfOutcome = z.infer<typeof WhatIfOutcomeSchema>;

export const IncrementalVarResultSchema = z.object({
  portfolioCode: z.string(),
  portfolioName: z.string(),
  asOfDate: z.string(),
  parameters: ResolvedVarParametersSchema,
  navTry: z.number(),
  varTry: z.number(),
  varPct: z.number(),
  esTry: z.number(),
  positions: z.array(PositionVarSchema),
  /** Σ component VaR (equals varTry up to rounding). */
  componentSumTry: z.number(),
  whatIf: WhatIfOutcomeSchema.nullable(),
  unmapped: z.array(UnmappedHoldingRowSchema),
  tables: ResultTablesSchema,
});
export type IncrementalVarResult = z.infer<typeof IncrementalVarResultSchema>;

/** The 'incremental-var' analysis type (registered in registry.ts). */
export const incrementalVarAnalysis = defineAnalysis({
  id: 'incremental-var',
  module: 1,
  title: 'Artımsal RMD',
  runRoute: 'incremental-var',
  resultRoute: 'incremental-var-result',
  inputsSchema: IncrementalVarInputsSchema,
  resultSchema: IncrementalVarResultSchema,
  bundle: ScenarioBundleDataSchema,
});

/** Columns of the what-if trades table (the position tables use var.ts POSITION_VAR_COLUMNS). */
export const WHAT_IF_TRADE_COLUMNS: ResultColumn[] = [
  col('instrumentCode', 'Varlık Kodu', 'text'),
  col('valueChangeTry', 'Tutar Değişimi (TL)', 'money'),
  col('newPosition', 'Yeni Pozisyon', 'text'),
];
