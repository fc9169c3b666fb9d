// The days of each series' values kept in market_value_days by market_values' triggers (decision
// 0123): after every kind of write (insert, upsert, delete, a moved key, a cascade from a deleted
// series, truncate, and a seeded run of mixed writes) the table equals the days read from the
// values themselves, and seriesCoverage answers what counting the values answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { marketSeries, marketValues } from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { dayBit, seriesCoverage, yearDays, yearMasks, YEAR_BITS } from './series-coverage.ts';

let t: TestDatabase;
const TICKERS = ['AAA', 'BBB', 'CCC'];
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

async function seriesAgain(): Promise<void> {
  await t.db.delete(marketSeries);
  await t.db
    .insert(marketSeries)
    .values(TICKERS.map((ticker) => ({ ticker, name: ticker, kind: 'price', currency: 'TRY' })));
}

/** The kept rows, and the same read from the values (a year's bits in day-of-year order). */
async function keptAndRead(): Promise<{ kept: unknown[]; read: unknown[] }> {
  const kept = await t.db.execute(
    sql`SELECT ticker, year, days::text AS days FROM market_value_days ORDER BY ticker, year`,
  );
  const values = await t.db.execute<{ ticker: string; date: string }>(
    sql`SELECT ticker, to_char(date, 'YYYY-MM-DD') AS date FROM market_values ORDER BY ticker, date`,
  );
  const byKey = new Map<string, { ticker: string; year: number; bits: string[] }>();
  for (const v of values.rows) {
    const { year, bit } = dayBit(v.date);
    const key = `${v.ticker}|${String(year)}`;
    let row = byKey.get(key);
    if (!row)
      byKey.set(key, (row = { ticker: v.ticker, year, bits: Array<string>(YEAR_BITS).fill('0') }));
    row.bits[bit] = '1';
  }
  const read = [...byKey.values()]
    .sort((a, b) => (a.ticker === b.ticker ? a.year - b.year : a.ticker < b.ticker ? -1 : 1))
    .map((r) => ({ ticker: r.ticker, year: r.year, days: r.bits.join('') }));
  return { kept: kept.rows, read };
}

async function expectKept(what: string): Promise<void> {
  const { kept, read } = await keptAndRead();
  expect(kept, what).toEqual(read);
}

describe('dayBit and yearDays', () => {
  it('lay a year out by day-of-year, day 366 only in a leap year', () => {
    expect(dayBit('2025-01-01')).toEqual({ year: 2025, bit: 0 });
    expect(dayBit('2025-12-31')).toEqual({ year: 2025, bit: 364 });
    expect(dayBit('2024-12-31')).toEqual({ year: 2024, bit: 365 });
    const every = yearDays(2025, () => true).bits;
    expect(every).toHaveLength(YEAR_BITS);
    expect(every.slice(0, 365)).toBe('1'.repeat(365));
    expect(every[365], 'no 366th day in 2025').toBe('0');
    expect(yearDays(2024, () => true).bits).toBe('1'.repeat(366));
    const fridays = yearDays(2025, (iso) => new Date(`${iso}T00:00:00Z`).getUTCDay() === 5).bits;
    expect(fridays[dayBit('2025-01-03').bit]).toBe('1');
    expect(fridays.split('').filter((b) => b === '1')).toHaveLength(52);
  });
});

describe('market_value_days', () => {
  it('follows inserts, upserts, deletes, moved keys, a deleted series and a truncate', async () => {
    await seriesAgain();
    await t.db.insert(marketValues).values([
      { ticker: 'AAA', date: '2024-12-31', value: 1 },
      { ticker: 'AAA', date: '2025-01-01', value: 1 },
      { ticker: 'AAA', date: '2025-12-31', value: 1 },
      { ticker: 'BBB', date: '2025-06-02', value: 1 },
    ]);
    await expectKept('insert');
    // An upsert that updates one value and adds another of the same year.
    await t.db.execute(sql`
      INSERT INTO market_values (ticker, date, value) VALUES ('AAA', '2025-01-01', 2), ('AAA', '2025-03-03', 2)
      ON CONFLICT (ticker, date) DO UPDATE SET value = excluded.value`);
    await expectKept('upsert');
    await t.db.delete(marketValues).where(sql`ticker = 'AAA' AND date = '2025-03-03'`);
    await expectKept('a value of a year that keeps others');
    await t.db.delete(marketValues).where(sql`ticker = 'AAA' AND date = '2024-12-31'`);
    await expectKept('the last value of a year: its row goes');
    await t.db.execute(
      sql`UPDATE market_values SET date = '2023-02-01' WHERE ticker = 'BBB' AND date = '2025-06-02'`,
    );
    await expectKept('a value moved to another year');
    await t.db.execute(sql`UPDATE market_values SET ticker = 'CCC' WHERE ticker = 'BBB'`);
    await expectKept('values moved to another series');
    await t.db.delete(marketSeries).where(eq(marketSeries.ticker, 'CCC'));
    await expectKept('a deleted series (its values cascade)');
    await t.db.execute(sql`TRUNCATE market_values`);
    await expectKept('truncate');
    expect((await keptAndRead()).kept).toEqual([]);
  });

  it('equals the days of the values after a seeded run of mixed writes', async () => {
    await seriesAgain();
    let seed = 20251207;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const someDate = () =>
      new Date(Date.UTC(2022, 0, 1) + Math.floor(next() * 4 * 366) * 86_400_000)
        .toISOString()
        .slice(0, 10);
    const someTicker = () => TICKERS[Math.floor(next() * TICKERS.length)]!;
    for (let round = 0; round < 40; round++) {
      const kind = next();
      if (kind < 0.5) {
        const rows = new Map<string, { ticker: string; date: string; value: number }>();
        for (let k = 0; k < 1 + Math.floor(next() * 60); k++) {
          const row = { ticker: someTicker(), date: someDate(), value: next() };
          rows.set(`${row.ticker}${row.date}`, row);
        }
        await t.db
          .insert(marketValues)
          .values([...rows.values()])
          .onConflictDoUpdate({
            target: [marketValues.ticker, marketValues.date],
            set: { value: sql`excluded.value` },
          });
      } else if (kind < 0.85) {
        const from = someDate();
        await t.db.execute(
          sql`DELETE FROM market_values WHERE ticker = ${someTicker()} AND date BETWEEN ${from}::date AND ${from}::date + 90`,
        );
      } else {
        await t.db.execute(
          sql`UPDATE market_values SET date = date + 400 WHERE ticker = ${someTicker()} AND date BETWEEN '2022-03-01' AND '2022-03-10'
              AND NOT EXISTS (SELECT 1 FROM market_values w WHERE w.ticker = market_values.ticker AND w.date = market_values.date + 400)`,
        );
      }
      await expectKept(`round ${String(round)}`);
    }
    expect((await keptAndRead()).kept.length).toBeGreaterThan(6);
  });
});

describe('seriesCoverage', () => {
  it('answers first and last date, count, and the values on the masks’ days as the values do', async () => {
    await seriesAgain();
    const dates = [
      '2024-02-29',
      '2024-12-31',
      '2025-01-03',
      '2025-01-04',
      '2025-06-06',
      '2026-01-02',
    ];
    await t.db
      .insert(marketValues)
      .values(dates.map((date) => ({ ticker: 'AAA', date, value: 1 })));
    const weekday = (iso: string) => {
      const d = new Date(`${iso}T00:00:00Z`).getUTCDay();
      return d !== 0 && d !== 6;
    };
    const masks = [2024, 2025].map((y) => yearDays(y, weekday));
    const result = await t.db.execute(sql`
      WITH counted AS ${yearMasks(masks)}
      SELECT s.ticker, c.first_date, c.last_date, c.n, c.counted_n FROM market_series s
      LEFT JOIN LATERAL (${seriesCoverage(sql`s.ticker`, sql`counted`)}) c ON true
      ORDER BY s.ticker`);
    expect(result.rows).toEqual([
      // 2026 has no mask: its value counts among the values, not among the masks' days.
      {
        ticker: 'AAA',
        first_date: '2024-02-29',
        last_date: '2026-01-02',
        n: 6,
        counted_n: dates.filter((d) => d < '2026' && weekday(d)).length,
      },
      { ticker: 'BBB', first_date: null, last_date: null, n: 0, counted_n: 0 },
      { ticker: 'CCC', first_date: null, last_date: null, n: 0, counted_n: 0 },
    ]);
  });
});
