import { z } from 'zod';
import { InstrumentMainTypeSchema } from './instruments.ts';
import { CodeSchema, CurrencyCodeSchema, IsoDateSchema, TextSchema } from './market-values.ts';

/** 'direct': the instrument's own series; 'proxy': a stand-in series. */
export const MappingKindSchema = z.enum(['direct', 'proxy'], {
  error: 'doğrudan veya vekil olmalı',
});
export type MappingKind = z.infer<typeof MappingKindSchema>;
export const MAPPING_KIND_LABELS: Readonly<Record<MappingKind, string>> = {
  direct: 'Doğrudan',
  proxy: 'Vekil (Proxy)',
};

export const TickerMappingSchema = z.object({
  instrumentCode: z.string(),
  instrumentName: z.string(),
  mainType: InstrumentMainTypeSchema,
  seriesTicker: z.string(),
  mappingKind: MappingKindSchema,
  note: z.string().nullable(),
  coverage: z.object({
    firstDate: IsoDateSchema.nullable(),
    lastDate: IsoDateSchema.nullable(),
    count: z.number().int(),
    /** Weekdays between first and last date without a value. */
    missingBusinessDays: z.number().int(),
  }),
});
export type TickerMapping = z.infer<typeof TickerMappingSchema>;

/** GET ticker-mappings/unmapped?date= (default: each portfolio's latest snapshot). */
export const UnmappedQuerySchema = z.object({ date: IsoDateSchema.optional() });

export const UnmappedHoldingSchema = z.object({
  instrumentCode: z.string(),
  instrumentName: z.string(),
  mainType: InstrumentMainTypeSchema,
  portfolioCount: z.number().int(),
  maxWeightPct: z.number(),
  totalValue: z.number(),
});
export type UnmappedHolding = z.infer<typeof UnmappedHoldingSchema>;

/** PUT ticker-mappings/{instrumentCode} */
export const TickerMappingRequestSchema = z.object({
  seriesTicker: CodeSchema,
  mappingKind: MappingKindSchema,
  note: TextSchema.nullable().optional(),
});
export type TickerMappingRequest = z.infer<typeof TickerMappingRequestSchema>;

/** POST ticker-mappings/bulk */
export const BulkMappingRequestSchema = z.object({
  rule: z.object({
    mainType: InstrumentMainTypeSchema.optional(),
    currency: CurrencyCodeSchema.optional(),
    codePrefix: z.string().min(1).max(64).optional(),
  }),
  target: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('sameCode') }),
    z.object({ kind: z.literal('series'), seriesTicker: CodeSchema }),
    z.object({ kind: z.literal('curveByTenor'), curvePrefix: z.string().min(1).max(64) }),
  ]),
});
export type BulkMappingRequest = z.infer<typeof BulkMappingRequestSchema>;

export const BulkMappingResultSchema = z.object({
  mapped: z.number().int(),
  skipped: z.array(z.object({ instrumentCode: z.string(), reason: z.string() })),
});
export type BulkMappingResult = z.infer<typeof BulkMappingResultSchema>;
