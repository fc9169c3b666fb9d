/**
 * Imports of holdings, prices, FX rates and instruments from .xlsx or CSV: reading, header
 * matching, cell parsing and row validation, plus the downloadable templates. Writing the rows
 * to the database (in one transaction) is the caller's job.
 */
export { parseImportFile, formatError } from './parse-import.ts';
export type {
  ImportError,
  ImportResult,
  ImportFormat,
  ParseImportOptions,
} from './parse-import.ts';
export type { ImportLookups, ImportRowByKind } from './kinds.ts';
export { buildTemplateXlsx, buildTemplateCsv, templateFileName } from './templates.ts';
export { readNumber, readDate, readBoolean, normalizeName } from './cells.ts';
