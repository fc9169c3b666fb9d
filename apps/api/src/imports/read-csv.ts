import { parse, CsvError } from 'csv-parse/sync';
import { UnreadableFileError, type RawTable, type RawRow } from './table.ts';

/**
 * UTF-8 (with or without BOM) as written by current tools; a file that is not valid UTF-8 is read
 * as Windows-1254, the Turkish code page older Excel versions use for "CSV".
 */
export function decodeCsv(data: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1254').decode(data);
  }
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

interface CsvRecord {
  record: string[];
  info: { records: number; comment_lines: number };
}

/**
 * Reads a CSV file. Lines starting with '#' are comments (the template marks its example that
 * way); blank lines are kept as empty rows so that row numbers match what Excel shows.
 */
export function readCsv(data: Uint8Array): RawTable {
  const text = decodeCsv(data);
  let records: CsvRecord[];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')),
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      comment: '#',
      comment_no_infix: true,
      info: true,
    }) as unknown as CsvRecord[];
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
  const headerRow = header.info.records + header.info.comment_lines;
  if (headerRow !== 1) {
    throw new UnreadableFileError('Başlık satırı dosyanın ilk satırı olmalı.', 1);
  }
  const rows: RawRow[] = body.map(({ record, info }) => ({
    // Comment lines are rows in Excel too; a quoted multi-line field is still one row.
    rowNumber: info.records + info.comment_lines,
    cells: record,
  }));
  return { headers: header.record.map((h) => h.trim()), rows };
}
