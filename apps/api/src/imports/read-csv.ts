import { CsvError } from 'csv-parse/sync';
import { parsedCsvRecords, plainCsvRecords, type CsvRecord } from './csv-records.ts';
import {
  MAX_IMPORT_ROWS,
  UnreadableFileError,
  tooManyRows,
  type RawTable,
  type RawRow,
} from './table.ts';

const TURKISH_1254 = /[çğıöşüÇĞİÖŞÜ]/;

/**
 * Where UTF-8 decoding fails: the offset of the first byte that is no part of a valid sequence
 * (null when the data is valid UTF-8), and whether the data holds any valid multi-byte sequence
 * (evidence that it was written as UTF-8).
 */
export function utf8Check(data: Uint8Array): { invalidAt: number | null; multibyte: boolean } {
  let multibyte = false;
  for (let i = 0; i < data.length;) {
    const b = data[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    const length =
      b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    let valid = length > 0 && i + length <= data.length;
    for (let k = 1; valid && k < length; k++) valid = (data[i + k]! & 0xc0) === 0x80;
    if (valid && length === 3) {
      const c = ((b & 0x0f) << 12) | ((data[i + 1]! & 0x3f) << 6);
      valid = c >= 0x800 && (c < 0xd800 || c > 0xdfff);
    }
    if (valid && length === 4) {
      const c = ((b & 0x07) << 18) | ((data[i + 1]! & 0x3f) << 12);
      valid = c >= 0x10000 && c <= 0x10ffff;
    }
    if (!valid) return { invalidAt: i, multibyte };
    multibyte = true;
    i += length;
  }
  return { invalidAt: null, multibyte };
}

/**
 * The encoding is decided on evidence (issue 22): valid UTF-8 throughout (with or without BOM),
 * as current tools write; otherwise Windows-1254, the Turkish code page older Excel versions use
 * for "CSV", but only when nothing in the file is UTF-8 and its letters beyond ASCII include
 * Turkish ones. A UTF-8 file with a bad byte is refused with that byte's row, never re-read as a
 * whole in another code page.
 */
export function decodeCsv(data: Uint8Array): string {
  const { invalidAt, multibyte } = utf8Check(data);
  if (invalidAt === null) return new TextDecoder('utf-8').decode(data);
  const row = data.subarray(0, invalidAt).filter((b) => b === 0x0a).length + 1;
  if (multibyte) {
    throw new UnreadableFileError(
      `dosya UTF-8 olarak yazılmış ama bu satırda geçersiz bir bayt (0x${data[invalidAt]!.toString(16).toUpperCase()}) var; dosyayı UTF-8 olarak yeniden kaydedin`,
      row,
    );
  }
  const text = new TextDecoder('windows-1254').decode(data);
  if (!TURKISH_1254.test(text)) {
    throw new UnreadableFileError(
      `dosyanın karakter kodlaması anlaşılamadı (0x${data[invalidAt]!.toString(16).toUpperCase()} baytı ne UTF-8 ne Türkçe Windows-1254): dosyayı UTF-8 olarak kaydedin`,
      row,
    );
  }
  return text;
}

/**
 * The separator is the one of ';', ',' and tab that occurs most often outside quotes in the
 * first line (Turkish Excel writes ';' because ',' is its decimal mark). Ties go to ';'.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ';';
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** Cells beyond the header are never dropped (issue 22): the row is refused. */
function tooManyCells(width: number, count: number, delimiter: string): string {
  const why =
    delimiter === ','
      ? "; virgülle ayrılmış dosyada ondalık virgül (1905331,25 gibi) sayıyı iki hücreye böler: sayıyı tırnak içine alın ya da sütunları ';' ile ayırın"
      : '';
  return `başlıkta ${width} sütun var, bu satırda ${count} hücre var${why}`;
}

/**
 * Reads a CSV file. Lines starting with '#' are comments (the template marks its example that
 * way); blank lines are kept as empty rows so that row numbers match what Excel shows. Parsing
 * stops one record past the row limit (decision 0056), and such a file is refused.
 */
export function readCsv(data: Uint8Array, maxRows = MAX_IMPORT_ROWS): RawTable {
  const text = decodeCsv(data);
  const delimiter = detectDelimiter(text.replace(/^\uFEFF/, ''));
  const limit = maxRows + 2;
  let records: CsvRecord[];
  try {
    records = plainCsvRecords(text, delimiter, limit) ?? parsedCsvRecords(text, delimiter, limit);
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? null;
      throw new UnreadableFileError(
        `CSV dosyası okunamadı${line ? ` (satır ${line} civarı)` : ''}: tırnak işaretlerini kontrol edin.`,
        line,
      );
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw new UnreadableFileError('Dosya boş: başlık satırı bulunamadı.', 1);
  if (header.rowNumber !== 1) {
    throw new UnreadableFileError('Başlık satırı dosyanın ilk satırı olmalı.', 1);
  }
  const width = header.record.length;
  const beyond = body[maxRows];
  if (beyond) throw tooManyRows(maxRows, beyond.rowNumber);
  const rows: RawRow[] = body.map(({ rowNumber, record }) => {
    for (let i = width; i < record.length; i++) {
      if (record[i]!.trim() !== '')
        throw new UnreadableFileError(tooManyCells(width, record.length, delimiter), rowNumber);
    }
    return { rowNumber, cells: record };
  });
  return { headers: header.record.map((h) => h.trim()), rows };
}
