import type { RawCell } from './cells.ts';
import {
  MAX_IMPORT_ROWS,
  UnreadableFileError,
  tooManyRows,
  type RawRow,
  type RawTable,
} from './table.ts';
import {
  ZipError,
  checkEntry,
  entryBytes,
  entryChunks,
  zipDirectory,
  type ZipEntry,
} from './zip-check.ts';

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
  /**
   * Called with the size of each inflated piece of the sheet, for tests and benches that check
   * that a refused sheet is abandoned where it fails, the rest never inflated.
   */
  readonly onSheetBytes?: (bytes: number) => void;
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
  // The common case, one plain `<t>`: no regular expression.
  if (xml.startsWith('<t>') && xml.endsWith('</t>') && xml.indexOf('<', 3) === xml.length - 4)
    return decodeXml(xml.slice(3, -4));
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

/** Excel serial day to a Date at UTC (as ExcelJS: 1900 system, or 1904). */
function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

/**
 * The value of attribute `name` in an opening tag's text (Excel writes `name="..."` after a
 * space; other white space is folded first).
 */
function attr(tag: string, name: string): string | undefined {
  let text = tag;
  let at = text.indexOf(` ${name}=`);
  if (at < 0) {
    if (!tag.includes('\n') && !tag.includes('\t') && !tag.includes('\r')) return undefined;
    text = tag.replace(/\s+/g, ' ');
    at = text.indexOf(` ${name}=`);
    if (at < 0) return undefined;
  }
  const open = at + name.length + 2;
  const quote = text[open];
  if (quote !== '"' && quote !== "'") return undefined;
  const end = text.indexOf(quote, open + 1);
  return end < 0 ? undefined : decodeXml(text.slice(open + 1, end));
}

/** The tags of one sheet, with the namespace prefix its root element uses ('' or 'x:'). */
class SheetTags {
  readonly row: string;
  readonly rowEnd: string;
  readonly cell: string;
  readonly cellEnd: string;
  readonly value: string;
  readonly valueEnd: string;
  readonly formula: string;
  readonly inline: string;
  readonly inlineEnd: string;
  constructor(prefix: string) {
    this.row = `<${prefix}row`;
    this.rowEnd = `</${prefix}row>`;
    this.cell = `<${prefix}c`;
    this.cellEnd = `</${prefix}c>`;
    this.value = `<${prefix}v>`;
    this.valueEnd = `</${prefix}v>`;
    this.formula = `<${prefix}f`;
    this.inline = `<${prefix}is>`;
    this.inlineEnd = `</${prefix}is>`;
  }
}

/** Where `<name` starts a tag of that name (not a longer one: `<c` but not `<col`), from `from`. */
function tagAt(text: string, open: string, from: number, until = text.length): number {
  for (let at = text.indexOf(open, from); at >= 0 && at < until; at = text.indexOf(open, at + 1)) {
    const next = text.charCodeAt(at + open.length);
    // '>' '/' or white space ends the name.
    if (next === 62 || next === 47 || next === 32 || next === 9 || next === 10 || next === 13)
      return at;
  }
  return -1;
}

/** Why the cell cannot be read, or its value; `formula` when it came from a saved result. */
type CellRead =
  { readonly problem: string } | { readonly value: RawCell; readonly formula: boolean };

function between(text: string, open: string, close: string): string | null {
  const at = text.indexOf(open);
  if (at < 0) return null;
  const end = text.indexOf(close, at + open.length);
  return end < 0 ? null : text.slice(at + open.length, end);
}

function readCell(book: Workbook, tags: SheetTags, tag: string, inner: string): CellRead {
  const type = attr(tag, 't') ?? 'n';
  const formula = tagAt(inner, tags.formula, 0) >= 0;
  const saved = between(inner, tags.value, tags.valueEnd);
  const raw = saved === null ? null : decodeXml(saved);
  if (type === 'e') {
    const error = raw ?? '#N/A';
    return {
      problem: formula
        ? `formülün sonucu '${error}' hata değeri; bir değer yazın ya da formülü düzeltin`
        : `'${error}' hata değeri var; bir değer yazın ya da hücreyi boşaltın`,
    };
  }
  if (type === 'inlineStr') {
    const inline = between(inner, tags.inline, tags.inlineEnd);
    return { value: inline === null ? raw : stringText(inline), formula };
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
  else if (raw.trim() === '') value = null;
  else {
    const n = Number(raw);
    value = book.dates[Number(attr(tag, 's') ?? 0)] === true ? excelDate(n, book.date1904) : n;
  }
  return { value, formula };
}

const displayText = (value: RawCell) => (value === null ? '' : String(value).trim());

/** Reads the first worksheet of an .xlsx file; row 1 is the header. */
export async function readXlsx(
  data: Uint8Array,
  { maxRows = MAX_IMPORT_ROWS, onRow, onSheetBytes }: ReadXlsxOptions = {},
): Promise<XlsxTable> {
  const entries = zipDirectory(data);
  if (typeof entries === 'string') throw new UnreadableFileError(`Excel dosyası bozuk: ${entries}`);
  try {
    const book = await openWorkbook(entries);
    const table = await readSheet(book, maxRows, onRow, onSheetBytes);
    for (const entry of book.others) await checkEntry(entry);
    return table;
  } catch (error) {
    if (error instanceof ZipError)
      throw new UnreadableFileError(`Excel dosyası bozuk: ${error.message}`);
    throw error;
  }
}

/** The rows of one sheet as they arrive: the header first, then data rows up to the limit. */
class SheetRows {
  headers: string[] | null = null;
  readonly rows: RawRow[] = [];
  readonly formulaCells: FormulaCell[] = [];
  private previousRow = 0;

  constructor(
    private readonly book: Workbook,
    private readonly tags: SheetTags,
    private readonly maxRows: number,
    private readonly onRow: ((rowNumber: number) => void) | undefined,
  ) {}

  /** One `<row>`: its opening tag's text and its content. */
  take(tag: string, inner: string): void {
    const rowNumber = Number(attr(tag, 'r') ?? this.previousRow + 1);
    this.previousRow = rowNumber;
    this.onRow?.(rowNumber);
    const { tags } = this;
    const headers = this.headers;
    const width = headers?.length ?? 0;
    const cells: RawCell[] = rowNumber === 1 ? [] : new Array<RawCell>(width).fill(null);
    const formulas: FormulaCell[] = [];
    let previousColumn = 0;
    let any = false;
    for (let at = tagAt(inner, tags.cell, 0); at >= 0;) {
      const close = inner.indexOf('>', at);
      if (close < 0) break;
      const selfClosing = inner.charCodeAt(close - 1) === 47;
      const cellTag = inner.slice(at + tags.cell.length, selfClosing ? close - 1 : close);
      let content = '';
      let next = close + 1;
      if (!selfClosing) {
        const end = inner.indexOf(tags.cellEnd, close);
        content = inner.slice(close + 1, end < 0 ? inner.length : end);
        next = end < 0 ? inner.length : end + tags.cellEnd.length;
      }
      at = tagAt(inner, tags.cell, next);
      const reference = attr(cellTag, 'r');
      const position = reference ? columnOf(reference) : previousColumn + 1;
      previousColumn = position;
      const read = readCell(this.book, tags, cellTag, content);
      if (rowNumber === 1) {
        cells[position - 1] = 'value' in read ? read.value : null;
        continue;
      }
      const address = reference ?? `${columnLetters(position)}${String(rowNumber)}`;
      if ('problem' in read)
        throw new UnreadableFileError(
          `${address} hücresinde ${read.problem}`,
          rowNumber,
          headers?.[position - 1] || null,
        );
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
      this.headers = Array.from(cells, (v) => displayText(v ?? null));
      return;
    }
    if (!any) return;
    if (width === 0)
      throw new UnreadableFileError('Dosya boş: başlık satırı (1. satır) bulunamadı.', 1);
    if (this.rows.length >= this.maxRows) throw tooManyRows(this.maxRows, rowNumber);
    this.rows.push({ rowNumber, cells });
    for (const f of formulas) this.formulaCells.push(f);
  }

  /** Takes the complete rows of `text`; returns what follows them (an unfinished row). */
  scan(text: string): string {
    const { tags } = this;
    let consumed = 0;
    for (let at = tagAt(text, tags.row, 0); at >= 0; at = tagAt(text, tags.row, consumed)) {
      const close = text.indexOf('>', at);
      if (close < 0) return text.slice(at);
      if (text.charCodeAt(close - 1) === 47) {
        this.take(text.slice(at + tags.row.length, close - 1), '');
        consumed = close + 1;
        continue;
      }
      const end = text.indexOf(tags.rowEnd, close);
      if (end < 0) return text.slice(at);
      this.take(text.slice(at + tags.row.length, close), text.slice(close + 1, end));
      consumed = end + tags.rowEnd.length;
    }
    // No row starts in the rest; keep its end, which may hold the first letters of one.
    return text.slice(Math.max(consumed, text.length - 16));
  }
}

const ROOT = /<([\w.-]+:)?worksheet\b/;

async function readSheet(
  book: Workbook,
  maxRows: number,
  onRow: ((rowNumber: number) => void) | undefined,
  onSheetBytes: ((bytes: number) => void) | undefined,
): Promise<XlsxTable> {
  const decoder = new TextDecoder('utf-8');
  let reader: SheetRows | null = null;
  let pending = '';
  for await (const piece of entryChunks(book.sheet)) {
    onSheetBytes?.(piece.length);
    pending += decoder.decode(piece, { stream: true });
    if (reader === null) {
      const root = ROOT.exec(pending);
      if (root === null) continue;
      reader = new SheetRows(book, new SheetTags(root[1] ?? ''), maxRows, onRow);
    }
    pending = reader.scan(pending);
  }
  pending += decoder.decode();
  reader ??= new SheetRows(book, new SheetTags(ROOT.exec(pending)?.[1] ?? ''), maxRows, onRow);
  reader.scan(pending);
  const headers = reader.headers;
  if (headers === null || headers.length === 0)
    throw new UnreadableFileError('Dosya boş: başlık satırı (1. satır) bulunamadı.', 1);
  return { headers, rows: reader.rows, formulaCells: reader.formulaCells };
}
