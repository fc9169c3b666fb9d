import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, type ImportColumn, type ImportKind } from '@fonrisk/contracts';
import { exampleText } from './templates.ts';
import { crc32 } from './zip-check.ts';

/**
 * Files for import tests: the template's example row of a kind (its first cell changed, so that
 * it is data), with chosen cells replaced, written as CSV.
 */
export function exampleRow(kind: ImportKind): Record<string, string> {
  const columns = IMPORT_COLUMNS[kind];
  const row = Object.fromEntries(columns.map((c) => [c.key, exampleText(c)]));
  const first = columns[0]!;
  row[first.key] = kind === 'fxRates' ? 'EUR' : `${row[first.key] ?? ''}2`;
  return row;
}

/** The number columns of a kind whose example row has a value. */
export function exampleNumberColumns(kind: ImportKind): ImportColumn[] {
  return IMPORT_COLUMNS[kind].filter((c) => c.cell === 'number' && typeof c.example === 'number');
}

export interface CsvOptions {
  /** Headers as Turkish labels (the template) or as column keys. */
  readonly headers?: 'label' | 'key';
  readonly delimiter?: string;
}

const quote = (value: string, delimiter: string) =>
  value.includes(delimiter) || /["\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/** A CSV file of rows given by column key (missing keys are empty cells). */
export function csvOf(
  kind: ImportKind,
  rows: readonly Readonly<Record<string, string>>[],
  { headers = 'label', delimiter = ';' }: CsvOptions = {},
): Uint8Array {
  const columns = IMPORT_COLUMNS[kind];
  const line = (cells: readonly string[]) => cells.map((c) => quote(c, delimiter)).join(delimiter);
  const text = [
    line(columns.map((c) => (headers === 'label' ? c.label : c.key))),
    ...rows.map((r) => line(columns.map((c) => r[c.key] ?? ''))),
  ].join('\r\n');
  return new TextEncoder().encode(`${text}\r\n`);
}

/** An .xlsx file whose first sheet holds `rows` (row 1 the header). */
export async function xlsxOf(rows: readonly unknown[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Veri');
  for (const row of rows) ws.addRow(row);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/**
 * The fields a zip entry's local header (at 4) and its central-directory record (at 6) share:
 * version needed, flags, method (deflated), time, date, CRC, sizes, name length.
 */
function entryFields(header: Buffer, at: number, raw: Buffer, packed: Buffer, name: Buffer) {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(8, at + 4);
  header.writeUInt32LE(crc32(raw), at + 10);
  header.writeUInt32LE(packed.length, at + 14);
  header.writeUInt32LE(raw.length, at + 18);
  header.writeUInt16LE(name.length, at + 22);
}

/** A zip archive of text entries, each deflated with its CRC (fast: no ExcelJS, no JSZip). */
export function zipOf(files: Readonly<Record<string, string>>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [fileName, text] of Object.entries(files)) {
    const raw = Buffer.from(text);
    const packed = deflateRawSync(raw);
    const name = Buffer.from(fileName);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    entryFields(local, 4, raw, packed, name);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    entryFields(central, 6, raw, packed, name);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org';

/**
 * A one-sheet .xlsx around the sheet's `<row>` elements; cell style 1 shows dates (built-in
 * format 14), style 0 is General.
 */
export function workbookOf(rowsXml: string): Buffer {
  return zipOf({
    '[Content_Types].xml': `<?xml version="1.0"?><Types xmlns="${NS}/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships"><sheets><sheet name="Veri" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${NS}/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': `<?xml version="1.0"?><styleSheet xmlns="${NS}/spreadsheetml/2006/main"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData>${rowsXml}</sheetData></worksheet>`,
  });
}

const xmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A text cell (inline string) at a 1-based row and column. */
export function textCell(row: number, column: number, text: string): string {
  const ref = `${String.fromCharCode(64 + column)}${String(row)}`;
  return `<c r="${ref}" t="inlineStr"><is><t>${xmlText(text)}</t></is></c>`;
}

/**
 * An .xlsx of text cells (row 1 the header) as a person types them, written in memory without
 * ExcelJS: the cheap file of generated tests (fuzzing writes thousands). At most 26 columns.
 */
export function textXlsx(rows: readonly (readonly string[])[]): Buffer {
  return workbookOf(
    rows
      .map(
        (cells, r) =>
          `<row r="${String(r + 1)}">${cells.map((c, i) => (c === '' ? '' : textCell(r + 1, i + 1, c))).join('')}</row>`,
      )
      .join(''),
  );
}
