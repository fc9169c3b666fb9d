import type ExcelJS from 'exceljs';
import type { ResultTable } from '@fonrisk/contracts';
import { xlsxCellValue, xlsxColumnFormats } from '../../shared/excel-cells.ts';
import { newWorkbook } from '../../shared/excel-workbook.ts';

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
      Object.fromEntries(table.columns.map((c) => [c.key, xlsxCellValue(c.format, row[c.key])])),
    );
  }
  xlsxColumnFormats(table).forEach((format, i) => {
    if (format) sheet.getColumn(i + 1).numFmt = format;
  });
}
