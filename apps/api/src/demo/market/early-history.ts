import { addMonths, formatIsoDate, parseIsoDate, referenceIndex } from '@fonrisk/risk';
import { businessDaysBetween, daysBetween } from './calendar.ts';
import { crisisMoves } from './crises.ts';
import { CURVE_POINTS, EQUITY_DRIFT, GRAMS_PER_TROY_OUNCE, TICKER, type Market } from './market.ts';
import { createDemoRandom, subSeed } from './random.ts';
import { BIST30_TICKERS, SECTOR_RISK, SECTORS, STOCKS, type Sector } from './stocks.ts';

/**
 * First day of the demo market history: 1 January 2018 is a holiday, so the series start on the
 * first business day after it. Issue 11: the 5-year risk-value window and replays of the named
 * crisis windows (August 2018 onwards) need the market back to at least this date.
 */
export const DEMO_HISTORY_START = '2018-01-01';

/**
 * Approximate published levels on 2 January 2018 the early history starts from (rounded):
 * USD/TRY 3,78 (TCMB EVDS TP.DK.USD.A), EUR/USD 1,20, GBP/USD 1,35 and gold 1.310 USD/ons
 * (LBMA). Demo data only.
 */
const START_LEVELS = { usdTry: 3.78, eurUsd: 1.2, gbpUsd: 1.35, goldUsd: 1310 } as const;
/** Curve factors (points) at the start: 2-year DİBS about 13,5 %, 10-year about 11,8 %. */
const START_CURVE = { level: 11.8, slope: 2.5 } as const;

/** The business days before the simulated window: DEMO_HISTORY_START to the day before `firstDate`. */
export function earlyHistoryDates(firstDate: string): string[] {
  if (firstDate <= DEMO_HISTORY_START) return [];
  return businessDaysBetween(DEMO_HISTORY_START, formatIsoDate(parseIsoDate(firstDate) - 1));
}

const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/**
 * A path through m + 1 points (index m is the first day of the simulated window) from `start` to
 * `end` whose steps are `steps[1..m]` plus an even drift (a Brownian bridge on the noise): the
 * shocks, the crisis days among them, keep their size, and the path meets the simulated window
 * without a jump.
 */
function bridge(start: number, end: number, steps: Float64Array): Float64Array {
  const m = steps.length - 1;
  const path = new Float64Array(m + 1);
  let sum = 0;
  for (let k = 1; k <= m; k++) sum += steps[k]!;
  const drift = (end - start - sum) / m;
  path[0] = start;
  for (let k = 1; k <= m; k++) path[k] = path[k - 1]! + steps[k]! + drift;
  path[m] = end;
  return path;
}

/** Chains log returns back from the first simulated value: value(k) = value(m) × exp(−Σ r(k+1..m)). */
function backward(end: number, returns: Float64Array): Float64Array {
  const m = returns.length - 1;
  const out = new Float64Array(m + 1);
  out[m] = Math.log(end);
  for (let k = m; k >= 1; k--) out[k - 1] = out[k]! - returns[k]!;
  return out;
}

/**
 * DEMO DATA: the market before the simulated window (`simulateMarket`), from DEMO_HISTORY_START,
 * for every market series of `market` (shares, indices, FX, gold, curve, TLREF, money-market and
 * bond indices, CPI, implied volatility). Pure in (seed, dates, market). The same factor model as
 * the simulated window with the crisis episodes of crises.ts on their real dates; FX, gold and the
 * curve run as bridges from the published 2018 levels to the window's first values, shares and
 * the indices built from them are chained back from their first simulated prices, so that no
 * series jumps where the two parts meet. Returns the values on `earlyDates` by ticker.
 */
export function simulateEarlyHistory(
  seed: number,
  earlyDates: readonly string[],
  market: Market,
): Map<string, Float64Array> {
  const m = earlyDates.length;
  const out = new Map<string, Float64Array>();
  if (m === 0) return out;
  const rnd = createDemoRandom(subSeed(seed, 'early-market'));
  // Index k = 0..m over the early dates and, at k = m, the first simulated date.
  const dates = [...earlyDates, market.dates[0]!];
  const crisis = crisisMoves(dates);
  const gap = new Int32Array(m + 1);
  for (let k = 1; k <= m; k++) gap[k] = daysBetween(dates[k - 1]!, dates[k]!);
  const first = (ticker: string) => market.series.get(ticker)!.values[0]!;
  const put = (ticker: string, path: Float64Array, map: (x: number) => number) =>
    out.set(ticker, Float64Array.from(path.subarray(0, m), map));

  // FX and gold: bridges in logs.
  const usdSteps = new Float64Array(m + 1);
  const eurSteps = new Float64Array(m + 1);
  const gbpSteps = new Float64Array(m + 1);
  const goldSteps = new Float64Array(m + 1);
  for (let k = 1; k <= m; k++) {
    usdSteps[k] = 0.0032 * rnd.studentT(4) + crisis.usd[k]!;
    eurSteps[k] = 0.0045 * rnd.studentT(5);
    gbpSteps[k] = 0.005 * rnd.studentT(5);
    goldSteps[k] = 0.009 * rnd.studentT(4) + crisis.goldUsd[k]!;
  }
  const usd0 = first(TICKER.usdTry);
  const logUsd = bridge(Math.log(START_LEVELS.usdTry), Math.log(usd0), usdSteps);
  const logEurUsd = bridge(
    Math.log(START_LEVELS.eurUsd),
    Math.log(first(TICKER.eurTry) / usd0),
    eurSteps,
  );
  const logGbpUsd = bridge(
    Math.log(START_LEVELS.gbpUsd),
    Math.log(first(TICKER.gbpTry) / usd0),
    gbpSteps,
  );
  const logGold = bridge(Math.log(START_LEVELS.goldUsd), Math.log(first(TICKER.xauUsd)), goldSteps);
  const usd = logUsd.map((x) => round(Math.exp(x), 4));
  const xauUsd = logGold.map((x) => round(Math.exp(x), 2));
  const xau = usd.map((u, k) => round(u * xauUsd[k]!, 2));
  put(TICKER.usdTry, usd, (x) => x);
  out.set(
    TICKER.eurTry,
    Float64Array.from({ length: m }, (_, k) => round(Math.exp(logUsd[k]! + logEurUsd[k]!), 4)),
  );
  out.set(
    TICKER.gbpTry,
    Float64Array.from({ length: m }, (_, k) => round(Math.exp(logUsd[k]! + logGbpUsd[k]!), 4)),
  );
  put(TICKER.xauUsd, xauUsd, (x) => x);
  put(TICKER.xauTry, xau, (x) => x);
  put(TICKER.gramGold, xau, (x) => round(x / GRAMS_PER_TROY_OUNCE, 4));

  // Shares: GARCH market factor with the crisis moves, sector and idiosyncratic noise, chained
  // back from the first simulated prices.
  const marketShock = new Float64Array(m + 1);
  const marketVol = new Float64Array(m + 1);
  const longRunVar = (0.25 / Math.sqrt(252)) ** 2;
  let variance = longRunVar;
  let lastShock = 0;
  for (let k = 0; k <= m; k++) {
    variance = longRunVar * 0.02 + 0.08 * lastShock * lastShock + 0.9 * variance;
    marketVol[k] = Math.sqrt(variance);
    lastShock = k === 0 ? 0 : marketVol[k]! * rnd.studentT(5) + crisis.equity[k]!;
    marketShock[k] = lastShock;
  }
  const sectorShock = new Map<Sector, Float64Array>();
  for (const sector of SECTORS) {
    const values = new Float64Array(m + 1);
    for (let k = 1; k <= m; k++) values[k] = 0.007 * rnd.studentT(5);
    sectorShock.set(sector, values);
  }
  const caps = new Float64Array(m + 1);
  const caps30 = new Float64Array(m + 1);
  for (const stock of STOCKS) {
    const { beta, idioVol } = SECTOR_RISK[stock.sector];
    const sector = sectorShock.get(stock.sector)!;
    const returns = new Float64Array(m + 1);
    for (let k = 1; k <= m; k++) {
      returns[k] =
        EQUITY_DRIFT +
        beta * marketShock[k]! +
        sector[k]! +
        idioVol * rnd.studentT(4.5) +
        0.15 * (usdSteps[k]! - crisis.usd[k]!);
    }
    const logPrice = backward(first(stock.ticker), returns);
    const prices = logPrice.map((x) => round(Math.max(0.01, Math.exp(x)), 2));
    prices[m] = first(stock.ticker);
    put(stock.ticker, prices, (x) => x);
    for (let k = 0; k <= m; k++) {
      caps[k] = caps[k]! + prices[k]! * stock.sharesMn;
      if (BIST30_TICKERS.has(stock.ticker)) caps30[k] = caps30[k]! + prices[k]! * stock.sharesMn;
    }
  }
  // The indices are built as in the simulated window: capitalisation over the window's first day's.
  const x100 = first(TICKER.bist100);
  const x30 = first(TICKER.bist30);
  put(TICKER.bist100, caps, (c) => round((c / caps[m]!) * x100, 2));
  put(TICKER.bist30, caps30, (c) => round((c / caps30[m]!) * x30, 2));
  put(TICKER.bist30Vol, marketVol, (v) =>
    round(Math.min(70, Math.max(14, 100 * (0.7 * v * Math.sqrt(252) + 0.07))), 2),
  );

  // Curve: level and slope as bridges to the window's first factors, with policy-meeting jumps
  // and the crisis moves.
  const levelSteps = new Float64Array(m + 1);
  const slopeSteps = new Float64Array(m + 1);
  for (let k = 1; k <= m; k++) {
    levelSteps[k] = 0.09 * rnd.studentT(4) + crisis.level[k]!;
    slopeSteps[k] = 0.11 * rnd.studentT(4) + crisis.slope[k]! + (k % 30 === 0 ? rnd.normal() : 0);
  }
  const level = bridge(START_CURVE.level, market.curveFactors.level[0]!, levelSteps).map((x) =>
    Math.min(50, Math.max(6, x)),
  );
  const slope = bridge(START_CURVE.slope, market.curveFactors.slope[0]!, slopeSteps).map((x) =>
    Math.min(25, Math.max(-12, x)),
  );
  const yieldPct = (k: number, days: number) =>
    k === m ? market.yieldPct(0, days) : level[k]! + slope[k]! * Math.exp(-days / 365 / 1.5);
  for (const point of CURVE_POINTS) {
    out.set(
      point.ticker,
      Float64Array.from({ length: m }, (_, k) => round(yieldPct(k, point.days), 4)),
    );
  }
  const tlref = Float64Array.from({ length: m }, (_, k) =>
    round(Math.max(5, yieldPct(k, 1) - 1.5), 4),
  );
  out.set(TICKER.tlref, tlref);

  // Money-market and bond indices chained back from their first simulated values.
  const mm = new Float64Array(m + 1);
  const bond = new Float64Array(m + 1);
  mm[m] = first(TICKER.moneyMarketIndex);
  bond[m] = first(TICKER.bondIndex);
  for (let k = m; k >= 1; k--) {
    mm[k - 1] = mm[k]! / (1 + (tlref[k - 1]! / 100) * (gap[k]! / 365));
    const y0 = yieldPct(k - 1, 730) / 100;
    const y1 = yieldPct(k, 730) / 100;
    bond[k - 1] = bond[k]! / (1 + y0 * (gap[k]! / 365) - (1.75 * (y1 - y0)) / (1 + y0));
  }
  put(TICKER.moneyMarketIndex, mm, (x) => round(x, 4));
  put(TICKER.bondIndex, bond, (x) => round(x, 4));

  // CPI: the simulated window's monthly index extended back at about 1,3 % a month (TÜİK TÜFE
  // 2018-2020 averaged roughly 1-1,5 % a month), then the daily reference index (3-month lag).
  const cpiByMonth: Record<string, number> = { ...market.cpiByMonth };
  const months = Object.keys(cpiByMonth).sort();
  let month = parseIsoDate(`${months[0]!}-01`);
  let cpi = cpiByMonth[months[0]!]!;
  const firstNeeded = formatIsoDate(addMonths(parseIsoDate(earlyDates[0]!), -4)).slice(0, 7);
  while (formatIsoDate(month).slice(0, 7) > firstNeeded) {
    month = addMonths(month, -1);
    cpi /= 1 + Math.max(0.004, 0.013 + 0.004 * rnd.normal());
    cpiByMonth[formatIsoDate(month).slice(0, 7)] = round(cpi, 4);
  }
  out.set(
    TICKER.cpi,
    Float64Array.from(earlyDates, (d) => round(referenceIndex(d, cpiByMonth), 4)),
  );
  return out;
}
