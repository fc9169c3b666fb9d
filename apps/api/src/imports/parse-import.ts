import type {
  AmbiguousNumber,
  CachedFormulaCell,
  ImportColumn,
  ImportKind,
  NumberFormat,
} from '@fonrisk/contracts';
import {
  displayCell,
  enumReader,
  invisibleCharacter,
  isBlank,
  normalizeName,
  readBoolean,
  readDate,
  readNumber,
  readText,
  type RawCell,
} from './cells.ts';
import {
  KIND_DEFINITIONS,
  type CellValues,
  type ImportLookups,
  type ImportRowByKind,
  type KindDefinition,
} from './kinds.ts';
import {
  NUMBER_FORMAT_NAMES,
  classifyNumber,
  decideFormat,
  writeNumber,
  type NumberCell,
} from './number-format.ts';
import { readCsv } from './read-csv.ts';
import { exampleRowCheck } from './templates.ts';
import { looksLikeXlsx, readXlsx, type FormulaCell } from './read-xlsx.ts';
import { UnreadableFileError, type RawTable } from './table.ts';

/**
 * One reason a file was rejected. `row` is the spreadsheet row (header = 1; null when the whole
 * file is unreadable), `column` the header as written in the file (or the expected Turkish label
 * when the column is missing), `value` the cell as the user sees it, `message` a Turkish sentence.
 */
export interface ImportError {
  readonly row: number | null;
  readonly column: string | null;
  readonly value: string;
  readonly message: string;
}

/** All rows, or every error; never a partial result. Example rows of the template are skipped. */
export type ImportResult<T> =
  | {
      readonly ok: true;
      readonly rows: T[];
      /** The file row (as Excel shows it) of each of `rows`. */
      readonly rowNumbers: number[];
      readonly skippedExampleRows: number[];
      /**
       * For each of `rows`, the keys of the columns the row leaves blank or the file lacks: a
       * re-import keeps the stored value of such a field (instruments, FX rates).
       */
      readonly blankColumns: (readonly string[])[];
      /** Cells read by the user's default format in a file that shows none (to confirm). */
      readonly ambiguousNumbers: AmbiguousNumber[];
      /** Cells of the accepted rows read from a saved formula result (.xlsx; decision 0056). */
      readonly cachedFormulaCells: CachedFormulaCell[];
    }
  | { readonly ok: false; readonly errors: ImportError[] };

export type ImportFormat = 'xlsx' | 'csv';

export interface ParseImportOptions {
  /** Defaults to .xlsx when the data is a zip archive, else CSV. */
  readonly format?: ImportFormat;
  readonly lookups?: ImportLookups;
  /** How a file whose numbers are all ambiguous is read (the user's setting; Turkish). */
  readonly defaultNumberFormat?: NumberFormat;
  /**
   * Where `lookups` and `defaultNumberFormat` come from the database: called once the file is
   * read and its headers are bound, so that an unreadable file or one of unknown or missing
   * columns is refused without a query. What it gives replaces the two options above.
   */
  readonly load?: () => Promise<Pick<ParseImportOptions, 'lookups' | 'defaultNumberFormat'>>;
}

export function formatError(
  row: number | null,
  column: string | null,
  value: string,
  reason: string,
): ImportError {
  const where = row === null ? 'Dosya' : `Satır ${row}`;
  const message =
    column === null
      ? `${where}: ${reason}.`
      : value === ''
        ? `${where}, '${column}' sütunu: ${reason}.`
        : `${where}, '${column}' sütunu: '${value}' ${reason}.`;
  return { row, column, value, message };
}

type Reader = (raw: RawCell) => string | number | boolean | undefined;

const READERS: Readonly<
  Record<Exclude<ImportColumn['cell'], 'enum'>, { read: Reader; reason: string }>
> = {
  text: { read: readText, reason: 'metin değil' },
  // Replaced by the file's format in `bindNumberFormats`.
  number: { read: (raw) => readNumber(raw, 'tr'), reason: 'sayı değil' },
  date: {
    read: readDate,
    reason: 'geçerli bir tarih değil (GG.AA.YYYY veya YYYY-AA-GG bekleniyor)',
  },
  boolean: { read: readBoolean, reason: 'evet/hayır değeri değil' },
};

interface BoundColumn {
  readonly column: ImportColumn;
  /** Position in the file, or -1 when the file has no such column. */
  readonly index: number;
  readonly header: string;
  readonly read: Reader;
  readonly reason: string;
}

/** Per kind, built once: each folded spelling of a header → its column (the last naming it). */
const COLUMNS_BY_NAME = new Map<ImportKind, ReadonlyMap<string, ImportColumn>>();

function columnsByName(kind: ImportKind): ReadonlyMap<string, ImportColumn> {
  const known = COLUMNS_BY_NAME.get(kind);
  if (known) return known;
  const byName = new Map<string, ImportColumn>();
  for (const column of KIND_DEFINITIONS[kind].columns) {
    for (const name of [column.key, column.label, ...(column.aliases ?? [])])
      byName.set(normalizeName(name), column);
  }
  COLUMNS_BY_NAME.set(kind, byName);
  return byName;
}

/** The reader of an enum column, built once per column (its vocabulary folded once). */
const ENUM_READERS = new WeakMap<ImportColumn, Reader>();

function enumReaderOf(column: ImportColumn): Reader {
  const known = ENUM_READERS.get(column);
  if (known) return known;
  const read = enumReader(column.options ?? {});
  ENUM_READERS.set(column, read);
  return read;
}

function bindColumns(
  kind: ImportKind,
  table: RawTable,
): { bound: BoundColumn[]; errors: ImportError[] } {
  const columns = KIND_DEFINITIONS[kind].columns;
  const byName = columnsByName(kind);
  const errors: ImportError[] = [];
  const positions = new Map<string, number>();
  table.headers.forEach((header, index) => {
    if (header === '') {
      if (table.rows.some((r) => !isBlank(r.cells[index] ?? null))) {
        errors.push(
          formatError(1, null, '', `${index + 1}. sütunun başlığı boş ama altında değerler var`),
        );
      }
      return;
    }
    const column = byName.get(normalizeName(header));
    if (!column) {
      errors.push(
        formatError(
          1,
          header,
          '',
          'tanınmayan sütun başlığı (şablonun Açıklama sayfasındaki başlıkları kullanın)',
        ),
      );
    } else if (positions.has(column.key)) {
      errors.push(
        formatError(
          1,
          header,
          '',
          `'${table.headers[positions.get(column.key) ?? 0]}' ile aynı sütunu gösteriyor; bir kez yazılmalı`,
        ),
      );
    } else {
      positions.set(column.key, index);
    }
  });
  for (const column of columns) {
    if (column.required && !positions.has(column.key)) {
      errors.push(formatError(1, column.label, '', 'zorunlu sütun dosyada yok'));
    }
  }
  const bound = columns.map((column): BoundColumn => {
    const index = positions.get(column.key) ?? -1;
    const header = index >= 0 ? (table.headers[index] ?? column.label) : column.label;
    if (column.cell === 'enum') {
      return {
        column,
        index,
        header,
        read: enumReaderOf(column),
        reason: 'listedeki değerlerden biri değil (şablonun Açıklama sayfasına bakın)',
      };
    }
    return { column, index, header, ...READERS[column.cell] };
  });
  return { bound, errors };
}

const TURKISH_LETTERS = /[çğıöşüÇĞİÖŞÜ]/;

/**
 * A header written in Turkish: a Turkish letter, or the column's Turkish label where that label
 * differs from its key (the international spelling every kind also accepts).
 */
export function isTurkishHeader(header: string, label: string, key: string): boolean {
  return (
    TURKISH_LETTERS.test(header) ||
    (normalizeName(header) === normalizeName(label) && normalizeName(label) !== normalizeName(key))
  );
}

/** A header row written in Turkish: one of its columns is. */
function hasTurkishHeader(bound: readonly BoundColumn[]): boolean {
  return bound.some(
    ({ column, index, header }) => index >= 0 && isTurkishHeader(header, column.label, column.key),
  );
}

/** The text cells of number columns, classified (a blank or numeric cell says nothing). */
export function numberCell(row: number, column: string, raw: RawCell): NumberCell | null {
  if (typeof raw !== 'string' || isBlank(raw)) return null;
  return { row, column, text: raw.trim(), form: classifyNumber(raw) };
}

export interface ScopeFormats {
  /** The format of each scope, in the order given. */
  readonly formats: NumberFormat[];
  /** Cells written in the other format than their scope: refused, naming the evidence. */
  readonly errors: ImportError[];
  /** Ambiguous cells read by the user's default: the 409 `ambiguousNumbers` to confirm. */
  readonly ambiguous: AmbiguousNumber[];
}

/**
 * Decides the number format of each scope (a CSV file, or a column of an Excel sheet) by
 * `decideFormat` (decision 0047) and words its outcome for the user: cells written in the other
 * format are errors, ambiguous cells read by the default are listed with both readings. Every
 * file kind that holds numbers (the import kinds, criteria files) goes through it.
 */
export function decideScopeFormats(
  scopes: readonly (readonly NumberCell[])[],
  turkishHeader: boolean,
  fallback: NumberFormat,
  perColumn: boolean,
): ScopeFormats {
  const formats: NumberFormat[] = [];
  const errors: ImportError[] = [];
  const ambiguous: AmbiguousNumber[] = [];
  const where = perColumn ? 'sütunun' : 'dosyanın';
  for (const cells of scopes) {
    const decision = decideFormat(cells, turkishHeader, fallback);
    formats.push(decision.format);
    for (const { cell, evidence } of decision.conflicts) {
      const other = decision.format === 'tr' ? 'intl' : 'tr';
      errors.push(
        formatError(
          cell.row,
          cell.column,
          cell.text,
          `${NUMBER_FORMAT_NAMES[other]} biçiminde yazılmış; ${where} geri kalanı ${NUMBER_FORMAT_NAMES[decision.format]} biçiminde (satır ${evidence.row}, '${evidence.column}' sütunu: '${evidence.text}'). Bir dosyada sayılar tek biçimde yazılmalı`,
        ),
      );
    }
    for (const cell of decision.ambiguous) {
      if (cell.form.kind !== 'ambiguous') continue;
      const format = decision.format;
      const other = format === 'tr' ? 'intl' : 'tr';
      const value = cell.form.values[format];
      const otherValue = cell.form.values[other];
      ambiguous.push({
        row: cell.row,
        column: cell.column,
        text: cell.text,
        format,
        value,
        otherValue,
        message: formatError(
          cell.row,
          cell.column,
          cell.text,
          `varsayılan ${NUMBER_FORMAT_NAMES[format]} biçimle ${writeNumber(value, format)} okundu; ${NUMBER_FORMAT_NAMES[other]} biçimde ${writeNumber(otherValue, format)} olurdu`,
        ).message,
      });
    }
  }
  errors.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return { formats, errors, ambiguous };
}

/**
 * Decides the number format (issue 21): one decision for a CSV file, one per column for the text
 * cells of an Excel sheet (its number cells are numbers). Binds each number column's reader to
 * it; cells written in the other format are errors, ambiguous cells read by the default are
 * listed for confirmation.
 */
function bindNumberFormats(
  table: RawTable,
  bound: readonly BoundColumn[],
  perColumn: boolean,
  fallback: NumberFormat,
): { bound: BoundColumn[]; errors: ImportError[]; ambiguous: AmbiguousNumber[] } {
  const numberColumns = bound.filter((b) => b.column.cell === 'number' && b.index >= 0);
  const cellsOf = (columns: readonly BoundColumn[]): NumberCell[] => {
    const found: NumberCell[] = [];
    for (const { rowNumber, cells } of table.rows) {
      for (const b of columns) {
        const cell = numberCell(rowNumber, b.header, cells[b.index] ?? null);
        if (cell !== null) found.push(cell);
      }
    }
    return found;
  };
  const scopes = perColumn ? numberColumns.map((b) => [b]) : [numberColumns];
  const { formats, errors, ambiguous } = decideScopeFormats(
    scopes.map(cellsOf),
    hasTurkishHeader(bound),
    fallback,
    perColumn,
  );
  const formatOf = new Map<string, NumberFormat>();
  scopes.forEach((scope, i) => {
    for (const b of scope) formatOf.set(b.column.key, formats[i]!);
  });
  return {
    bound: bound.map((b) => {
      const format = formatOf.get(b.column.key);
      return format === undefined ? b : { ...b, read: (raw: RawCell) => readNumber(raw, format) };
    }),
    errors,
    ambiguous,
  };
}

const cellAt = (b: BoundColumn, cells: readonly RawCell[]): RawCell =>
  b.index >= 0 ? (cells[b.index] ?? null) : null;

/** Errors of the row being read: at most one per column, sorted in the file's column order. */
class RowErrors {
  private errors: ImportError[] = [];
  private readonly failed = new Set<string>();
  private rowNumber = 0;
  private cells: readonly RawCell[] = [];
  private readonly boundByKey: ReadonlyMap<string, BoundColumn>;
  private readonly positionByHeader: ReadonlyMap<string, number>;

  constructor(bound: readonly BoundColumn[]) {
    this.boundByKey = new Map(bound.map((b) => [b.column.key, b]));
    this.positionByHeader = new Map(
      bound.filter((b) => b.index >= 0).map((b) => [b.header, b.index]),
    );
  }

  start(rowNumber: number, cells: readonly RawCell[]): void {
    this.rowNumber = rowNumber;
    this.cells = cells;
    if (this.errors.length > 0) this.errors = [];
    if (this.failed.size > 0) this.failed.clear();
  }

  get empty(): boolean {
    return this.errors.length === 0;
  }

  hasFailed(key: string): boolean {
    return this.failed.has(key);
  }

  fail(key: string | null, reason: string): void {
    if (key !== null) {
      if (this.failed.has(key)) return;
      this.failed.add(key);
    }
    const b = key === null ? undefined : this.boundByKey.get(key);
    const value = b ? displayCell(cellAt(b, this.cells)) : '';
    this.errors.push(formatError(this.rowNumber, b ? b.header : null, value, reason));
  }

  /** In the order of the file's columns, as the user reads the row. */
  sorted(): ImportError[] {
    const position = (e: ImportError) =>
      e.column === null ? -1 : (this.positionByHeader.get(e.column) ?? Infinity);
    return this.errors.sort((a, b) => position(a) - position(b));
  }
}

const TURKISH_FALLBACK = { error: () => 'geçersiz değer' };

/** No blank column: one shared array for the (many) full rows of a file. */
const NONE_BLANK: readonly string[] = Object.freeze([]);

function validateRows<T>(
  definition: KindDefinition<T>,
  table: RawTable,
  bound: readonly BoundColumn[],
  lookups: ImportLookups,
  ambiguousNumbers: AmbiguousNumber[],
  formulaCells: readonly FormulaCell[],
): ImportResult<T> {
  const errors: ImportError[] = [];
  const rows: T[] = [];
  const rowNumbers: number[] = [];
  const skippedExampleRows: number[] = [];
  const blankColumns: (readonly string[])[] = [];
  const seen = new Map<string, number>();
  const row = new RowErrors(bound);
  const fileColumns = bound.filter((b) => b.index >= 0).map((b) => b.column);

  for (const { rowNumber, cells } of table.rows) {
    if (cells.every(isBlank)) continue;
    row.start(rowNumber, cells);
    const values: CellValues = {};
    // The blank columns of a row that passes (every other null value fails its row).
    let blank: string[] | null = null;
    for (const b of bound) {
      const cell = cellAt(b, cells);
      if (isBlank(cell)) {
        values[b.column.key] = null;
        (blank ??= []).push(b.column.key);
        if (b.column.required) row.fail(b.column.key, 'boş bırakılamaz');
        continue;
      }
      const hidden = typeof cell === 'string' ? invisibleCharacter(cell) : null;
      if (hidden !== null) {
        values[b.column.key] = null;
        row.fail(b.column.key, hidden);
        continue;
      }
      const value = b.read(cell);
      if (value === undefined) row.fail(b.column.key, b.reason);
      values[b.column.key] = value ?? null;
    }
    if (row.empty) {
      const example = exampleRowCheck(fileColumns, values);
      if (example === 'skip') {
        skippedExampleRows.push(rowNumber);
        continue;
      }
      if (example !== null) {
        row.fail(example.columnKey, example.reason);
        errors.push(...row.sorted());
        continue;
      }
    }

    const { input, issues } = definition.build(values);
    for (const issue of issues) row.fail(issue.columnKey, issue.reason);
    const parsed = definition.schema.safeParse(input);
    if (parsed.success) {
      for (const issue of definition.lookup(parsed.data, lookups))
        row.fail(issue.columnKey, issue.reason);
      const unique = definition.uniqueBy;
      if (unique) {
        const key = unique.key(parsed.data);
        const first = seen.get(key);
        if (first === undefined) seen.set(key, rowNumber);
        else row.fail(unique.columnKey, `${unique.reason} (satır ${first})`);
      }
      if (row.empty) {
        rows.push(parsed.data);
        rowNumbers.push(rowNumber);
        blankColumns.push(blank ?? NONE_BLANK);
      }
    } else {
      // Parse again with a Turkish fallback for the few issues our schemas leave to zod's defaults.
      for (const issue of definition.schema.safeParse(input, TURKISH_FALLBACK).error?.issues ??
        []) {
        const key = definition.columnOf(issue.path);
        const blank = key !== null && values[key] === null && !row.hasFailed(key);
        row.fail(key, blank && issue.code !== 'custom' ? 'boş bırakılamaz' : issue.message);
      }
    }
    if (!row.empty) errors.push(...row.sorted());
  }
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0) {
    return {
      ok: false,
      errors: [
        formatError(
          null,
          null,
          '',
          'yüklenecek satır yok (başlık satırından sonra veri bulunamadı)',
        ),
      ],
    };
  }
  const skipped = new Set(skippedExampleRows);
  return {
    ok: true,
    rows,
    rowNumbers,
    skippedExampleRows,
    blankColumns,
    ambiguousNumbers: ambiguousNumbers.filter((a) => !skipped.has(a.row)),
    cachedFormulaCells: formulaCells
      .filter((f) => !skipped.has(f.row))
      .map((f) => ({ cell: f.cell, row: f.row, column: table.headers[f.index] ?? '' })),
  };
}

/**
 * Reads and validates an uploaded holdings, prices, FX-rates or instruments file (.xlsx or CSV).
 * Headers may be the column keys or their Turkish labels, in any case and spelling of
 * diacritics. The result holds every row, or every error of every bad row; never both.
 */
export async function parseImportFile<K extends ImportKind>(
  kind: K,
  data: Uint8Array,
  options: ParseImportOptions = {},
): Promise<ImportResult<ImportRowByKind[K]>> {
  let table: RawTable;
  let formulaCells: readonly FormulaCell[] = [];
  const format = options.format ?? (looksLikeXlsx(data) ? 'xlsx' : 'csv');
  try {
    if (format === 'xlsx') {
      const sheet = await readXlsx(data);
      table = sheet;
      formulaCells = sheet.formulaCells;
    } else table = readCsv(data);
  } catch (error) {
    if (error instanceof UnreadableFileError) {
      return {
        ok: false,
        errors: [formatError(error.rowNumber, error.column, '', error.message.replace(/\.$/, ''))],
      };
    }
    throw error;
  }
  const columns = bindColumns(kind, table);
  if (columns.errors.length > 0) return { ok: false, errors: columns.errors };
  const { lookups, defaultNumberFormat } = options.load ? await options.load() : options;
  const numbers = bindNumberFormats(
    table,
    columns.bound,
    format === 'xlsx',
    defaultNumberFormat ?? 'tr',
  );
  if (numbers.errors.length > 0) return { ok: false, errors: numbers.errors };
  const definition = KIND_DEFINITIONS[kind] as KindDefinition<ImportRowByKind[K]>;
  return validateRows(
    definition,
    table,
    numbers.bound,
    lookups ?? {},
    numbers.ambiguous,
    formulaCells,
  );
}
