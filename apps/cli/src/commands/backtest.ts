// `fonrisk backtest`: exceptions, Kupiec, Christoffersen, Basel traffic light and SPK thresholds.
import {
  baselTrafficLight,
  christoffersenTest,
  exceptions,
  kupiecTest,
  spkBacktestThresholds,
} from '@fonrisk/risk';
import { confidenceOption, parseOptions } from '../args.ts';
import { type Column, findColumn, requireObservations } from '../columns.ts';
import { CliError, cellError } from '../errors.ts';
import { type SeriesTable, readSeriesTable } from '../read-table.ts';

export const help = `fonrisk backtest (--hits DOSYA [--column SÜTUN] | --pnl DOSYA --var DOSYA) [--confidence 0.99]
  Aşım sayısı, Kupiec ve Christoffersen testleri, Basel trafik ışığı ve SPK eşikleri
  (son 250 gözlemde 3'ten fazla aşım: model gözden geçirilmeli; 5'ten fazla: SPK'ya rapor).
  --pnl ve --var dosyalarında RMD pozitif kayıp olarak verilir; ortak tarihler kullanılır.`;

/** SPK Rehber §7.6.4 counts exceptions over the most recent 250 business days. */
const SPK_WINDOW = 250;

export async function run(args: readonly string[]): Promise<unknown> {
  const o = parseOptions(args, {
    hits: { type: 'string' },
    column: { type: 'string' },
    pnl: { type: 'string' },
    var: { type: 'string' },
    confidence: { type: 'string' },
  });
  const confidenceLevel = confidenceOption(o.confidence, 'confidence', 0.99);
  const hits =
    typeof o.hits === 'string'
      ? await hitsFromFile(o.hits, o.column)
      : await hitsFromPnl(o.pnl, o.var, o.column);
  const n = hits.length;
  const count = hits.reduce((s, h) => s + h, 0);
  const recent = hits.subarray(Math.max(0, n - SPK_WINDOW)).reduce((s, h) => s + h, 0);
  const traffic = baselTrafficLight(count, n, confidenceLevel);
  return {
    observations: n,
    exceptions: count,
    expectedExceptions: n * (1 - confidenceLevel),
    kupiec: kupiecTest(hits, confidenceLevel),
    christoffersen: christoffersenTest(hits, confidenceLevel),
    basel: traffic,
    spk: spkBacktestThresholds(recent),
  };
}

function pickColumn(table: SeriesTable, name: string | boolean | undefined): Column {
  if (typeof name === 'string') return findColumn(table, name);
  if (table.columns.length !== 1) {
    throw cellError(
      { file: table.file, row: 1 },
      `birden çok sütun var (${table.columns.map((c) => c.name).join(', ')}); --column ile seçin`,
    );
  }
  return table.columns[0]!;
}

async function hitsFromFile(
  file: string,
  columnName: string | boolean | undefined,
): Promise<Uint8Array> {
  const table = await readSeriesTable(file);
  const column = pickColumn(table, columnName);
  const hits: number[] = [];
  column.values.forEach((v, r) => {
    if (v === null) return;
    if (v !== 0 && v !== 1)
      throw cellError(
        { file, ...rowField(rowOf(table, r)), column: column.name },
        `aşım 0 ya da 1 olmalı, verilen: ${v}`,
      );
    hits.push(v);
  });
  requireObservations(table, column.name, hits.length, 2);
  return Uint8Array.from(hits);
}

/** The file row of data row r (tables are sorted by date, not necessarily in file order). */
function rowOf(table: SeriesTable, r: number): number | undefined {
  return table.rows?.[r];
}

function rowField(row: number | undefined): { row?: number } {
  return row === undefined ? {} : { row };
}

async function hitsFromPnl(
  pnlFile: string | boolean | undefined,
  varFile: string | boolean | undefined,
  columnName: string | boolean | undefined,
): Promise<Uint8Array> {
  if (typeof pnlFile !== 'string' || typeof varFile !== 'string') {
    throw new CliError('--hits DOSYA ya da birlikte --pnl DOSYA --var DOSYA gerekli');
  }
  const pnlTable = await readSeriesTable(pnlFile);
  const varTable = await readSeriesTable(varFile);
  const pnl = pickColumn(pnlTable, columnName);
  const risk = pickColumn(
    varTable,
    typeof columnName === 'string' && varTable.columns.length > 1 ? columnName : undefined,
  );
  const varByDate = new Map<string, number>();
  varTable.dates.forEach((d, r) => {
    const v = risk.values[r];
    if (v !== null && v !== undefined) varByDate.set(d, v);
  });
  const p: number[] = [];
  const v: number[] = [];
  pnlTable.dates.forEach((d, r) => {
    const x = pnl.values[r];
    const y = varByDate.get(d);
    if (x !== null && x !== undefined && y !== undefined) {
      p.push(x);
      v.push(y);
    }
  });
  requireObservations(pnlTable, pnl.name, p.length, 2);
  return exceptions(p, v);
}
