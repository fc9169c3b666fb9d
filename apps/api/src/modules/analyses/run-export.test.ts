import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildTable, LIQUIDITY_TEST_TABLES, STRESS_TEST_TABLES } from '@fonrisk/contracts';
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

  it('prints a number column of whole numbers without decimals, as the screen and the report do', async () => {
    const table = buildTable(STRESS_TEST_TABLES.reverse, [
      { portfolioCode: 'DBA', lossPct: 0.1, equityShock: null, fxShock: null, rateShiftBp: 1764 },
      {
        portfolioCode: 'DHS',
        lossPct: 0.1,
        equityShock: -0.1115,
        fxShock: null,
        rateShiftBp: null,
      },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await resultTableWorkbook(table)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rate = sheet.getRow(2).getCell(5);
    expect(rate.value).toBe(1764);
    expect(rate.numFmt).toBe('#,##0');
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('0.00%');
    const fractional = buildTable(STRESS_TEST_TABLES.reverse, [
      { portfolioCode: 'DBA', lossPct: 0.1, equityShock: null, fxShock: null, rateShiftBp: 812.5 },
    ]);
    const other = new ExcelJS.Workbook();
    await other.xlsx.load((await resultTableWorkbook(fractional)) as unknown as ArrayBuffer);
    expect(other.worksheets[0]!.getRow(2).getCell(5).numFmt).toBe('#,##0.0000');
  });
});
