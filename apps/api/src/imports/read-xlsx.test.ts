import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readCsv } from './read-csv.ts';
import { readXlsx } from './read-xlsx.ts';
import { UnreadableFileError } from './table.ts';
import { xlsxOf } from './test-support.ts';

/** Issue 22 "Big files fail fast" (decision 0056): the sheet is read as a stream. */

/** A prices sheet of `rows` data rows written by ExcelJS's streaming writer (deflated). */
async function pricesSheet(rows: number, bad?: { row: number; cell: ExcelJS.CellValue }) {
  const chunks: Buffer[] = [];
  const { PassThrough } = await import('node:stream');
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false });
  const ws = wb.addWorksheet('Fiyatlar');
  ws.addRow(['Sembol', 'Tarih', 'Kapanış']).commit();
  for (let i = 0; i < rows; i++) {
    const close = bad && bad.row === i + 2 ? bad.cell : 100 + i / 100;
    ws.addRow([
      `HISSE${String(i % 7)}`,
      new Date(Date.UTC(2020, 0, 1 + (i % 300))),
      close,
    ]).commit();
  }
  ws.commit();
  await wb.commit();
  return new Uint8Array(Buffer.concat(chunks));
}

async function refusal(promise: Promise<unknown>): Promise<UnreadableFileError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof UnreadableFileError)) throw new Error(`not refused: ${String(error)}`);
  return error;
}

describe('streaming .xlsx reader', () => {
  it('refuses a file past the row limit at the first row beyond it, without reading the rest', async () => {
    const data = await pricesSheet(5_000);
    let read = 0;
    const error = await refusal(readXlsx(data, { maxRows: 100, onRow: () => (read += 1) }));
    expect(error.message).toBe(
      'dosyada en fazla 100 veri satırı olabilir; bu satırda sınır aşıldı. Dosyayı bölerek yükleyin',
    );
    expect(error.rowNumber).toBe(102);
    // The header, the 100 rows and the one past the limit: not the 5,000 rows of the sheet.
    expect(read).toBe(102);
  });

  it('abandons the sheet entry where the row limit is passed: the rest is never inflated', async () => {
    const data = await pricesSheet(20_000);
    const sizes = async (maxRows: number) => {
      let bytes = 0;
      let rows = 0;
      await readXlsx(data, {
        maxRows,
        onRow: () => (rows += 1),
        onSheetBytes: (n) => (bytes += n),
      }).catch((e: unknown) => {
        if (!(e instanceof UnreadableFileError)) throw e;
      });
      return { bytes, rows };
    };
    const whole = await sizes(20_000);
    const refused = await sizes(100);
    expect(whole.rows).toBe(20_001);
    expect(refused.rows).toBe(102);
    // At most the two 64 KiB pieces that hold the first 102 rows, of a sheet of over a megabyte.
    expect(whole.bytes).toBeGreaterThan(1_000_000);
    expect(refused.bytes).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  it('stops at the first unreadable cell', async () => {
    const data = await pricesSheet(5_000, { row: 40, cell: { error: '#N/A' } });
    let read = 0;
    const error = await refusal(readXlsx(data, { onRow: () => (read += 1) }));
    expect(error.message).toBe(
      "C40 hücresinde '#N/A' hata değeri var; bir değer yazın ya da hücreyi boşaltın",
    );
    expect(error.column).toBe('Kapanış');
    expect(read).toBe(40);
  });

  it('reads every row of a file within the limit, with dates and numbers as Excel shows them', async () => {
    const data = await pricesSheet(1_000);
    const table = await readXlsx(data, { maxRows: 1_000 });
    expect(table.headers).toEqual(['Sembol', 'Tarih', 'Kapanış']);
    expect(table.rows).toHaveLength(1_000);
    expect(table.rows[999]).toEqual({
      rowNumber: 1_001,
      cells: ['HISSE5', new Date(Date.UTC(2020, 0, 1 + (999 % 300))), 100 + 999 / 100],
    });
    expect(table.formulaCells).toEqual([]);
  });

  it('checks the CRC of the streamed sheet at its end', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Veri');
    ws.addRow(['Sembol', 'Tarih', 'Kapanış']);
    for (let i = 0; i < 50; i++) ws.addRow(['THYAO', `0${String(1 + (i % 9))}.01.2025`, 1234.1303]);
    const data = Buffer.from(await wb.xlsx.writeBuffer({ zip: { compression: 'STORE' } }));
    const at = data.lastIndexOf('1234.1303');
    data[at] = '9'.charCodeAt(0);
    expect((await refusal(readXlsx(new Uint8Array(data)))).message).toBe(
      "Excel dosyası bozuk: zip arşivindeki 'xl/worksheets/sheet1.xml' bölümünün sağlama toplamı tutmuyor",
    );
  });

  it('lists the cells read from a saved formula result, and reads entities and inline text', async () => {
    const data = await xlsxOf([
      ['Sembol', 'Tarih', 'Kapanış'],
      ['A&B <x>', '02.01.2025', { formula: '100+185.75', result: 285.75 }],
      ['THYAO', { formula: 'TODAY()', result: new Date(Date.UTC(2025, 0, 3)) }, 1],
    ]);
    const table = await readXlsx(data);
    expect(table.rows.map((r) => r.cells[0])).toEqual(['A&B <x>', 'THYAO']);
    expect(table.formulaCells).toEqual([
      { cell: 'C2', row: 2, index: 2 },
      { cell: 'B3', row: 3, index: 1 },
    ]);
  });
});

describe('CSV row limit', () => {
  it('refuses a CSV file past the row limit, naming the first row beyond it', () => {
    const lines = [
      'Sembol;Tarih;Kapanış',
      ...Array.from({ length: 10 }, () => 'THYAO;02.01.2025;1'),
    ];
    const error = (() => {
      try {
        readCsv(new TextEncoder().encode(lines.join('\r\n')), 4);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect((error as UnreadableFileError).rowNumber).toBe(6);
    expect(readCsv(new TextEncoder().encode(lines.slice(0, 5).join('\r\n')), 4).rows).toHaveLength(
      4,
    );
  });
});
