// The packed series read composes (decision 0081): its answer for some tickers over a window is
// each ticker's row read alone over any window that contains it, restricted to the window, in the
// byte order of the tickers. The worker's per-series cache relies on every part of this.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOver, type QueryClient } from '../client.ts';
import { poolOf } from '../raw-sql.ts';
import { marketValues, marketValuesDerived } from '../schema/index.ts';
import { createTestDatabase, insertTryPriceSeries, type TestDatabase } from '../testing.ts';
import {
  SERIES_COLUMNS_MARK,
  compareTickers,
  isSeriesColumnsRow,
  seriesColumnsRequest,
  seriesColumnsValues,
  isoOfDay,
  sliceSeriesColumnsRow,
  type SeriesColumnsRow,
} from './series-columns-statement.ts';
import { readSeriesColumns, readSeriesValues, type PriceBasis } from './series-values.ts';

// Upper and lower case, digits, a dot and Turkish letters: orders that differ between collations.
const TICKERS = ['ZOREN', 'a.b', 'AKBNK', 'ÇELHA', 'Şişe', 'B2', 'b1', 'İSCTR', 'A', 'EMPTY'];

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await insertTryPriceSeries(t.db, TICKERS);
  const rows: { ticker: string; date: string; value: number }[] = [];
  TICKERS.forEach((ticker, i) => {
    if (ticker === 'EMPTY') return;
    for (let d = 1; d <= 28; d++) {
      // Holes: each ticker misses other days, so the series' calendars differ.
      if ((d + i) % 5 === 0) continue;
      rows.push({ ticker, date: `2025-02-${String(d).padStart(2, '0')}`, value: 100 + i + d / 7 });
    }
  });
  await t.db.insert(marketValues).values(rows);
  await t.db
    .insert(marketValuesDerived)
    .values(
      rows
        .filter((r) => r.ticker.startsWith('A'))
        .map((r) => ({ ...r, adjusted: r.value / 3, totalReturn: r.value * 1.1 })),
    );
});
afterAll(async () => {
  await t.drop();
});

interface Sent {
  readonly text: string;
  readonly values: unknown[];
  readonly rows: unknown[];
}

/** readSeriesColumns through a client that keeps the statement it sent and the driver's rows. */
async function readCapturing(
  tickers: readonly string[],
  from: string,
  to: string,
  basis: PriceBasis,
): Promise<Sent> {
  const pool = poolOf(t.db);
  let sent: Sent | null = null;
  const client: QueryClient = {
    async query(config, values) {
      const answer = await pool.query(config as never, values);
      sent = { text: config.text, values: values ?? [], rows: answer.rows };
      return answer;
    },
  };
  await readSeriesColumns(databaseOver(client), { tickers, from, to, basis });
  return sent!;
}

async function send(text: string, values: unknown[]): Promise<SeriesColumnsRow[]> {
  const answer = await poolOf(t.db).query(text, values);
  return answer.rows as SeriesColumnsRow[];
}

describe('the packed series read as the per-series cache composes it', () => {
  it('carries its mark and its request, and answers in byte order of the tickers', async () => {
    const sent = await readCapturing(TICKERS, '2025-02-03', '2025-02-20', 'raw');
    expect(sent.text.startsWith(SERIES_COLUMNS_MARK)).toBe(true);
    expect(seriesColumnsRequest(sent.values)).toEqual({
      tickers: TICKERS,
      from: '2025-02-03',
      to: '2025-02-20',
    });
    const order = (sent.rows as SeriesColumnsRow[]).map((r) => r.ticker);
    expect(order).toEqual(TICKERS.filter((x) => x !== 'EMPTY').sort(compareTickers));
    expect(sent.rows.every(isSeriesColumnsRow)).toBe(true);
  });

  it.each<PriceBasis>(['raw', 'adjusted', 'totalReturn'])(
    'composes on the %s basis: each ticker read alone over a wider window, sliced, the same bytes',
    async (basis) => {
      const wide = await readCapturing(TICKERS, '2025-02-01', '2025-02-28', basis);
      const narrow = await readCapturing(TICKERS, '2025-02-06', '2025-02-17', basis);
      expect(narrow.text).toBe(wide.text);
      const composed: SeriesColumnsRow[] = [];
      for (const ticker of [...TICKERS].sort(compareTickers)) {
        // Each ticker on its own, through the same text with other values.
        const [row] = await send(
          wide.text,
          seriesColumnsValues({ tickers: [ticker], from: '2025-02-01', to: '2025-02-28' }),
        );
        const sliced = row ? sliceSeriesColumnsRow(row, '2025-02-06', '2025-02-17') : null;
        if (sliced) composed.push(sliced);
      }
      expect(composed.map((r) => r.ticker)).toEqual(
        (narrow.rows as SeriesColumnsRow[]).map((r) => r.ticker),
      );
      composed.forEach((row, i) => {
        const read = narrow.rows[i] as SeriesColumnsRow;
        expect(Buffer.compare(row.days, read.days), row.ticker).toBe(0);
        expect(Buffer.compare(row.vals, read.vals), row.ticker).toBe(0);
      });
    },
  );

  it('slices to nothing outside the row and to the whole row for its own window', async () => {
    const [row] = await send(
      (await readCapturing(['A'], '2025-02-01', '2025-02-28', 'raw')).text,
      seriesColumnsValues({ tickers: ['A'], from: '2025-02-01', to: '2025-02-28' }),
    );
    expect(sliceSeriesColumnsRow(row!, '2025-02-01', '2025-02-28')).toBe(row);
    expect(sliceSeriesColumnsRow(row!, '2025-03-01', '2025-03-31')).toBeNull();
    expect(sliceSeriesColumnsRow(row!, '2025-01-01', '2025-01-31')).toBeNull();
    // A window inside a hole of A (day 4 missing: (4 + 8) % 5 ≠ 0, day 2: (2 + 8) % 5 = 0).
    expect(sliceSeriesColumnsRow(row!, '2025-02-02', '2025-02-02')).toBeNull();
    expect(sliceSeriesColumnsRow(row!, '2025-02-03', '2025-02-03')?.days.length).toBe(4);
  });

  it('recognises only values of its own shape', () => {
    expect(seriesColumnsRequest([['A'], '2025-01-01'])).toBeNull();
    expect(seriesColumnsRequest(['A', '2025-01-01', '2025-01-02'])).toBeNull();
    expect(seriesColumnsRequest([[1], '2025-01-01', '2025-01-02'])).toBeNull();
    expect(seriesColumnsRequest([['A'], '2025-01-01', new Date()])).toBeNull();
    expect(seriesColumnsRequest([['A'], '1.1.2025', '2025-01-02'])).toBeNull();
    expect(isSeriesColumnsRow({ ticker: 'A', days: Buffer.alloc(4), vals: Buffer.alloc(4) })).toBe(
      false,
    );
  });

  it.each<PriceBasis>(['raw', 'adjusted', 'totalReturn'])(
    'holds on the %s basis the values of the unpacked read, each ticker once however often asked',
    async (basis) => {
      // A ticker asked twice, one with no values, one unknown; on 2025-02-04, b1 and a.b have
      // none ((4 + 6) % 5 = 0, (4 + 1) % 5 = 0).
      const asked = ['b1', 'A', 'EMPTY', 'b1', 'NONE', 'a.b', 'AKBNK', 'ZOREN'];
      for (const [from, to] of [
        ['2025-02-04', '2025-02-19'],
        ['2025-02-04', '2025-02-04'],
      ] as const) {
        const packed = await readSeriesColumns(t.db, { tickers: asked, from, to, basis });
        const plain = await readSeriesValues(t.db, { tickers: asked, from, to, basis });
        const tickers = [...new Set(plain.map((p) => p.ticker))].sort(compareTickers);
        expect(tickers.length).toBeGreaterThan(1);
        expect(packed.map((c) => c.ticker)).toEqual(tickers);
        for (const column of packed) {
          const points = plain.filter((p) => p.ticker === column.ticker);
          expect([...column.days].map(isoOfDay), column.ticker).toEqual(points.map((p) => p.date));
          expect([...column.values], column.ticker).toEqual(points.map((p) => p.value));
        }
      }
    },
  );
});
