// Daily simple returns of stored price series (unit prices of funds, mapped instruments'
// series), keyed by the date of the later close (docs/decisions/0003: a missing price is
// skipped and the next return spans the gap).
import { INSTRUMENT_MAIN_TYPE_LABELS } from '@fonrisk/contracts';
import { type Database, readMarketValues } from '@fonrisk/db';

/** Returns of each ticker over (from, to], by date; tickers without two prices map to an empty map. */
export async function dailyReturns(
  db: Database,
  tickers: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>(tickers.map((t) => [t, new Map()]));
  if (tickers.length === 0) return out;
  const values = await readMarketValues(db, [...new Set(tickers)], from, to);
  const byTicker = new Map<string, { date: string; value: number }[]>();
  for (const v of values) {
    if (!(v.value > 0)) continue;
    const list = byTicker.get(v.ticker) ?? [];
    list.push({ date: v.date, value: v.value });
    byTicker.set(v.ticker, list);
  }
  for (const [ticker, list] of byTicker) {
    list.sort((a, b) => a.date.localeCompare(b.date));
    const returns = out.get(ticker) ?? new Map<string, number>();
    for (let i = 1; i < list.length; i++)
      returns.set(list[i]!.date, list[i]!.value / list[i - 1]!.value - 1);
    out.set(ticker, returns);
  }
  return out;
}

/** The pairs of two return maps on their common dates, oldest first, the last `limit` kept. */
export function alignedReturns(
  a: ReadonlyMap<string, number>,
  b: ReadonlyMap<string, number>,
  limit = Number.POSITIVE_INFINITY,
): { dates: string[]; a: number[]; b: number[] } {
  const dates = [...a.keys()].filter((d) => b.has(d)).sort();
  const kept = dates.slice(Math.max(0, dates.length - limit));
  return { dates: kept, a: kept.map((d) => a.get(d)!), b: kept.map((d) => b.get(d)!) };
}

/** The ISO date `days` calendar days before `date`. */
export function calendarDaysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The Turkish label of an instrument main type; an unknown stored type as it is. */
export function mainTypeLabel(mainType: string): string {
  const labels: Readonly<Record<string, string | undefined>> = INSTRUMENT_MAIN_TYPE_LABELS;
  return labels[mainType] ?? mainType;
}
