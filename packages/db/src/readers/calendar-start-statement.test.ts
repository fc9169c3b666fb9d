// The window's first date composes (decision 0081): the database's answer to the first-date
// statement equals the one formed from each ticker's latest days in packed rows that reach the
// date, on calendars with holes, for any count of days and any date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOver, type QueryClient } from '../client.ts';
import { poolOf } from '../raw-sql.ts';
import { readMarketWindow } from '../read/market.ts';
import { marketValues } from '../schema/index.ts';
import { createTestDatabase, insertTryPriceSeries, type TestDatabase } from '../testing.ts';
import {
  CALENDAR_START_MARK,
  calendarStartOf,
  calendarStartOfRows,
  calendarStartRequest,
  calendarStartValues,
  latestDaysOfAnswer,
  latestDaysStatement,
} from './calendar-start-statement.ts';
import {
  SERIES_COLUMNS_MARK,
  latestDaysOnOrBefore,
  seriesColumnsValues,
  type SeriesColumnsRow,
} from './series-columns-statement.ts';

const TICKERS = ['AAA', 'BBB', 'CCC', 'DDD'];
const DATES = Array.from({ length: 60 }, (_, k) =>
  new Date(Date.UTC(2025, 0, 1 + k)).toISOString().slice(0, 10),
);

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await insertTryPriceSeries(t.db, TICKERS);
  // Holes of their own (each ticker misses other days); DDD starts late.
  await t.db
    .insert(marketValues)
    .values(
      TICKERS.flatMap((ticker, i) =>
        DATES.flatMap((date, k) =>
          (k * (i + 2)) % 7 === 3 || (ticker === 'DDD' && k < 40)
            ? []
            : [{ ticker, date, value: 100 + i + k }],
        ),
      ),
    );
});
afterAll(async () => {
  await t.drop();
});

/** The statements readMarketWindow sends, with their values. */
async function statementsOf(
  tickers: readonly string[],
  from: string,
  lookback: number,
): Promise<{ text: string; values: unknown[] }[]> {
  const pool = poolOf(t.db);
  const sent: { text: string; values: unknown[] }[] = [];
  const client: QueryClient = {
    query(config, values) {
      sent.push({ text: config.text, values: values ?? [] });
      return pool.query(config as never, values);
    },
  };
  await readMarketWindow(databaseOver(client), tickers, from, DATES.at(-1)!, lookback);
  return sent;
}

/**
 * The first-date statement's text readMarketWindow sends, and every ticker's packed row over the
 * whole data set (a window that reaches every date the tests ask about).
 */
async function startTextAndRows(): Promise<{ startText: string; rows: SeriesColumnsRow[] }> {
  const sent = await statementsOf(TICKERS, DATES[50]!, 5);
  const startText = sent.find((s) => s.text.startsWith(CALENDAR_START_MARK))!.text;
  const seriesText = sent.find((s) => s.text.startsWith(SERIES_COLUMNS_MARK))!.text;
  const whole = seriesColumnsValues({ tickers: TICKERS, from: DATES[0]!, to: DATES.at(-1)! });
  const rows = (await poolOf(t.db).query(seriesText, whole)).rows as SeriesColumnsRow[];
  return { startText, rows };
}

describe("the window's first date as the per-series cache composes it", () => {
  it('carries its mark and its request', async () => {
    const sent = await statementsOf(['CCC', 'AAA'], DATES[30]!, 9);
    const first = sent.find((s) => s.text.startsWith(CALENDAR_START_MARK));
    expect(first).toBeDefined();
    expect(calendarStartRequest(first!.values)).toEqual({
      tickers: ['CCC', 'AAA'],
      from: DATES[30],
      keep: 10,
    });
    expect(calendarStartValues({ tickers: ['CCC', 'AAA'], from: DATES[30]!, keep: 10 })).toEqual(
      first!.values,
    );
  });

  it("equals the answer formed from each ticker's latest days in a packed row", async () => {
    const { startText, rows } = await startTextAndRows();
    const pool = poolOf(t.db);
    let compared = 0;
    for (const tickers of [TICKERS, ['AAA'], ['BBB', 'DDD'], ['DDD']])
      for (const k of [0, 5, 20, 41, 59])
        for (const keep of [1, 3, 10, 30]) {
          const request = { tickers, from: DATES[k]!, keep };
          const read = await pool.query<{ start: string | null }>(
            startText,
            calendarStartValues(request),
          );
          const latest = tickers.map((ticker) => {
            const row = rows.find((r) => r.ticker === ticker)!;
            return latestDaysOnOrBefore(row, request.from, keep);
          });
          // Composed only when every ticker holds `keep` days up to the date.
          if (latest.some((days) => days === null)) continue;
          expect(calendarStartOf(latest as Int32Array[], keep), JSON.stringify(request)).toEqual(
            read.rows[0],
          );
          const tickerRows = tickers.map((ticker) => rows.find((r) => r.ticker === ticker)!);
          expect(calendarStartOfRows(tickerRows, request.from, keep)).toEqual(read.rows[0]);
          compared++;
        }
    expect(compared).toBeGreaterThan(20);
  });

  it("equals the answer formed from some tickers' kept days and the others' latest days read (decision 0094)", async () => {
    const { startText, rows } = await startTextAndRows();
    const pool = poolOf(t.db);
    let compared = 0;
    // The kept tickers, and the read ones: DDD (short history) read, kept, or both in one read.
    for (const [kept, read] of [
      [
        ['AAA', 'BBB'],
        ['CCC', 'DDD'],
      ],
      [['DDD'], ['AAA']],
      [[], TICKERS],
      [['AAA', 'CCC', 'DDD'], ['BBB']],
    ] as const)
      for (const k of [0, 5, 20, 41, 59])
        for (const keep of [1, 3, 10, 30]) {
          const request = { tickers: [...kept, ...read], from: DATES[k]!, keep };
          const answer = await pool.query<{ start: string | null }>(
            startText,
            calendarStartValues(request),
          );
          const keptDays = kept.map((ticker) =>
            latestDaysOnOrBefore(
              rows.find((r) => r.ticker === ticker)!,
              request.from,
              keep,
            ),
          );
          if (keptDays.some((days) => days === null)) continue;
          const statement = latestDaysStatement({ ...request, tickers: read });
          const readDays = latestDaysOfAnswer(
            (await pool.query(statement.text, statement.values)).rows,
          );
          expect(readDays.length).toBeLessThanOrEqual(keep);
          expect(
            calendarStartOf([...(keptDays as Int32Array[]), readDays], keep),
            JSON.stringify(request),
          ).toEqual(answer.rows[0]);
          compared++;
        }
    expect(compared).toBeGreaterThan(40);
  });

  it('forms it from rows on one calendar without decoding them, and from rows on several', () => {
    const row = (ticker: string, days: number[]): SeriesColumnsRow => {
      const bytes = Buffer.alloc(4 * days.length);
      days.forEach((d, i) => bytes.writeInt32BE(d, 4 * i));
      return { ticker, days: bytes, vals: Buffer.alloc(8 * days.length) };
    };
    const from = '2000-01-21'; // day 20
    const calendar = [1, 2, 5, 6, 7, 8, 9, 12, 13, 14, 15, 16, 19, 20, 21];
    // Longer and shorter histories on one calendar: the 4th latest day up to day 20 is day 15.
    const same = [row('A', calendar), row('B', calendar.slice(5)), row('C', calendar.slice(0, 14))];
    expect(calendarStartOfRows(same, from, 4)).toEqual({ start: '2000-01-16' });
    // D trades on day 17 and 18 too: the union's 4 latest are 20, 19, 18, 17.
    const other = row('D', [3, 10, 11, 17, 18, 20]);
    expect(calendarStartOfRows([...same, other], from, 4)).toEqual({ start: '2000-01-18' });
    expect(calendarStartOfRows([other, ...same], from, 4)).toEqual(
      calendarStartOf(
        [other, ...same].map((r) => latestDaysOnOrBefore(r, from, 4)!),
        4,
      ),
    );
    // A row missing a day of the others: nothing new, the same answer.
    const holey = row('E', [1, 2, 5, 6, 7, 8, 9, 12, 13, 14, 16, 19, 20]);
    expect(calendarStartOfRows([...same, holey], from, 4)).toEqual({ start: '2000-01-16' });
    expect(() => calendarStartOfRows([row('F', [19, 20])], from, 4)).toThrow();
  });

  it('recognises only values of its own shape and says null for no days', () => {
    expect(calendarStartRequest([['A'], '2025-01-01', 3])).toBeNull();
    expect(calendarStartRequest([['A'], '2025-01-01', 3, 4])).toBeNull();
    expect(calendarStartRequest([['A'], '2025-01-01', 0, 0])).toBeNull();
    expect(calendarStartRequest([['A'], '01.01.2025', 3, 3])).toBeNull();
    expect(calendarStartRequest([[1], '2025-01-01', 3, 3])).toBeNull();
    expect(calendarStartOf([], 3)).toEqual({ start: null });
    expect(calendarStartOf([Int32Array.of(5, 9), Int32Array.of(7, 9)], 2)).toEqual({
      start: '2000-01-08',
    });
  });
});
