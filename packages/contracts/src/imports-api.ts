import { z } from 'zod';
import { IMPORT_KINDS, type ImportKind } from './import-columns.ts';
import { IsoDateSchema } from './market-values.ts';
import { ValueChangeSchema } from './market-data-admin.ts';

export const ImportKindSchema = z.enum(IMPORT_KINDS as [ImportKind, ...ImportKind[]], {
  error: 'geçerli bir yükleme türü değil',
});

/** GET imports/templates/{kind}?format=xlsx|csv */
export const TemplateQuerySchema = z.object({
  format: z.enum(['xlsx', 'csv'], { error: 'xlsx veya csv olmalı' }).default('xlsx'),
});

/** POST imports/{kind}?confirmReplace=true|false (multipart/form-data, field `file`). */
const flag = z
  .enum(['true', 'false'], { error: 'true veya false olmalı' })
  .default('false')
  .transform((v) => v === 'true');

/** How a file writes numbers: Turkish "1.234,56" or international "1,234.56" (decision 0047). */
export const NumberFormatSchema = z.enum(['tr', 'intl'], {
  error: "'tr' (Türkçe) veya 'intl' (uluslararası) olmalı",
});
export type NumberFormat = z.infer<typeof NumberFormatSchema>;

/**
 * POST imports/{kind}?confirmReplace=&acceptWarnings=&numberFormat= (multipart: `file`, and for prices naming
 * unknown tickers `newSeries`, the JSON list of series to create; for holdings naming unknown
 * portfolio codes `newPortfolios`, the JSON list of portfolios to create). `confirmReplace` replaces
 * loaded portfolio dates (holdings) or changed stored values (prices); `acceptWarnings` accepts
 * the listed day-over-day jumps and the listed readings of ambiguous numbers. `numberFormat` is
 * the reading the user chose for the numbers the file shows no format for (the 409's
 * `ambiguousNumbers`, decision 0069): the confirmation carries it, so that what is stored is the
 * reading confirmed; without it, the imports setting.
 */
export const ImportQuerySchema = z.object({
  confirmReplace: flag,
  acceptWarnings: flag,
  numberFormat: NumberFormatSchema.optional(),
});

export const PortfolioDateRefSchema = z.object({
  portfolioCode: z.string(),
  portfolioDate: IsoDateSchema,
});

const FieldValueSchema = z.union([z.string(), z.number(), z.boolean()]).nullable();

/**
 * A stored attribute an import would change (FX rates, instruments): listed in the 409 until the
 * user confirms, then in the response (issue 22).
 */
export const FieldChangeSchema = z.object({
  /** The record: an FX rate's currency, an instrument's code. */
  record: z.string(),
  /** The FX rate's date; null for an instrument. */
  date: IsoDateSchema.nullable(),
  /** The template column's key and its Turkish label. */
  field: z.string(),
  label: z.string(),
  old: FieldValueSchema,
  new: FieldValueSchema,
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

/**
 * A cell read from the saved (cached) result of its formula (decision 0056): the import reads it
 * and says so, naming the cell.
 */
export const CachedFormulaCellSchema = z.object({
  /** The cell as Excel names it ('C5'). */
  cell: z.string(),
  row: z.number().int(),
  /** The column's header as written in the file. */
  column: z.string(),
});
export type CachedFormulaCell = z.infer<typeof CachedFormulaCellSchema>;

/** At most this many cached-formula cells are listed in a response (all are counted). */
export const CACHED_FORMULA_CELLS_LISTED = 50;

export const ImportResponseSchema = z.object({
  kind: ImportKindSchema,
  rowCount: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  replacedSnapshots: z.array(PortfolioDateRefSchema),
  /** Series created on the user's confirmation (prices). */
  createdSeries: z.array(z.string()).default([]),
  /** Portfolios created on the user's confirmation (holdings). */
  createdPortfolios: z.array(z.string()).default([]),
  /** Stored values replaced on confirmation (prices), with the old and new value. */
  changes: z.array(ValueChangeSchema).default([]),
  /** Jump warnings the user accepted (prices). */
  acceptedWarnings: z.number().int().default(0),
  /** Stored attributes changed on confirmation (FX rates, instruments). */
  fieldChanges: z.array(FieldChangeSchema).default([]),
  /** How many cells were read from a saved formula result (.xlsx), and the first of them. */
  cachedFormulaCount: z.number().int().default(0),
  cachedFormulaCells: z.array(CachedFormulaCellSchema).default([]),
});
export type ImportResponse = z.infer<typeof ImportResponseSchema>;

/** The setting key of the default number format of imports (Turkish unless changed). */
export const IMPORT_SETTINGS_KEY = 'imports.settings';

/** GET/PUT imports/settings: how a file whose numbers are all ambiguous is read. */
export const ImportSettingsSchema = z.strictObject({ numberFormat: NumberFormatSchema });
export type ImportSettings = z.infer<typeof ImportSettingsSchema>;
export const DEFAULT_IMPORT_SETTINGS: ImportSettings = { numberFormat: 'tr' };

/**
 * A cell like "276.000" in a file that shows no number format anywhere: read by the default
 * format (`value`), the other reading beside it; the upload waits for the user's confirmation
 * (409 `ambiguousNumbers` until `acceptWarnings`).
 */
export const AmbiguousNumberSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  /** The cell as written. */
  text: z.string(),
  format: NumberFormatSchema,
  value: z.number(),
  otherValue: z.number(),
  message: z.string(),
});
export type AmbiguousNumber = z.infer<typeof AmbiguousNumberSchema>;

/** A portfolio date already loaded (409 `conflicts` member). */
export const ImportConflictSchema = PortfolioDateRefSchema.extend({
  existingRows: z.number().int(),
});
export type ImportConflict = z.infer<typeof ImportConflictSchema>;
