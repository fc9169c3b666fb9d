// A hand-made portfolio for handler tests: three shares (one in USD) over 61 business days, and a
// small unmapped holding. Prices follow fixed formulas so that tests recompute P&L independently.
import {
  type Database,
  fxRates,
  holdings,
  instruments,
  marketSeries,
  marketValues,
  portfolios,
  tickerMappings,
} from '@fonrisk/db';

export const TINY = {
  code: 'MINI',
  /** Business days 2025-01-06 .. (61 days, weekends skipped). */
  dates: businessDays('2025-01-06', 61),
  tickers: ['AAA', 'BBB', 'UUU'] as const,
  values: { AAA: 1_000_000, BBB: 500_000, UUU: 300_000, NOMAP: 10_000 } as Record<string, number>,
};

function businessDays(start: string, n: number): string[] {
  const out: string[] = [];
  for (let d = Date.parse(`${start}T00:00:00Z`); out.length < n; d += 86_400_000) {
    const day = new Date(d).getUTCDay();
    if (day !== 0 && day !== 6) out.push(new Date(d).toISOString().slice(0, 10));
  }
  return out;
}

/** Price of a series on day t (deterministic, irregular moves). */
export function tinyPrice(ticker: string, t: number): number {
  switch (ticker) {
    case 'AAA':
      return 100 * (1 + 0.03 * Math.sin(t * 1.7) + 0.002 * t);
    case 'BBB':
      return 50 * (1 + 0.05 * Math.cos(t * 0.9 + 1) - 0.001 * t);
    case 'UUU':
      return 20 * (1 + 0.02 * Math.sin(t * 2.3 + 0.5));
    default:
      throw new Error(ticker);
  }
}

/** USD/TRY on day t. */
export function tinyUsd(t: number): number {
  return 35 * (1 + 0.004 * t + 0.01 * Math.sin(t * 1.1));
}

/** Inserts the data; holdings on every date with the same TRY values (re-struck daily). */
export async function insertTinyPortfolio(db: Database): Promise<void> {
  await db.insert(instruments).values([
    { code: 'AAA', name: 'AAA Hisse', mainType: 'stock', currency: 'TRY' },
    { code: 'BBB', name: 'BBB Hisse', mainType: 'stock', currency: 'TRY' },
    { code: 'UUU', name: 'UUU Hisse (ABD)', mainType: 'stock', currency: 'USD', isForeign: true },
    { code: 'NOMAP', name: 'Eşlenmemiş Varlık', mainType: 'other', currency: 'TRY' },
  ]);
  await db.insert(marketSeries).values([
    { ticker: 'AAA', name: 'AAA', kind: 'price', currency: 'TRY' },
    { ticker: 'BBB', name: 'BBB', kind: 'price', currency: 'TRY' },
    { ticker: 'UUU', name: 'UUU', kind: 'price', currency: 'USD' },
  ]);
  await db
    .insert(marketValues)
    .values(
      TINY.tickers.flatMap((ticker) =>
        TINY.dates.map((date, t) => ({ ticker, date, value: tinyPrice(ticker, t) })),
      ),
    );
  await db
    .insert(fxRates)
    .values(TINY.dates.map((date, t) => ({ currency: 'USD', date, forexBuying: tinyUsd(t) })));
  await db
    .insert(tickerMappings)
    .values(
      TINY.tickers.map((t) => ({ instrumentCode: t, seriesTicker: t, mappingKind: 'direct' })),
    );
  await db.insert(portfolios).values({ code: TINY.code, name: 'Mini Test Fonu', kind: 'fund' });
  await db.insert(holdings).values(
    TINY.dates.flatMap((date) =>
      Object.entries(TINY.values).map(([code, value], i) => ({
        portfolioCode: TINY.code,
        portfolioDate: date,
        rowNo: i + 1,
        instrumentCode: code,
        currentValue: value,
        currency: code === 'UUU' ? 'USD' : 'TRY',
      })),
    ),
  );
}
