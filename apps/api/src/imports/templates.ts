import {
  IMPORT_COLUMNS,
  IMPORT_KIND_LABELS,
  type ImportColumn,
  type ImportKind,
} from '@fonrisk/contracts';
import type ExcelJS from 'exceljs';
import type { CellValues, RowIssue } from './kinds.ts';
import { newWorkbook } from '../shared/excel-workbook.ts';

/**
 * Downloadable templates. Both formats carry the Turkish headers and one example row; the
 * importer skips the example left in place and refuses an edited one (exampleRowCheck), so it
 * never becomes data. In .xlsx the example is grey italic with a note, in CSV a comment line
 * above marks it.
 */

const EXAMPLE_NOTE =
  'ÖRNEK SATIR: yalnızca biçimi göstermek içindir. Kendi satırlarınızı ekleyin, bu satır değiştirilmeden bırakılırsa yüklemede atlanır.';

const CELL_FORMATS: Readonly<Record<ImportColumn['cell'], string>> = {
  text: 'Metin',
  number: 'Sayı (1234,56 veya 1.234,56 ya da 1234.56)',
  date: 'Tarih (GG.AA.YYYY veya YYYY-AA-GG)',
  boolean: 'Evet / Hayır',
  enum: 'Listeden bir değer',
};

/** Codes of the example row: no real record is named so (ORNEK-THYAO, ORNEKMUS...). */
const isExampleCode = (column: ImportColumn) =>
  typeof column.example === 'string' && column.example.startsWith('ORNEK');

/**
 * Whether a row of a file is the template's example (issue 22: keeping it created an instrument
 * `ORNEK-TRT150127T11` and replaced a stored USD rate). `columns` are the columns the file has,
 * in template order.
 * - 'skip': every filled cell holds the example's value (columns deleted or cells emptied
 *   included): the example left in place, which the template says is skipped;
 * - a refusal: the row names an example code but other cells were changed, so it is neither the
 *   example nor data (a row with a real code never is an example);
 * - null: an ordinary row.
 */
export function exampleRowCheck(
  columns: readonly ImportColumn[],
  values: CellValues,
): 'skip' | RowIssue | null {
  // Run for every row of every file: no array made per row.
  let filled = 0;
  let asExample = true;
  for (const c of columns) {
    const v = values[c.key];
    if (v === null || v === undefined) continue;
    filled += 1;
    if (v !== c.example) asExample = false;
  }
  if (filled > 0 && asExample) return 'skip';
  // The record's own code is the template's first column (an example instrument code in a
  // holdings row names an instrument, and the instrument lookup answers for it).
  const code = columns[0];
  const v = code === undefined ? null : values[code.key];
  if (code === undefined || v === null || v === undefined) return null;
  if (!isExampleCode(code) || v !== code.example) return null;
  return {
    columnKey: code.key,
    reason:
      'şablonun örnek satırındaki kod; örnek satır veri olarak yüklenmez: satırı silin ya da kendi kodunuzu yazın',
  };
}

export function exampleText(column: ImportColumn): string {
  const v = column.example;
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'Evet' : 'Hayır';
  if (typeof v === 'number') return String(v).replace('.', ',');
  if (column.cell === 'date') {
    const [y, m, d] = v.split('-');
    return `${d}.${m}.${y}`;
  }
  if (column.cell === 'enum') return column.options?.[v] ?? v;
  return v;
}

function exampleCell(column: ImportColumn): ExcelJS.CellValue {
  const v = column.example;
  if (v === null) return null;
  if (typeof v === 'number') return v;
  if (column.cell === 'date' && typeof v === 'string') {
    const [y, m, d] = v.split('-').map(Number);
    return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  }
  return exampleText(column);
}

function allowedValues(column: ImportColumn): string {
  if (!column.options) return '';
  return Object.entries(column.options)
    .map(([value, label]) => `${label} (${value})`)
    .join('; ');
}

/** The .xlsx template: data sheet (headers + example row) and the 'Açıklama' sheet. */
export async function buildTemplateXlsx(kind: ImportKind): Promise<Buffer> {
  const columns = IMPORT_COLUMNS[kind];
  const workbook = newWorkbook();
  workbook.creator = 'Fonrisk';
  const data = workbook.addWorksheet(IMPORT_KIND_LABELS[kind]);
  data.columns = columns.map((c) => ({
    header: c.label,
    key: c.key,
    width: Math.max(14, c.label.length + 4),
  }));
  const header = data.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E2F3' } };
  const example = data.addRow(columns.map(exampleCell));
  example.font = { italic: true, color: { argb: 'FF808080' } };
  columns.forEach((c, i) => {
    const cell = example.getCell(i + 1);
    if (c.cell === 'date') cell.numFmt = 'dd.mm.yyyy';
    else if (c.cell === 'number') cell.numFmt = '#,##0.########';
  });
  example.getCell(1).note = EXAMPLE_NOTE;
  data.views = [{ state: 'frozen', ySplit: 1 }];

  const help = workbook.addWorksheet('Açıklama');
  help.columns = [
    { header: 'Sütun Başlığı', key: 'label', width: 28 },
    { header: 'Anahtar', key: 'key', width: 28 },
    { header: 'Zorunlu', key: 'required', width: 10 },
    { header: 'Biçim', key: 'format', width: 36 },
    { header: 'Açıklama', key: 'description', width: 60 },
    { header: 'Örnek', key: 'example', width: 22 },
    { header: 'İzin Verilen Değerler', key: 'allowed', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of columns) {
    help.addRow({
      label: c.label,
      key: c.key,
      required: c.required ? 'Evet' : 'Hayır',
      format: CELL_FORMATS[c.cell],
      description: c.description,
      example: exampleText(c),
      allowed: allowedValues(c),
    });
  }
  help.addRow([]);
  help.addRow([
    `Başlık olarak Türkçe başlık ya da anahtar yazılabilir; büyük/küçük harf ve Türkçe karakter farkı önemsizdir.`,
  ]);
  help.addRow([`Veri sayfasının 2. satırı örnektir. ${EXAMPLE_NOTE}`]);
  help.addRow([
    'Bir satırda hata varsa dosyanın tamamı reddedilir ve tüm hatalar satır ve sütunlarıyla listelenir.',
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function csvField(value: string): string {
  return /[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The CSV template: UTF-8 with BOM (so Excel shows Turkish letters), ';' separators, Turkish
 * decimals, a '#' comment line marking the example row below it.
 */
export function buildTemplateCsv(kind: ImportKind): string {
  const columns = IMPORT_COLUMNS[kind];
  const lines = [
    columns.map((c) => csvField(c.label)).join(';'),
    `# ${EXAMPLE_NOTE}`,
    columns.map((c) => csvField(exampleText(c))).join(';'),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A file name for the template download, e.g. "fonrisk-sablon-prices.xlsx". */
export function templateFileName(kind: ImportKind, format: 'xlsx' | 'csv'): string {
  return `fonrisk-sablon-${kind}.${format}`;
}
