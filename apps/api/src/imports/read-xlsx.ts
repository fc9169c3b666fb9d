import ExcelJS from 'exceljs';
import type { RawCell } from './cells.ts';
import { UnreadableFileError, type RawTable, type RawRow } from './table.ts';
import { zipProblem } from './zip-check.ts';

/** ExcelJS cell values reduced to what a cell shows: rich text joined, formulas by result. */
export function cellValue(value: ExcelJS.CellValue): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    if (result === undefined || (typeof result === 'object' && !(result instanceof Date))) {
      return null;
    }
    return result;
  }
  if ('hyperlink' in value) return value.text;
  if ('error' in value) return value.error;
  return null;
}

/**
 * Why a cell cannot be read (issue 22), or null: a formula saved without its result, or an
 * error value (#N/A, #DIV/0!...) typed or computed. A formula with a saved result is read by it.
 */
export function cellProblem(value: ExcelJS.CellValue): string | null {
  if (value === null || typeof value !== 'object' || value instanceof Date) return null;
  if ('error' in value)
    return `'${value.error}' hata değeri var; bir değer yazın ya da hücreyi boşaltın`;
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    if (result === undefined)
      return 'formülün kayıtlı bir sonucu yok; dosyayı Excel’de açıp yeniden kaydedin ya da değeri yazın';
    if (typeof result === 'object' && 'error' in result)
      return `formülün sonucu '${result.error}' hata değeri; bir değer yazın ya da formülü düzeltin`;
  }
  return null;
}

/** True when the data starts like a zip archive (an .xlsx file), whatever its name says. */
export function looksLikeXlsx(data: Uint8Array): boolean {
  return (
    data.length > 3 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04
  );
}

/** Reads the first worksheet of an .xlsx file; row 1 is the header. */
export async function readXlsx(data: Uint8Array): Promise<RawTable> {
  const broken = zipProblem(data);
  if (broken !== null) throw new UnreadableFileError(`Excel dosyası bozuk: ${broken}`);
  const workbook = new ExcelJS.Workbook();
  try {
    // ExcelJS declares its own `Buffer` type; it reads a Node Buffer.
    await workbook.xlsx.load(
      Buffer.from(data.buffer, data.byteOffset, data.byteLength) as unknown as ArrayBuffer,
    );
  } catch {
    throw new UnreadableFileError(
      'Excel dosyası okunamadı: dosya bozuk ya da .xlsx biçiminde değil.',
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new UnreadableFileError('Excel dosyasında çalışma sayfası yok.');
  const headerRow = sheet.getRow(1);
  const width = headerRow.cellCount;
  if (width === 0)
    throw new UnreadableFileError('Dosya boş: başlık satırı (1. satır) bulunamadı.', 1);
  const headers: string[] = [];
  for (let c = 1; c <= width; c++) {
    const v = cellValue(headerRow.getCell(c).value);
    headers.push(v === null ? '' : String(v).trim());
  }
  const rows: RawRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: RawCell[] = [];
    row.eachCell({ includeEmpty: false }, (cell, c) => {
      const problem = cellProblem(cell.value);
      const header = headers[c - 1] ?? '';
      if (problem !== null)
        throw new UnreadableFileError(
          `${cell.address} hücresinde ${problem}`,
          rowNumber,
          header || null,
        );
      if (
        c > width &&
        cellValue(cell.value) !== null &&
        String(cellValue(cell.value)).trim() !== ''
      )
        throw new UnreadableFileError(
          `${cell.address} hücresi başlığı olan ${width} sütunun dışında; başlık ekleyin ya da değeri silin`,
          rowNumber,
        );
    });
    for (let c = 1; c <= width; c++) cells.push(cellValue(row.getCell(c).value));
    rows.push({ rowNumber, cells });
  });
  return { headers, rows };
}
