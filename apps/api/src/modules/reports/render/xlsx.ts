import type ExcelJS from 'exceljs';
import type { ResultTable } from '@fonrisk/contracts';
import { formatDateTime } from './format.ts';
import type { Branding, ReportDocument } from './report-document.ts';
import { newWorkbookWriter } from '../../../shared/excel-workbook.ts';
import { XLSX_FORMATS, xlsxCellValue, xlsxColumnStyles } from '../../../shared/excel-cells.ts';

/** Rows above each table: company, report title, section and period (the branding). */
export const XLSX_BRAND_ROWS = 4;

function argb(hex: string): string {
  return `FF${hex.slice(1).toUpperCase()}`;
}

function uniqueSheetName(workbook: ExcelJS.Workbook, wanted: string): string {
  const base =
    wanted
      .replace(/[\\/?*[\]:]/g, ' ')
      .trim()
      .slice(0, 31) || 'Bölüm';
  let name = base;
  for (let k = 2; workbook.getWorksheet(name); k++) name = `${base.slice(0, 26)} (${String(k)})`;
  return name;
}

/** The first table's header row on a sheet: under the brand rows and the table's title. */
const FIRST_HEADER_ROW = XLSX_BRAND_ROWS + 2;
/** The header row of a sheet's first table stays in view. */
const FROZEN_HEADER = [{ state: 'frozen' as const, ySplit: FIRST_HEADER_ROW, xSplit: 0 }];

/**
 * The report as a workbook: the summary first (when the report has one), the report's facts, then
 * one sheet per section (its tables one under the other), the brand
 * rows on top, real numbers with tr-TR display formats, the header row frozen, widths set.
 * Written as it is made: each section's sheet is committed (its rows freed) once written, so the
 * memory of a report's workbook is that of one sheet and the file's bytes (decision 0142).
 */
export async function renderReportXlsx(doc: ReportDocument, branding: Branding): Promise<Buffer> {
  const { settings } = branding;
  const { workbook, bytes } = newWorkbookWriter();
  workbook.creator = settings.companyName;
  workbook.title = doc.title;
  workbook.created = doc.generatedAt;

  writeSummarySheet(workbook, doc, settings.companyName, settings.primaryColor);
  const summary = workbook.addWorksheet('Rapor');
  summary.columns = [{ width: 28 }, { width: 70 }];
  const brand = summary.addRow([settings.companyName]);
  brand.font = { bold: true, size: 14, color: { argb: argb(settings.primaryColor) } };
  const facts: [string, string][] = [
    ['Rapor', doc.title],
    ['Şablon', doc.templateName],
    ['Dönem', doc.periodLabel],
    ['Oluşturma zamanı', `${formatDateTime(doc.generatedAt)} (İstanbul)`],
    ['Oluşturan', doc.generatedBy],
  ];
  if (doc.demo) facts.push(['Not', 'DEMO VERİSİ: örnek verilerle üretilmiştir.']);
  for (const fact of facts) summary.addRow(fact).getCell(1).font = { bold: true };

  for await (const chapter of doc.chapters.read()) {
    for (const section of chapter.sections) {
      if (section.kind === 'analysis' || section.kind === 'table') {
        const tables = section.kind === 'analysis' ? section.tables : [section.table];
        const sheet = workbook.addWorksheet(
          uniqueSheetName(
            workbook,
            doc.chapters.count > 1
              ? `${chapter.heading.split(' ')[0]!} ${section.title}`
              : section.title,
          ),
          tables.length > 0 ? { views: FROZEN_HEADER } : {},
        );
        writeBrand(
          sheet,
          settings.companyName,
          doc.title,
          `${chapter.heading} — ${section.title}`,
          doc.periodLabel,
          settings.primaryColor,
        );
        if (section.kind === 'analysis') {
          sheet.getCell(4, 1).value =
            `Analiz no: ${section.provenance.runId} · Motor sürümü: ${section.provenance.engineVersion ?? 'bilinmiyor'}`;
        }
        let last = XLSX_BRAND_ROWS - 1;
        for (const table of tables)
          last = writeTable(sheet, table, settings.primaryColor, last + 2);
        sheet.commit();
      } else if (section.kind === 'note') {
        summary.addRow([section.title, section.note]);
      }
    }
  }
  return bytes();
}

/**
 * The summary page that opens the PDF as the workbook's first sheet (decision 0067): the brand
 * rows, the period's end (and start) as date cells, the summary table with real numbers.
 */
function writeSummarySheet(
  workbook: ExcelJS.Workbook,
  doc: ReportDocument,
  company: string,
  color: string,
): void {
  if (!doc.summary) return;
  const sheet = workbook.addWorksheet(uniqueSheetName(workbook, doc.summary.title), {
    views: FROZEN_HEADER,
  });
  writeBrand(sheet, company, doc.title, doc.summary.title, doc.periodLabel, color);
  const { from, to } = doc.period ?? { from: null, to: null };
  const dates: [string, string][] = [
    ...(from === null ? [] : [['Dönem başı', from] as [string, string]]),
    ...(to === null
      ? []
      : [[from === null ? 'Rapor tarihi' : 'Dönem sonu', to] as [string, string]]),
  ];
  dates.forEach(([label, date], i) => {
    sheet.getCell(4, 2 * i + 1).value = label;
    sheet.getCell(4, 2 * i + 1).font = { bold: true };
    const cell = sheet.getCell(4, 2 * i + 2);
    cell.value = xlsxCellValue('date', date);
    cell.numFmt = XLSX_FORMATS.date!;
  });
  writeTable(sheet, doc.summary, color, XLSX_BRAND_ROWS + 1);
  sheet.commit();
}

function writeBrand(
  sheet: ExcelJS.Worksheet,
  company: string,
  title: string,
  section: string,
  period: string,
  color: string,
): void {
  sheet.getCell(1, 1).value = company;
  sheet.getCell(1, 1).font = { bold: true, size: 12, color: { argb: argb(color) } };
  sheet.getCell(2, 1).value = `${title} — ${section}`;
  sheet.getCell(2, 1).font = { bold: true };
  sheet.getCell(3, 1).value = `Dönem: ${period}`;
}

/** A table from row `start` on (its title, header and rows); returns its last row. */
function writeTable(
  sheet: ExcelJS.Worksheet,
  table: ResultTable,
  color: string,
  start: number,
): number {
  sheet.getCell(start, 1).value = table.title;
  sheet.getCell(start, 1).font = { bold: true };
  const headerRow = start + 1;
  table.columns.forEach((c, i) => {
    const cell = sheet.getCell(headerRow, i + 1);
    cell.value = c.label;
    cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(color) } };
    const column = sheet.getColumn(i + 1);
    column.width = Math.min(60, Math.max(column.width ?? 10, 12, c.label.length + 2));
  });
  const styles = xlsxColumnStyles(table);
  table.rows.forEach((row, r) => {
    table.columns.forEach((c, i) => {
      const cell = sheet.getCell(headerRow + 1 + r, i + 1);
      cell.value = xlsxCellValue(c.format, row[c.key]);
      cell.style = styles[i]!;
    });
  });
  return headerRow + table.rows.length;
}
