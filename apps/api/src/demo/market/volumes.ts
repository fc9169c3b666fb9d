import { volumeTickerOf } from '@fonrisk/contracts';
import type { Market } from './market.ts';
import { createDemoRandom, subSeed } from './random.ts';
import { STOCKS } from './stocks.ts';
import type { GeneratedSeries } from './types.ts';

/** Business days of demo volumes before the end date: a year covers every default ADV window. */
export const DEMO_VOLUME_DAYS = 260;

/**
 * DEMO DATA: daily traded volume (shares) of every demo stock, for the liquidity test's average
 * daily volume. Pure in (seed, market): a stock's typical daily turnover is a fixed share of its
 * shares outstanding (0.02 % to 1 %, larger for the first, bank-heavy part of the list), with
 * log-normal day noise and more trading on days with large moves (volume rises with |return|).
 * Only the last DEMO_VOLUME_DAYS business days carry volumes (the load stays small).
 */
export function stockVolumeSeries(seed: number, market: Market): GeneratedSeries[] {
  const n = market.dates.length;
  return STOCKS.map((stock, k) => {
    const random = createDemoRandom(subSeed(seed, `volume:${stock.ticker}`));
    const turnover = k < 10 ? random.between(0.003, 0.01) : random.between(0.0002, 0.003);
    const prices = market.series.get(stock.ticker)!.values;
    const values = new Float64Array(n).fill(Number.NaN);
    for (let t = Math.max(0, n - DEMO_VOLUME_DAYS); t < n; t++) {
      const p = prices[t]!;
      const prev = t > 0 ? prices[t - 1]! : p;
      const move = prev > 0 && p > 0 ? Math.abs(Math.log(p / prev)) : 0;
      const noise = Math.exp(0.35 * random.normal() - 0.06);
      values[t] = Math.round(stock.sharesMn * 1e6 * turnover * noise * (1 + 15 * move));
    }
    return {
      ticker: volumeTickerOf(stock.ticker),
      name: `${stock.name} işlem hacmi (adet)`,
      kind: 'volume' as const,
      currency: 'TRY',
      tenorDays: null,
      values,
    };
  });
}
