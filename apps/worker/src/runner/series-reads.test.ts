// The window a packed series read sends for the tickers the cache does not keep (decision 0102):
// from the earliest date the reads of the statement up to the same date asked for, six years at
// most, so that a fund's shorter and longer windows read each new ticker once.
import { describe, expect, it } from 'vitest';
import type { SeriesColumnsRow } from '@fonrisk/db';
import { createMarketReadCache } from './market-read-cache.ts';
import { composeSeriesRead } from './series-reads.ts';

const DAY = 86_400_000;
/** Days since 2000-01-01, as the statement's rows count them (series-columns-statement.ts). */
const dayOf = (iso: string) => (Date.parse(`${iso}T00:00:00Z`) - Date.parse('2000-01-01')) / DAY;

/** The first day of each month from 2009 to 2026: what the database holds for every ticker. */
const HELD = Array.from({ length: 18 * 12 }, (_, k) =>
  new Date(Date.UTC(2009 + Math.floor(k / 12), k % 12, 1)).toISOString().slice(0, 10),
);

/** The statement's row of `ticker` over [from, to], as the driver gives it. */
function rowOf(ticker: string, from: string, to: string): SeriesColumnsRow | null {
  const dates = HELD.filter((d) => d >= from && d <= to);
  if (dates.length === 0) return null;
  const days = Buffer.alloc(4 * dates.length);
  const vals = Buffer.alloc(8 * dates.length);
  dates.forEach((d, i) => {
    days.writeInt32BE(dayOf(d), 4 * i);
    vals.writeDoubleBE(100 + HELD.indexOf(d), 8 * i);
  });
  return { ticker, days, vals };
}

describe('a packed series read of tickers not kept', () => {
  it('reads them from the earliest date asked up to the same date, within six years', async () => {
    const cache = createMarketReadCache(64 * 1024 * 1024);
    const sent: { tickers: string[]; from: string; to: string }[] = [];
    const read = (tickers: string[], from: string, to: string) =>
      composeSeriesRead(cache, 'v1', 'TEXT', { tickers, from, to }, (values) => {
        const [asked, f, t] = values as [string[], string, string];
        sent.push({ tickers: asked, from: f, to: t });
        return Promise.resolve({ rows: asked.flatMap((ticker) => rowOf(ticker, f, t) ?? []) });
      });
    const sentFrom = () => sent.at(-1)!.from;

    // A fund's long window first (a risk value's five years), then another fund's VaR window.
    await read(['AAA'], '2021-06-01', '2026-06-30');
    expect(sentFrom()).toBe('2021-06-01');
    const short = await read(['BBB'], '2024-06-01', '2026-06-30');
    expect(sentFrom()).toBe('2021-06-01');
    // The answer is still the request's own window, as the database gives it.
    expect(short.rows).toEqual([rowOf('BBB', '2024-06-01', '2026-06-30')]);
    // That fund's longer window then finds BBB kept: nothing is sent.
    const count = sent.length;
    const long = await read(['BBB', 'AAA'], '2021-06-01', '2026-06-30');
    expect(sent).toHaveLength(count);
    expect(long).toMatchObject({ kept: 2, sent: 0 });
    expect(long.rows).toEqual([
      rowOf('AAA', '2021-06-01', '2026-06-30'),
      rowOf('BBB', '2021-06-01', '2026-06-30'),
    ]);

    // A read up to another date is not widened by them.
    await read(['CCC'], '2024-06-01', '2026-07-31');
    expect(sentFrom()).toBe('2024-06-01');
    // A read of ten years keeps its own window, and widens a later read by six years only.
    await read(['DDD'], '2016-06-01', '2026-06-30');
    expect(sentFrom()).toBe('2016-06-01');
    const widened = await read(['EEE'], '2024-06-01', '2026-06-30');
    expect(sentFrom()).toBe('2020-06-30');
    expect(widened.rows).toEqual([rowOf('EEE', '2024-06-01', '2026-06-30')]);
  });
});
