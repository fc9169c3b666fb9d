import type ExcelJS from 'exceljs';
import type { ColumnFormat, ResultTable } from '@fonrisk/contracts';
import { newWorkbook } from '../../shared/excel-workbook.ts';

/** Excel format codes; Excel shows them with the reader's separators (tr-TR: 1.234,56 and %5,12). */
const FORMATS: Readonly<Record<ColumnFormat, string | null>> = {
  number: '#,##0.0000',
  percent: '0.00%',
  money: '#,##0.00',
  date: 'dd.mm.yyyy',
  text: null,
};

function cellValue(format: ColumnFormat, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (format === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return new Date(`${value}T00:00:00Z`);
  if (typeof value === 'boolean') return value ? 'Evet' : 'Hayır';
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** One result table as an .xlsx workbook: Turkish headers, tr-TR number, percent and date formats. */
export async function resultTableWorkbook(table: ResultTable): Promise<Buffer> {
  const workbook = newWorkbook();
  addTableSheet(workbook, table);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Every table of a report, one sheet each (sheet names made unique within Excel's 31 characters). */
export async function resultReportWorkbook(tables: readonly ResultTable[]): Promise<Buffer> {
  const workbook = newWorkbook();
  for (const table of tables) addTableSheet(workbook, table);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function addTableSheet(workbook: ExcelJS.Workbook, table: ResultTable): void {
  const base = table.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Tablo';
  let title = base;
  for (let k = 2; workbook.getWorksheet(title); k++) title = `${base.slice(0, 27)} (${k})`;
  const sheet = workbook.addWorksheet(title);
  sheet.columns = table.columns.map((c) => ({
    header: c.label,
    key: c.key,
    width: Math.max(12, c.label.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) {
    sheet.addRow(
      Object.fromEntries(table.columns.map((c) => [c.key, cellValue(c.format, row[c.key])])),
    );
  }
  table.columns.forEach((c, i) => {
    const format = FORMATS[c.format];
    if (format) sheet.getColumn(i + 1).numFmt = format;
  });
}
