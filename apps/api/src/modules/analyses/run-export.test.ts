import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildTable, LIQUIDITY_TEST_TABLES } from '@fonrisk/contracts';
import { resultTableWorkbook } from './run-export.ts';

describe('run table export', () => {
  it('writes the liquidity settlement dates as Excel dates under their Turkish headers', async () => {
    const table = buildTable(LIQUIDITY_TEST_TABLES.settlementDates, [
      {
        portfolioCode: 'LQB',
        instrumentCode: 'STK',
        settlementLag: 'T+2',
        liquidationEndDate: '2025-06-12',
        cashDate: '2025-06-16',
        settledByPaymentTry: 4_000,
      },
      { portfolioCode: 'LQB', instrumentCode: 'YOK', liquidationEndDate: null, cashDate: null },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await resultTableWorkbook(table)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(LIQUIDITY_TEST_TABLES.settlementDates.columns.map((c) => c.label));
    const cashColumn = headers.indexOf('Nakde dönüş (takas) tarihi') + 1;
    const cash = sheet.getRow(2).getCell(cashColumn);
    expect(cash.value).toEqual(new Date('2025-06-16T00:00:00Z'));
    expect(cash.numFmt).toBe('dd.mm.yyyy');
    expect(sheet.getRow(3).getCell(cashColumn).value).toBeNull();
  });
});
