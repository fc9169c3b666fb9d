import { addMonths, formatIsoDate, parseIsoDate, referenceIndex } from '@fonrisk/risk';
import { businessDaysBetween, daysBetween } from './calendar.ts';
import { crisisMoves } from './crises.ts';
import { createDemoRandom, subSeed } from './random.ts';
import { BIST30_TICKERS, SECTOR_RISK, SECTORS, STOCKS, type Sector } from './stocks.ts';
import type { GeneratedSeries } from './types.ts';

/** Months of history before the end date: a little over the three years the issue asks for. */
export const HISTORY_MONTHS = 37;

/** Curve tenors (days) and their series tickers. */
export const CURVE_POINTS = [
  { ticker: 'TRYC-3A', label: '3 Ay', days: 91 },
  { ticker: 'TRYC-6A', label: '6 Ay', days: 182 },
  { ticker: 'TRYC-1Y', label: '1 Yıl', days: 365 },
  { ticker: 'TRYC-2Y', label: '2 Yıl', days: 730 },
  { ticker: 'TRYC-5Y', label: '5 Yıl', days: 1825 },
  { ticker: 'TRYC-10Y', label: '10 Yıl', days: 3650 },
] as const;

export const TICKER = {
  bist100: 'XU100',
  bist30: 'XU030',
  bondIndex: 'DIBSTUM',
  moneyMarketIndex: 'PPENDEKS',
  usdTry: 'USDTRY',
  eurTry: 'EURTRY',
  gbpTry: 'GBPTRY',
  xauTry: 'XAUTRY',
  xauUsd: 'XAUUSD',
  gramGold: 'GAUTRY',
  tlref: 'TLREF',
  cpi: 'TUFE',
  bist30Vol: 'XU030VOL',
} as const;

export const GRAMS_PER_TROY_OUNCE = 31.1034768;
/** Log-linear lira depreciation drift: 24 % a year before jumps (about 30 % with them). */
const USDTRY_DRIFT = Math.log(1.24) / 252;
export const EQUITY_DRIFT = Math.log(1.2) / 252;

/** The simulated market every other part of the demo prices from. */
export interface Market {
  readonly dates: readonly string[];
  /** Calendar days from the previous business day (first date: 1). */
  readonly gapDays: Int32Array;
  readonly series: Map<string, GeneratedSeries>;
  /** Zero-coupon TRY government yield in percent for a remaining maturity in days on date index t. */
  yieldPct(t: number, days: number): number;
  /** TRY per one unit of USD, EUR, GBP and (troy ounce of) XAU by date index. */
  readonly fx: Readonly<Record<'USD' | 'EUR' | 'GBP' | 'XAU', Float64Array>>;
  /** Monthly CPI by `YYYY-MM`, from well before the history to after its end. */
  readonly cpiByMonth: Readonly<Record<string, number>>;
  /** Daily market-factor return (for derived mixes). */
  readonly marketFactor: Float64Array;
  /** Curve factors in percentage points: yieldPct(t, τ) = level[t] + slope[t]·exp(−τ/1.5 years). */
  readonly curveFactors: { readonly level: Float64Array; readonly slope: Float64Array };
}

/** The history's business days: HISTORY_MONTHS months back to `endDate`. */
export function historyDates(endDate: string): string[] {
  const start = formatIsoDate(addMonths(parseIsoDate(endDate), -HISTORY_MONTHS));
  return businessDaysBetween(start, endDate);
}

function newSeries(
  n: number,
  ticker: string,
  name: string,
  kind: GeneratedSeries['kind'],
  currency = 'TRY',
  tenorDays: number | null = null,
): GeneratedSeries {
  return { ticker, name, kind, currency, tenorDays, values: new Float64Array(n).fill(Number.NaN) };
}

const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/**
 * Simulates the demo market over `dates` (pure in seed and dates):
 * - shares: log return = drift + beta × market + sector + idiosyncratic, each a unit-variance
 *   Student-t (df 5, 5, 4.5) draw; the market factor's variance follows GARCH(1,1)
 *   (α 0.08, β 0.90, 25 % a year long-run), and a lira shock lifts lira share prices a little (0.15 × the USD/TRY move);
 * - BIST 100 / BIST 30: capitalisation-weighted over all 40 / the 30 largest shares;
 * - USD/TRY: 28 % a year drift, t-distributed noise and rare 2-6 % jumps; EUR and GBP through
 *   mean-reverting cross rates; gold in TRY = gold in USD × USD/TRY;
 * - yield curve: level and slope (inverted) factors with mean reversion and policy-meeting jumps;
 *   TLREF follows the short end; a monthly CPI with ~2.5 % inflation a month;
 * - the crisis episodes of crises.ts whose windows fall on `dates` (USD/TRY, shares, gold, curve).
 */
export function simulateMarket(seed: number, dates: readonly string[]): Market {
  const n = dates.length;
  const rnd = createDemoRandom(subSeed(seed, 'market'));
  const series = new Map<string, GeneratedSeries>();
  const add = (s: GeneratedSeries) => {
    series.set(s.ticker, s);
    return s.values;
  };
  const crisis = crisisMoves(dates);
  const gapDays = new Int32Array(n);
  for (let t = 0; t < n; t++) gapDays[t] = t === 0 ? 1 : daysBetween(dates[t - 1]!, dates[t]!);

  // FX and gold.
  const usd = new Float64Array(n);
  const eur = new Float64Array(n);
  const gbp = new Float64Array(n);
  const xauUsd = new Float64Array(n);
  const fxShock = new Float64Array(n);
  let logUsd = Math.log(19.2);
  let logEurUsd = Math.log(1.08);
  let logGbpUsd = Math.log(1.26);
  let logGold = Math.log(1940);
  for (let t = 0; t < n; t++) {
    if (t > 0) {
      const jump = rnd.chance(1 / 180) ? rnd.between(0.02, 0.06) : 0;
      const shock = 0.0032 * rnd.studentT(4) + jump;
      fxShock[t] = shock;
      logUsd += USDTRY_DRIFT * gapDays[t]! * (5 / 7) + shock + crisis.usd[t]!;
      logEurUsd += 0.01 * (Math.log(1.09) - logEurUsd) + 0.0045 * rnd.studentT(5);
      logGbpUsd += 0.01 * (Math.log(1.27) - logGbpUsd) + 0.005 * rnd.studentT(5);
      logGold += Math.log(1.1) / 252 + 0.009 * rnd.studentT(4) + crisis.goldUsd[t]!;
    }
    usd[t] = round(Math.exp(logUsd), 4);
    eur[t] = round(Math.exp(logUsd + logEurUsd), 4);
    gbp[t] = round(Math.exp(logUsd + logGbpUsd), 4);
    xauUsd[t] = round(Math.exp(logGold), 2);
  }
  const xau = usd.map((u, t) => round(u * xauUsd[t]!, 2));
  add(newSeries(n, TICKER.usdTry, 'ABD Doları / Türk Lirası', 'fxRate')).set(usd);
  add(newSeries(n, TICKER.eurTry, 'Euro / Türk Lirası', 'fxRate')).set(eur);
  add(newSeries(n, TICKER.gbpTry, 'İngiliz Sterlini / Türk Lirası', 'fxRate')).set(gbp);
  add(newSeries(n, TICKER.xauTry, 'Altın (ons) / Türk Lirası', 'fxRate')).set(xau);
  add(newSeries(n, TICKER.xauUsd, 'Altın ons fiyatı (ABD Doları)', 'price', 'USD')).set(xauUsd);
  add(newSeries(n, TICKER.gramGold, 'Gram altın (TL)', 'price')).set(
    xau.map((v) => round(v / GRAMS_PER_TROY_OUNCE, 4)),
  );

  // Shares: GARCH market factor, sector factors, idiosyncratic noise.
  const market = new Float64Array(n);
  const marketVol = new Float64Array(n);
  const longRunVar = (0.25 / Math.sqrt(252)) ** 2;
  let variance = longRunVar;
  let lastShock = 0;
  for (let t = 0; t < n; t++) {
    variance = longRunVar * 0.02 + 0.08 * lastShock * lastShock + 0.9 * variance;
    marketVol[t] = Math.sqrt(variance);
    lastShock = t === 0 ? 0 : marketVol[t]! * rnd.studentT(5) + crisis.equity[t]!;
    market[t] = lastShock;
  }
  const sectorShock = new Map<Sector, Float64Array>();
  for (const sector of SECTORS) {
    const values = new Float64Array(n);
    for (let t = 1; t < n; t++) values[t] = 0.007 * rnd.studentT(5);
    sectorShock.set(sector, values);
  }
  const caps = new Float64Array(n);
  const caps30 = new Float64Array(n);
  for (const stock of STOCKS) {
    const { beta, idioVol } = SECTOR_RISK[stock.sector];
    const sector = sectorShock.get(stock.sector)!;
    const values = add(newSeries(n, stock.ticker, stock.name, 'price'));
    let logPrice = Math.log(stock.price);
    for (let t = 0; t < n; t++) {
      if (t > 0) {
        const r =
          EQUITY_DRIFT +
          beta * market[t]! +
          sector[t]! +
          idioVol * rnd.studentT(4.5) +
          0.15 * fxShock[t]!;
        logPrice += r;
      }
      const price = round(Math.max(0.01, Math.exp(logPrice)), 2);
      values[t] = price;
      caps[t] = caps[t]! + price * stock.sharesMn;
      if (BIST30_TICKERS.has(stock.ticker)) caps30[t] = caps30[t]! + price * stock.sharesMn;
    }
  }
  add(newSeries(n, TICKER.bist100, 'BIST 100 Endeksi', 'index')).set(
    caps.map((c) => round((c / caps[0]!) * 7800, 2)),
  );
  add(newSeries(n, TICKER.bist30, 'BIST 30 Endeksi', 'index')).set(
    caps30.map((c) => round((c / caps30[0]!) * 8500, 2)),
  );
  add(newSeries(n, TICKER.bist30Vol, 'BIST 30 örtük oynaklık (yüzde, yıllık)', 'index')).set(
    marketVol.map((v) =>
      round(Math.min(70, Math.max(14, 100 * (0.7 * v * Math.sqrt(252) + 0.07))), 2),
    ),
  );

  // Yield curve: level L and slope S in percentage points; y(τ) = L + S·exp(−τ/1.5 years).
  const level = new Float64Array(n);
  const slope = new Float64Array(n);
  let L = 27;
  let Sl = 9;
  for (let t = 0; t < n; t++) {
    if (t > 0) {
      L += 0.004 * (30 - L) + 0.09 * rnd.studentT(4);
      Sl += 0.004 * (7 - Sl) + 0.11 * rnd.studentT(4);
      if (t % 30 === 0) {
        // Policy-rate decision: the short end jumps.
        Sl += 1.2 * rnd.normal();
        L += 0.4 * rnd.normal();
      }
      L += crisis.level[t]!;
      Sl += crisis.slope[t]!;
      L = Math.min(38, Math.max(21, L));
      Sl = Math.min(14, Math.max(-3, Sl));
    }
    level[t] = L;
    slope[t] = Sl;
  }
  const yieldPct = (t: number, days: number) => level[t]! + slope[t]! * Math.exp(-days / 365 / 1.5);
  for (const point of CURVE_POINTS) {
    const values = add(
      newSeries(
        n,
        point.ticker,
        `TL Devlet İç Borçlanma getiri eğrisi ${point.label}`,
        'curvePoint',
        'TRY',
        point.days,
      ),
    );
    for (let t = 0; t < n; t++) values[t] = round(yieldPct(t, point.days), 4);
  }
  const tlref = add(
    newSeries(n, TICKER.tlref, 'TLREF gecelik referans faiz oranı (yüzde)', 'yield'),
  );
  for (let t = 0; t < n; t++) tlref[t] = round(Math.max(10, yieldPct(t, 1) - 1.5), 4);

  // Money-market index accrues TLREF; the bond index is a two-year constant-maturity bond.
  const mm = add(newSeries(n, TICKER.moneyMarketIndex, 'Para Piyasası Endeksi', 'index'));
  const bond = add(newSeries(n, TICKER.bondIndex, 'DİBS Tüm Endeksi', 'index'));
  mm[0] = 1000;
  bond[0] = 1000;
  for (let t = 1; t < n; t++) {
    const carry = (tlref[t - 1]! / 100) * (gapDays[t]! / 365);
    mm[t] = mm[t - 1]! * (1 + carry);
    const y0 = yieldPct(t - 1, 730) / 100;
    const y1 = yieldPct(t, 730) / 100;
    bond[t] = bond[t - 1]! * (1 + y0 * (gapDays[t]! / 365) - (1.75 * (y1 - y0)) / (1 + y0));
  }
  for (let t = 0; t < n; t++) {
    mm[t] = round(mm[t]!, 4);
    bond[t] = round(bond[t]!, 4);
  }

  // Monthly CPI, from six years before the end to three months after it.
  const cpiByMonth: Record<string, number> = {};
  const first = addMonths(parseIsoDate(dates[0]!), -30);
  let cpi = 1000;
  let inflation = 0.025;
  for (let m = 0; m < HISTORY_MONTHS + 36; m++) {
    cpiByMonth[formatIsoDate(addMonths(first, m)).slice(0, 7)] = round(cpi, 4);
    inflation = 0.025 + 0.6 * (inflation - 0.025) + 0.004 * rnd.normal();
    cpi *= 1 + Math.max(0.005, inflation);
  }
  const cpiValues = add(
    newSeries(n, TICKER.cpi, 'TÜFE günlük referans endeksi (3 ay gecikmeli)', 'index'),
  );
  for (let t = 0; t < n; t++) cpiValues[t] = round(referenceIndex(dates[t]!, cpiByMonth), 4);

  return {
    dates,
    gapDays,
    series,
    yieldPct,
    fx: { USD: usd, EUR: eur, GBP: gbp, XAU: xau },
    cpiByMonth,
    marketFactor: market,
    curveFactors: { level, slope },
  };
}
