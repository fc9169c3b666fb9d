import { z } from 'zod';
import { IMPORT_KINDS, type ImportKind } from './import-columns.ts';
import { IsoDateSchema } from './market-values.ts';

export const ImportKindSchema = z.enum(IMPORT_KINDS as [ImportKind, ...ImportKind[]], {
  error: 'geçerli bir yükleme türü değil',
});

/** GET imports/templates/{kind}?format=xlsx|csv */
export const TemplateQuerySchema = z.object({
  format: z.enum(['xlsx', 'csv'], { error: 'xlsx veya csv olmalı' }).default('xlsx'),
});

/** POST imports/{kind}?confirmReplace=true|false (multipart/form-data, field `file`). */
export const ImportQuerySchema = z.object({
  confirmReplace: z
    .enum(['true', 'false'], { error: 'true veya false olmalı' })
    .default('false')
    .transform((v) => v === 'true'),
});

export const PortfolioDateRefSchema = z.object({
  portfolioCode: z.string(),
  portfolioDate: IsoDateSchema,
});

export const ImportResponseSchema = z.object({
  kind: ImportKindSchema,
  rowCount: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  replacedSnapshots: z.array(PortfolioDateRefSchema),
});
export type ImportResponse = z.infer<typeof ImportResponseSchema>;

/** A portfolio date already loaded (409 `conflicts` member). */
export const ImportConflictSchema = PortfolioDateRefSchema.extend({
  existingRows: z.number().int(),
});
export type ImportConflict = z.infer<typeof ImportConflictSchema>;
