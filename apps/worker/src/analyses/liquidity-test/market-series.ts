// Market series the liquidity test reads: recent values of tickers (volumes, prices) and the daily
// volatility of the impact model.
import { type Database, and, asc, gte, inArray, lte, marketValues } from '@fonrisk/db';
import { formatIsoDate, parseIsoDate } from '@fonrisk/risk';

export type Series = { dates: string[]; values: number[] };

/** Values of `tickers` on or before `date`, at most `calendarDays` back, ascending per ticker. */
export async function recentValues(
  db: Database,
  tickers: readonly string[],
  date: string,
  calendarDays: number,
): Promise<Map<string, Series>> {
  const out = new Map<string, Series>();
  if (tickers.length === 0) return out;
  const rows = await db
    .select({ ticker: marketValues.ticker, date: marketValues.date, value: marketValues.value })
    .from(marketValues)
    .where(
      and(
        inArray(marketValues.ticker, [...tickers]),
        gte(marketValues.date, formatIsoDate(parseIsoDate(date) - calendarDays)),
        lte(marketValues.date, date),
      ),
    )
    .orderBy(asc(marketValues.date));
  for (const r of rows) {
    let s = out.get(r.ticker);
    if (!s) out.set(r.ticker, (s = { dates: [], values: [] }));
    s.dates.push(r.date);
    s.values.push(r.value);
  }
  return out;
}

export const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * Sample standard deviation of the last `n` simple returns (decision 0003: returns are simple;
 * the impact is a price change on them, decision 0057); null with fewer than 2.
 */
export function dailyVolatility(s: Series | undefined, n: number): number | null {
  if (!s) return null;
  const v = s.values.slice(-(n + 1));
  const r: number[] = [];
  for (let i = 1; i < v.length; i++) if (v[i - 1]! > 0 && v[i]! > 0) r.push(v[i]! / v[i - 1]! - 1);
  if (r.length < 2) return null;
  const m = mean(r);
  return Math.sqrt(r.reduce((a, x) => a + (x - m) ** 2, 0) / (r.length - 1));
}
