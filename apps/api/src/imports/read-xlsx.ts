import type { RawCell } from './cells.ts';
import { MAX_IMPORT_ROWS, UnreadableFileError, type RawRow, type RawTable } from './table.ts';
import { ZipError, entryBytes, entryChunks, zipDirectory, type ZipEntry } from './zip-check.ts';

/**
 * The first worksheet of an .xlsx file, read as a stream (issue 22, decision 0056): the sheet's
 * XML is inflated piece by piece and scanned row by row, and reading stops at the first unreadable
 * cell or past the row limit, so a big or broken file is refused in about the time its bad part
 * takes to reach, with memory bounded by the row limit. Every zip entry's CRC is checked (the
 * sheet's at its end). Values are what a cell shows: a number, a text, a boolean, a date for a
 * number in a date format; a formula by its saved result, the cell then listed in
 * `formulaCells` so that the import can say so.
 */

/** True when the data starts like a zip archive (an .xlsx file), whatever its name says. */
export function looksLikeXlsx(data: Uint8Array): boolean {
  return (
    data.length > 3 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04
  );
}

/** A cell read from the saved result of its formula. */
export interface FormulaCell {
  /** The cell as Excel names it ('C5'). */
  readonly cell: string;
  readonly row: number;
  /** Its column's position (0-based), to name the header. */
  readonly index: number;
}

export interface XlsxTable extends RawTable {
  readonly formulaCells: readonly FormulaCell[];
}

export interface ReadXlsxOptions {
  /** The most data rows (after the header) read before the file is refused. */
  readonly maxRows?: number;
  /** Called with each row read, for tests that count how far the reader went. */
  readonly onRow?: (rowNumber: number) => void;
}

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

export function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (_, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return NAMED[name] ?? '';
  });
}

const ATTRIBUTE = /([\w:]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function attributes(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of text.matchAll(ATTRIBUTE)) {
    const name = m[1] ?? '';
    map.set(name.slice(name.indexOf(':') + 1), decodeXml(m[2] ?? m[3] ?? ''));
  }
  return map;
}

/** Elements `<name ...>...</name>` or `<name .../>`, with any namespace prefix. */
function elements(name: string): RegExp {
  return new RegExp(`<((?:[\\w.-]+:)?)${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</\\1${name}>)`, 'g');
}

const RUN_PHONETIC = /<(?:[\w.-]+:)?rPh\b[\s\S]*?<\/(?:[\w.-]+:)?rPh>/g;
const TEXT = elements('t');

/** The text of a shared or inline string: its `<t>` pieces joined (phonetic runs left out). */
function stringText(xml: string): string {
  let text = '';
  for (const m of xml.replace(RUN_PHONETIC, '').matchAll(TEXT)) text += decodeXml(m[3] ?? '');
  return text;
}

/** Excel's built-in number formats that show dates or times. */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A format code showing a date or time: a date letter outside quotes and brackets (as ExcelJS). */
function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** For each cell style index, whether it shows a date. */
function dateStyles(xml: string): boolean[] {
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(elements('numFmt'))) {
    const a = attributes(m[2] ?? '');
    custom.set(Number(a.get('numFmtId')), a.get('formatCode') ?? '');
  }
  const cellXfs = /<(?:[\w.-]+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?cellXfs>/.exec(xml);
  return [...(cellXfs?.[1] ?? '').matchAll(elements('xf'))].map((m) => {
    const id = Number(attributes(m[2] ?? '').get('numFmtId') ?? 0);
    const code = custom.get(id);
    return code === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(code);
  });
}

/** Column letters of a cell reference to a 1-based position ('C5' → 3). */
function columnOf(reference: string): number {
  let n = 0;
  for (const ch of reference) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + code - 64;
  }
  return n;
}

function columnLetters(position: number): string {
  let letters = '';
  for (let n = position; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

interface Workbook {
  readonly sheet: ZipEntry;
  readonly others: readonly ZipEntry[];
  readonly sharedStrings: readonly string[];
  readonly dates: readonly boolean[];
  readonly date1904: boolean;
}

const resolvePath = (target: string) =>
  target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;

async function openWorkbook(entries: readonly ZipEntry[]): Promise<Workbook> {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const text = async (name: string): Promise<string | null> => {
    const entry = byName.get(name);
    return entry ? (await entryBytes(entry)).toString('utf8') : null;
  };
  const workbook = await text('xl/workbook.xml');
  const rels = await text('xl/_rels/workbook.xml.rels');
  if (workbook === null || rels === null)
    throw new UnreadableFileError(
      'Excel dosyası okunamadı: dosya bozuk ya da .xlsx biçiminde değil.',
    );
  const targets = new Map<string, { type: string; path: string }>();
  for (const m of rels.matchAll(elements('Relationship'))) {
    const a = attributes(m[2] ?? '');
    targets.set(a.get('Id') ?? '', {
      type: a.get('Type') ?? '',
      path: resolvePath(a.get('Target') ?? ''),
    });
  }
  const first = elements('sheet').exec(workbook);
  const sheetPath = first ? targets.get(attributes(first[2] ?? '').get('id') ?? '')?.path : null;
  const sheet = sheetPath ? byName.get(sheetPath) : undefined;
  if (!sheet) throw new UnreadableFileError('Excel dosyasında çalışma sayfası yok.');
  const pathOf = (type: string) =>
    [...targets.values()].find((t) => t.type.endsWith(`/${type}`))?.path ?? '';
  const strings = await text(pathOf('sharedStrings'));
  const styles = await text(pathOf('styles'));
  const date1904 = /<(?:[\w.-]+:)?workbookPr\b[^>]*\bdate1904\s*=\s*["'](?:1|true)["']/.test(
    workbook,
  );
  const read = new Set(['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', sheet.name]);
  read.add(pathOf('sharedStrings')).add(pathOf('styles'));
  return {
    sheet,
    others: entries.filter((e) => !read.has(e.name)),
    sharedStrings:
      strings === null
        ? []
        : [...strings.matchAll(elements('si'))].map((m) => stringText(m[3] ?? '')),
    dates: styles === null ? [] : dateStyles(styles),
    date1904,
  };
}

const CELL = elements('c');
const VALUE = /<(?:[\w.-]+:)?v>([\s\S]*?)<\/(?:[\w.-]+:)?v>/;
const FORMULA = /<(?:[\w.-]+:)?f\b/;
const INLINE = /<(?:[\w.-]+:)?is>([\s\S]*?)<\/(?:[\w.-]+:)?is>/;
const ROW = elements('row');

/** Excel serial day to a Date at UTC (as ExcelJS: 1900 system, or 1904). */
function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

/** Why the cell cannot be read, or its value; `formula` when it came from a saved result. */
type CellRead =
  { readonly problem: string } | { readonly value: RawCell; readonly formula: boolean };

function readCell(book: Workbook, attrs: Map<string, string>, inner: string): CellRead {
  const type = attrs.get('t') ?? 'n';
  const formula = FORMULA.test(inner);
  const saved = VALUE.exec(inner);
  const raw = saved ? decodeXml(saved[1] ?? '') : null;
  if (type === 'e') {
    const error = raw ?? '#N/A';
    return {
      problem: formula
        ? `formülün sonucu '${error}' hata değeri; bir değer yazın ya da formülü düzeltin`
        : `'${error}' hata değeri var; bir değer yazın ya da hücreyi boşaltın`,
    };
  }
  if (type === 'inlineStr') {
    const inline = INLINE.exec(inner);
    return { value: inline ? stringText(inline[1] ?? '') : raw, formula };
  }
  if (raw === null) {
    if (formula)
      return {
        problem:
          'formülün kayıtlı bir sonucu yok; dosyayı Excel’de açıp yeniden kaydedin ya da değeri yazın',
      };
    return { value: null, formula: false };
  }
  let value: RawCell;
  if (type === 's') value = book.sharedStrings[Number(raw)] ?? null;
  else if (type === 'str') value = raw;
  else if (type === 'b') value = raw.trim() === '1' || raw.trim() === 'true';
  else if (type === 'd') value = new Date(raw);
  else {
    const n = Number(raw);
    const style = Number(attrs.get('s') ?? 0);
    value = raw.trim() === '' ? null : book.dates[style] === true ? excelDate(n, book.date1904) : n;
  }
  return { value, formula };
}

const displayText = (value: RawCell) => (value === null ? '' : String(value).trim());

/** Reads the first worksheet of an .xlsx file; row 1 is the header. */
export async function readXlsx(
  data: Uint8Array,
  { maxRows = MAX_IMPORT_ROWS, onRow }: ReadXlsxOptions = {},
): Promise<XlsxTable> {
  const entries = zipDirectory(data);
  if (typeof entries === 'string') throw new UnreadableFileError(`Excel dosyası bozuk: ${entries}`);
  try {
    const book = await openWorkbook(entries);
    const table = await readSheet(book, maxRows, onRow);
    for (const entry of book.others) for await (const _ of entryChunks(entry));
    return table;
  } catch (error) {
    if (error instanceof ZipError)
      throw new UnreadableFileError(`Excel dosyası bozuk: ${error.message}`);
    throw error;
  }
}

async function readSheet(
  book: Workbook,
  maxRows: number,
  onRow: ((rowNumber: number) => void) | undefined,
): Promise<XlsxTable> {
  let headers: string[] | null = null;
  const rows: RawRow[] = [];
  const formulaCells: FormulaCell[] = [];
  let previousRow = 0;

  const takeRow = (rowAttrs: string, inner: string) => {
    const rowNumber = Number(attributes(rowAttrs).get('r') ?? previousRow + 1);
    previousRow = rowNumber;
    onRow?.(rowNumber);
    const cells: RawCell[] = [];
    const formulas: FormulaCell[] = [];
    let previousColumn = 0;
    let any = false;
    for (const m of inner.matchAll(CELL)) {
      const attrs = attributes(m[2] ?? '');
      const reference = attrs.get('r');
      const position = reference ? columnOf(reference) : previousColumn + 1;
      previousColumn = position;
      const address = reference ?? `${columnLetters(position)}${String(rowNumber)}`;
      const read = readCell(book, attrs, m[3] ?? '');
      if (rowNumber === 1) {
        cells[position - 1] = 'value' in read ? read.value : null;
        continue;
      }
      const header = headers?.[position - 1] ?? '';
      if ('problem' in read)
        throw new UnreadableFileError(
          `${address} hücresinde ${read.problem}`,
          rowNumber,
          header || null,
        );
      const width = headers?.length ?? 0;
      if (position > width) {
        if (displayText(read.value) !== '')
          throw new UnreadableFileError(
            `${address} hücresi başlığı olan ${String(width)} sütunun dışında; başlık ekleyin ya da değeri silin`,
            rowNumber,
          );
        continue;
      }
      cells[position - 1] = read.value;
      if (read.value !== null) any = true;
      if (read.formula && displayText(read.value) !== '')
        formulas.push({ cell: address, row: rowNumber, index: position - 1 });
    }
    if (rowNumber === 1) {
      headers = Array.from(cells, (v) => displayText(v ?? null));
      return;
    }
    if (!any) return;
    if (headers === null || headers.length === 0)
      throw new UnreadableFileError('Dosya boş: başlık satırı (1. satır) bulunamadı.', 1);
    if (rows.length >= maxRows)
      throw new UnreadableFileError(
        `dosyada en fazla ${maxRows.toLocaleString('tr-TR')} veri satırı olabilir; bu satırda sınır aşıldı. Dosyayı bölerek yükleyin`,
        rowNumber,
      );
    const width = headers.length;
    rows.push({ rowNumber, cells: Array.from({ length: width }, (_, i) => cells[i] ?? null) });
    formulaCells.push(...formulas);
  };

  const decoder = new TextDecoder('utf-8');
  let pending = '';
  for await (const piece of entryChunks(book.sheet)) {
    pending += decoder.decode(piece, { stream: true });
    pending = scanRows(pending, takeRow);
  }
  scanRows(pending + decoder.decode(), takeRow);
  const found = headers as string[] | null;
  if (found === null || found.length === 0)
    throw new UnreadableFileError('Dosya boş: başlık satırı (1. satır) bulunamadı.', 1);
  return { headers: found, rows, formulaCells };
}

/** Takes the complete rows of `text`; returns what follows them (an incomplete row). */
function scanRows(text: string, take: (attrs: string, inner: string) => void): string {
  ROW.lastIndex = 0;
  let consumed = 0;
  for (let m = ROW.exec(text); m !== null; m = ROW.exec(text)) {
    take(m[2] ?? '', m[3] ?? '');
    consumed = ROW.lastIndex;
  }
  const rest = text.slice(consumed);
  // Keep only from the start of an unfinished row (the text before it holds no row).
  const open = rest.search(/<(?:[\w.-]+:)?row\b/);
  return open < 0 ? rest.slice(-64) : rest.slice(open);
}
