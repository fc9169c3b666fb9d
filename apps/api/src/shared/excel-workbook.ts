import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
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
 * A workbook written as it is made (styles and shared strings kept): a sheet's rows are freed once
 * the sheet is committed, so a workbook of a hundred funds' sheets does not sit whole in memory
 * (decision 0142). `bytes()` commits what is left and gives the file.
 */
export function newWorkbookWriter(): {
  readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  readonly bytes: () => Promise<Buffer>;
} {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  const { WorkbookWriter } = exceljs().stream.xlsx;
  const workbook = new WorkbookWriter({ stream, useStyles: true, useSharedStrings: true });
  return {
    workbook,
    bytes: async () => {
      await workbook.commit();
      await finished;
      return Buffer.concat(chunks);
    },
  };
}

function exceljs(): typeof ExcelJS {
  loaded ??= require('exceljs') as typeof ExcelJS;
  return loaded;
}
