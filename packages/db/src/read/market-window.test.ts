// readMarketWindow reads packed columns and finds the window's first date by an index walk per
// ticker (decision 0074). It must give exactly what the reading it replaced gave: one row per
// value, the window's first date from the distinct dates of all the tickers. That reading is kept
// here as the reference and both are compared bit for bit on generated data: gaps, late and
// early starts, a return series, derived (adjusted, total return) values, odd doubles, FX gaps,
// tickers without values or without a series, lookbacks longer than the history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { fxRates, marketSeries, marketValues, marketValuesDerived } from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { PRICE_BASES, type PriceBasis } from '../readers/series-values.ts';
import {
  assembleMarketWindow,
  readMarketValues,
  readMarketWindow,
  readSeriesHistory,
  RETURN_SERIES_KIND,
  type MarketWindow,
} from './market.ts';

/** The reading readMarketWindow had before decision 0074 (its unchanged assembly shared). */
async function referenceWindow(
  ex: Executor,
  tickers: readonly string[],
  from: string,
  to: string,
  lookback: number,
  basis: PriceBasis,
): Promise<MarketWindow> {
  const list = [...tickers];
  const before = await ex
    .selectDistinct({ date: marketValues.date })
    .from(marketValues)
    .where(and(inArray(marketValues.ticker, list), lte(marketValues.date, from)))
    .orderBy(desc(marketValues.date))
    .limit(lookback + 1);
  const start = before.at(-1)?.date ?? from;
  const meta = await ex.select().from(marketSeries).where(inArray(marketSeries.ticker, list));
  const values = await readMarketValues(ex, list, start, to, basis);
  const dates = [...new Set(values.map((v) => v.date))].sort();
  const index = new Map(dates.map((d, i) => [d, i]));
  return assembleMarketWindow(ex, meta, dates, start, to, (series) => {
    for (const v of values) {
      const target = series.get(v.ticker);
      const i = index.get(v.date);
      if (target && i !== undefined) target.values[i] = v.value;
    }
  });
}

/** Every double as its bits (NaN, -0 and the last digit count). */
function bits(values: Float64Array): string {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('hex');
}

function comparable(w: MarketWindow) {
  return {
    dates: w.dates,
    series: [...w.series.values()]
      .map((s) => ({ ...s, values: bits(s.values) }))
      .sort((a, b) => a.ticker.localeCompare(b.ticker)),
    fx: [...w.fx.entries()].map(([c, v]) => [c, bits(v)]).sort(),
  };
}

/** Deterministic pseudo-random numbers in [0, 1). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const DAYS = 400;
const iso = (k: number) =>
  new Date(Date.UTC(2019, 11, 20) + k * 86_400_000).toISOString().slice(0, 10);

describe('readMarketWindow against the row-per-value reading it replaced', () => {
  let t: TestDatabase;
  const tickers: string[] = [];
  beforeAll(async () => {
    t = await createTestDatabase();
    const random = rng(74);
    const kinds = ['price', 'price', 'index', 'yield', 'curvePoint', RETURN_SERIES_KIND];
    const series = Array.from({ length: 24 }, (_, i) => ({
      ticker: `S${String(i).padStart(2, '0')}`,
      name: `Seri ${String(i)}`,
      kind: kinds[i % kinds.length]!,
      currency: i % 5 === 0 ? 'USD' : 'TRY',
      tenorDays: i % 6 === 4 ? 30 * i : null,
    }));
    await t.db.insert(marketSeries).values(series);
    const values: { ticker: string; date: string; value: number }[] = [];
    const derived: { ticker: string; date: string; adjusted: number; totalReturn: number }[] = [];
    for (const [i, s] of series.entries()) {
      // S00 has no values; others start early or late, some end before the last day.
      if (i === 0) continue;
      const first = i % 4 === 0 ? Math.floor(random() * 300) : 0;
      const last = i % 7 === 0 ? DAYS - 30 : DAYS;
      let level = 10 + 90 * random();
      for (let k = first; k < last; k++) {
        if ((k % 7 === 5 || k % 7 === 6) && i % 3 !== 0) continue; // weekends, for most
        if (random() < 0.08) continue; // gaps
        level *= 1 + (random() - 0.5) / 25;
        const value = i === 13 && k === 50 ? -0 : i === 13 && k === 51 ? 0.1 + 0.2 : level;
        values.push({ ticker: s.ticker, date: iso(k), value });
        if (i % 5 === 2 && random() < 0.5)
          derived.push({
            ticker: s.ticker,
            date: iso(k),
            adjusted: value * 0.5,
            totalReturn: value * 0.25 + 1e-13,
          });
      }
      tickers.push(s.ticker);
    }
    for (let k = 0; k < values.length; k += 2000)
      await t.db.insert(marketValues).values(values.slice(k, k + 2000));
    await t.db.insert(marketValuesDerived).values(derived);
    const rates = [];
    for (let k = 0; k < DAYS; k += 1) {
      if (random() < 0.1) continue;
      rates.push({ currency: 'USD', date: iso(k), forexBuying: 30 + k / 100 });
      if (k % 3 === 0) rates.push({ currency: 'EUR', date: iso(k), forexSelling: 33 + k / 90 });
    }
    await t.db.insert(fxRates).values(rates);
  });
  afterAll(async () => {
    await t.drop();
  });

  it('gives the same dates, values and FX to the bit, on every price basis', async () => {
    const cases: { list: string[]; from: string; to: string; lookback: number }[] = [
      {
        list: ['S00', ...tickers, 'NOSERIES'],
        from: iso(DAYS - 1),
        to: iso(DAYS - 1),
        lookback: 251,
      },
      { list: tickers.slice(0, 9), from: iso(200), to: iso(260), lookback: 60 },
      { list: ['S04', 'S08'], from: iso(120), to: iso(120), lookback: 5 },
      { list: tickers, from: iso(DAYS - 1), to: iso(DAYS - 1), lookback: 5000 },
      { list: ['S13', 'S05', 'S13'], from: iso(60), to: iso(90), lookback: 3 },
      { list: ['S00'], from: iso(100), to: iso(200), lookback: 10 },
      { list: tickers, from: iso(-5), to: iso(3), lookback: 2 },
    ];
    for (const basis of PRICE_BASES) {
      for (const c of cases) {
        const got = await readMarketWindow(t.db, c.list, c.from, c.to, c.lookback, basis);
        const want = await referenceWindow(t.db, c.list, c.from, c.to, c.lookback, basis);
        expect(comparable(got), `${basis} ${JSON.stringify(c)}`).toEqual(comparable(want));
      }
    }
    // The cases are not empty: the first reads every series over 252 dates.
    const full = await readMarketWindow(t.db, tickers, iso(DAYS - 1), iso(DAYS - 1), 251);
    expect(full.dates).toHaveLength(252);
    expect(full.series.size).toBe(tickers.length);
  });

  it('reads one series history packed, as the row-by-row read of risk value read it (decision 0076)', async () => {
    const bits = (values: number[]): string[] =>
      values.map((v) => (Object.is(v, -0) ? '-0' : String(v)));
    const cases = [
      { ticker: 'S13', from: iso(0), to: iso(DAYS) }, // the whole history
      { ticker: 'S04', from: iso(-30), to: iso(DAYS - 100) }, // a late start
      { ticker: 'S07', from: iso(40), to: iso(40) },
      { ticker: 'S00', from: iso(0), to: iso(DAYS) }, // no values
    ];
    for (const c of cases) {
      const rows = await t.db
        .select({ date: marketValues.date, value: marketValues.value })
        .from(marketValues)
        .where(
          and(
            eq(marketValues.ticker, c.ticker),
            gte(marketValues.date, c.from),
            lte(marketValues.date, c.to),
          ),
        )
        .orderBy(asc(marketValues.date));
      const got = await readSeriesHistory(t.db, c.ticker, c.from, c.to);
      expect(got.dates, c.ticker).toEqual(rows.map((r) => r.date));
      expect(bits(got.values), c.ticker).toEqual(bits(rows.map((r) => r.value)));
      if (c.ticker === 'S13') expect(got.values.length).toBeGreaterThan(200);
      if (c.ticker === 'S04') expect(got.dates.length).toBeGreaterThan(50);
    }
  });

  it('reads no market values for no tickers', async () => {
    const w = await readMarketWindow(t.db, [], iso(10), iso(20), 5);
    expect(w.dates).toEqual([]);
    expect(w.series.size).toBe(0);
  });
});
