/**
 * Import benchmark (issue 4: 100,000 price rows load in under 10 seconds). Writes a 100,000-row
 * prices file as CSV (Turkish style: ';' and decimal commas) and as .xlsx (date and number
 * cells) into a temporary directory, then times parse + validation of each.
 * Run: node --import tsx bench/import.ts [rows]
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { parseImportFile } from '../apps/api/src/imports/index.ts';

const ROWS = Number(process.argv[2] ?? 100_000);
const LIMIT_SECONDS = 10;
const TICKERS = 40;
const DAY_MS = 86_400_000;

function row(i: number): { ticker: string; date: Date; close: number } {
  return {
    ticker: `HISSE${String(i % TICKERS).padStart(2, '0')}`,
    date: new Date(Date.UTC(2010, 0, 1) + Math.floor(i / TICKERS) * DAY_MS),
    close: Math.round((50 + ((i * 7919) % 100_000) / 137) * 10_000) / 10_000,
  };
}

async function writeCsv(path: string): Promise<void> {
  const lines = ['Sembol;Tarih;Kapanış'];
  for (let i = 0; i < ROWS; i++) {
    const r = row(i);
    const d = r.date;
    const date = `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
    lines.push(`${r.ticker};${date};${String(r.close).replace('.', ',')}`);
  }
  await writeFile(path, `\uFEFF${lines.join('\r\n')}\r\n`);
}

async function writeXlsx(path: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: true,
  });
  const sheet = workbook.addWorksheet('Fiyatlar');
  sheet.addRow(['Sembol', 'Tarih', 'Kapanış']).commit();
  for (let i = 0; i < ROWS; i++) {
    const r = row(i);
    sheet.addRow([r.ticker, r.date, r.close]).commit();
  }
  sheet.commit();
  await workbook.commit();
}

async function time(label: string, path: string): Promise<number> {
  const data = await readFile(path);
  const started = performance.now();
  const result = await parseImportFile('prices', data);
  const seconds = (performance.now() - started) / 1000;
  if (!result.ok)
    throw new Error(
      `${label}: ${result.errors
        .slice(0, 3)
        .map((e) => e.message)
        .join(' | ')}`,
    );
  if (result.rows.length !== ROWS)
    throw new Error(`${label}: ${result.rows.length} rows instead of ${ROWS}`);
  const mb = (data.byteLength / 1_048_576).toFixed(1);
  console.log(
    `${label.padEnd(5)} ${ROWS} rows, ${mb} MB: parse + validate ${seconds.toFixed(2)} s`,
  );
  return seconds;
}

const dir = await mkdtemp(join(tmpdir(), 'fonrisk-bench-import-'));
try {
  const csvPath = join(dir, 'prices.csv');
  const xlsxPath = join(dir, 'prices.xlsx');
  await writeCsv(csvPath);
  await writeXlsx(xlsxPath);
  const worst = Math.max(await time('csv', csvPath), await time('xlsx', xlsxPath));
  console.log(
    worst < LIMIT_SECONDS ? `OK: under ${LIMIT_SECONDS} s` : `SLOW: over ${LIMIT_SECONDS} s`,
  );
  if (worst >= LIMIT_SECONDS) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
