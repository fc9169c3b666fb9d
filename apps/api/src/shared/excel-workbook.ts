import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
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
  const { Workbook } = exceljs();
  return new Workbook();
}

/**
 * A workbook written as it is made into `stream` (styles and shared strings kept): a sheet's rows
 * are freed once the sheet is committed, so a workbook of a hundred funds' sheets does not sit
 * whole in memory (decision 0142).
 */
export function newWorkbookWriter(stream: Writable): ExcelJS.stream.xlsx.WorkbookWriter {
  const { WorkbookWriter } = exceljs().stream.xlsx;
  return new WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: true,
  });
}

function exceljs(): typeof ExcelJS {
  loaded ??= require('exceljs') as typeof ExcelJS;
  return loaded;
}
