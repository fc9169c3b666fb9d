import type ExcelJS from 'exceljs';
import {
  COLUMN_KEYS,
  columnLabel,
  IMPORT_COLUMNS,
  type HoldingsSnapshot,
} from '@fonrisk/contracts';
import { newWorkbook } from '../../shared/excel-workbook.ts';

/** Computed columns of the view that are not product-spec keys get Turkish headers here. */
const COMPUTED_LABELS: Readonly<Record<string, string>> = {
  weightPct: 'FTD Ağırlığı (%)',
  issuerGroup: 'İhraççı Grubu',
};
const CELL_TYPES = new Map(IMPORT_COLUMNS.holdings.map((c) => [c.key, c.cell]));
/** Excel format codes; Excel shows them with the reader's locale separators (tr-TR: 1.234,56). */
const AMOUNT_FORMAT = '#,##0.00';
const RATE_FORMAT = '#,##0.0000';
const DATE_FORMAT = 'dd.mm.yyyy';
const SUMMED = new Set([
  'currentValue',
  'dailyValue',
  'UsdValueOfCurrentValue',
  'NetReturnAmount',
  'weightPct',
]);

/**
 * The keys shown, in product-spec order: section 3 keys any row carries, other stored keys
 * (shown under their own name: a key without a label is shown unchanged), then the computed ones.
 */
export function exportKeys(snapshot: HoldingsSnapshot): string[] {
  const present = new Set<string>();
  for (const row of snapshot.rows) {
    for (const [key, value] of Object.entries(row)) if (value !== null) present.add(key);
  }
  const known = COLUMN_KEYS.filter((k) => present.has(k));
  const computed = Object.keys(COMPUTED_LABELS).filter((k) => present.has(k));
  const other = [...present]
    .filter((k) => !known.includes(k as never) && !computed.includes(k))
    .sort();
  return [...known, ...other, ...computed];
}

export const exportHeader = (key: string): string => COMPUTED_LABELS[key] ?? columnLabel(key);

function cellValue(key: string, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (CELL_TYPES.get(key) === 'date' && typeof value === 'string')
    return new Date(`${value}T00:00:00Z`);
  if (typeof value === 'boolean') return value ? 'Evet' : 'Hayır';
  return value as ExcelJS.CellValue;
}

/** The snapshot as an .xlsx workbook with Turkish headers, number formats and a totals row. */
export async function holdingsWorkbook(snapshot: HoldingsSnapshot): Promise<Buffer> {
  const workbook = newWorkbook();
  const sheet = workbook.addWorksheet(
    `${snapshot.portfolioCode} ${snapshot.portfolioDate}`.slice(0, 31),
  );
  const keys = exportKeys(snapshot);
  sheet.columns = keys.map((key) => ({
    header: exportHeader(key),
    key,
    width: Math.max(12, exportHeader(key).length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of snapshot.rows) {
    const record = row as Record<string, unknown>;
    sheet.addRow(Object.fromEntries(keys.map((k) => [k, cellValue(k, record[k])])));
  }
  const totals: Record<string, ExcelJS.CellValue> = { [keys[0]!]: 'Toplam' };
  for (const key of keys) {
    if (!SUMMED.has(key)) continue;
    totals[key] = snapshot.rows.reduce(
      (s, r) => s + (((r as Record<string, unknown>)[key] as number | undefined) ?? 0),
      0,
    );
  }
  const totalRow = sheet.addRow(totals);
  totalRow.font = { bold: true };
  keys.forEach((key, i) => {
    const type = key === 'weightPct' ? 'number' : CELL_TYPES.get(key);
    const format =
      type === 'date'
        ? DATE_FORMAT
        : type === 'number'
          ? key.endsWith('Rate') || key === 'Duration'
            ? RATE_FORMAT
            : AMOUNT_FORMAT
          : null;
    if (format) sheet.getColumn(i + 1).numFmt = format;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
