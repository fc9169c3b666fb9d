import type ExcelJS from 'exceljs';
import type { ResultTable } from '@fonrisk/contracts';
import { xlsxCellValue, xlsxColumnStyles } from '../../shared/excel-cells.ts';
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
  const styles = xlsxColumnStyles(table);
  // The column's format for what the user adds; each cell the column's one style object.
  styles.forEach((style, i) => {
    if (style.numFmt !== undefined) sheet.getColumn(i + 1).numFmt = style.numFmt;
  });
  for (const row of table.rows) {
    const added = sheet.addRow(
      Object.fromEntries(table.columns.map((c) => [c.key, xlsxCellValue(c.format, row[c.key])])),
    );
    styles.forEach((style, i) => {
      added.getCell(i + 1).style = style;
    });
  }
}
