import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';

const require = createRequire(import.meta.url);
let loaded: typeof ExcelJS | null = null;

/**
 * A new ExcelJS workbook. The library (about 400 CommonJS files with its zip and stream
 * dependencies) is loaded at the first workbook, not when the API or the worker process starts:
 * most starts write or read no spreadsheet, and a test's worker process announced itself ready
 * seconds later for it on a loaded machine (decision 0066).
 */
export function newWorkbook(): ExcelJS.Workbook {
  loaded ??= require('exceljs') as typeof ExcelJS;
  return new loaded.Workbook();
}
