import { businessDaysBetween } from './calendar.ts';

/**
 * DEMO DATA: the Turkish market shocks the demo market replays on their real dates, so that the
 * named crisis windows of the stress-test screen (apps/api/src/modules/stress-scenarios/
 * shipped-scenarios.ts) and a 5-year risk-value window exist in the demo
 * (docs/decisions/0037-demo-market-since-2018.md).
 *
 * Each episode's total move over its window is spread evenly over the window's business days
 * (as log moves) on top of the simulated noise; the yield moves are in percentage points on the
 * level (long end) and the slope (short end minus long end) of the demo curve. The sizes are the
 * rounded published moves named in `source`; like the shipped stress scenarios they were not
 * re-downloaded from the primary source when written (approximate, for demo data only).
 */
export interface CrisisEpisode {
  readonly name: string;
  /** First and last day of the window (inclusive ISO dates). */
  readonly from: string;
  readonly to: string;
  /** Total moves over the window: USD/TRY, shares (market factor), gold in USD, as fractions. */
  readonly usdTryPct: number;
  readonly equityPct: number;
  readonly goldUsdPct: number;
  /** Yield moves, percentage points: the long end (level) and the short end. */
  readonly longEndPp: number;
  readonly shortEndPp: number;
  readonly source: string;
}

export const DEMO_CRISIS_EPISODES: readonly CrisisEpisode[] = [
  {
    name: 'Ağustos 2018 kur krizi',
    from: '2018-08-01',
    to: '2018-08-31',
    usdTryPct: 0.33,
    equityPct: -0.04,
    goldUsdPct: -0.02,
    longEndPp: 3,
    shortEndPp: 7,
    source:
      'TCMB gösterge kurları (EVDS TP.DK.USD.A) yaklaşık 4,92 → 6,55; Borsa İstanbul XU100 yaklaşık 96.000 → 92.000; ons altın USD yaklaşık -%2; 2 ve 10 yıllık DİBS gösterge faizleri (kısa uç +700 bp, uzun uç +300 bp).',
  },
  {
    name: 'Eylül 2018 faiz artırımı sonrası toparlanma',
    from: '2018-09-13',
    to: '2018-09-28',
    usdTryPct: -0.08,
    equityPct: 0.05,
    goldUsdPct: 0,
    longEndPp: 0,
    shortEndPp: 2,
    source:
      'TCMB PPK 13.09.2018: politika faizi %17,75 → %24; USD/TRY yaklaşık 6,45 → 5,95 (EVDS).',
  },
  {
    name: 'Mart 2020 pandemi şoku',
    from: '2020-02-28',
    to: '2020-03-23',
    usdTryPct: 0.05,
    equityPct: -0.24,
    goldUsdPct: -0.01,
    longEndPp: 1.5,
    shortEndPp: 1.5,
    source:
      'Borsa İstanbul XU100 yaklaşık 110.000 → 84.000 (-%24); USD/TRY yaklaşık 6,22 → 6,52 (EVDS); altın TL +%4; 10 yıllık DİBS yaklaşık %11,5 → %13.',
  },
  {
    name: 'Kasım-Aralık 2021 kur krizi',
    from: '2021-11-01',
    to: '2021-12-20',
    usdTryPct: 0.88,
    equityPct: 0.2,
    goldUsdPct: -0.04,
    longEndPp: 5,
    shortEndPp: 3,
    source:
      'TCMB gösterge kurları (EVDS) USD/TRY yaklaşık 9,65 → 18,15; XU100 yaklaşık 1.500 → 1.800; altın TL +%80 (ons USD yaklaşık -%4); 10 yıllık DİBS yaklaşık %19 → %24.',
  },
  {
    name: 'Kur korumalı mevduat duyurusu',
    from: '2021-12-21',
    to: '2021-12-23',
    usdTryPct: -0.38,
    equityPct: 0.03,
    goldUsdPct: 0,
    longEndPp: -2,
    shortEndPp: -1,
    source:
      '20.12.2021 akşamı açıklanan kur korumalı mevduat: USD/TRY yaklaşık 18,15 → 11,30 (EVDS, 23.12.2021).',
  },
  {
    name: 'Haziran-Ağustos 2023 faiz şoku',
    from: '2023-06-01',
    to: '2023-08-31',
    usdTryPct: 0.28,
    equityPct: 0.55,
    goldUsdPct: -0.03,
    longEndPp: 8,
    shortEndPp: 16.5,
    source:
      'TCMB PPK kararları: politika faizi %8,5 → %25 (22.06, 20.07, 24.08.2023), kısa uç +1650 bp; uzun uç +800 bp uzman varsayımı; USD/TRY yaklaşık 21,0 → 26,9 (EVDS); XU100 yaklaşık 4.900 → 7.600 (TL bazında, Borsa İstanbul).',
  },
];

/** Daily log moves (fractions) and yield moves (points) of the episodes on a list of dates. */
export interface CrisisMoves {
  readonly usd: Float64Array;
  readonly equity: Float64Array;
  readonly goldUsd: Float64Array;
  readonly level: Float64Array;
  readonly slope: Float64Array;
}

/**
 * The episodes' moves per date index: each episode's log move (ln(1 + pct)) and yield points are
 * divided evenly over the dates of `dates` inside its window; an episode only partly covered
 * by the dates keeps its daily size (the covered part of the move).
 */
export function crisisMoves(
  dates: readonly string[],
  episodes: readonly CrisisEpisode[] = DEMO_CRISIS_EPISODES,
): CrisisMoves {
  const n = dates.length;
  const out: CrisisMoves = {
    usd: new Float64Array(n),
    equity: new Float64Array(n),
    goldUsd: new Float64Array(n),
    level: new Float64Array(n),
    slope: new Float64Array(n),
  };
  for (const e of episodes) {
    const days = businessDaysBetween(e.from, e.to).length;
    if (days === 0) continue;
    for (let t = 0; t < n; t++) {
      const d = dates[t]!;
      if (d < e.from || d > e.to) continue;
      out.usd[t] = out.usd[t]! + Math.log(1 + e.usdTryPct) / days;
      out.equity[t] = out.equity[t]! + Math.log(1 + e.equityPct) / days;
      out.goldUsd[t] = out.goldUsd[t]! + Math.log(1 + e.goldUsdPct) / days;
      out.level[t] = out.level[t]! + e.longEndPp / days;
      out.slope[t] = out.slope[t]! + (e.shortEndPp - e.longEndPp) / days;
    }
  }
  return out;
}
