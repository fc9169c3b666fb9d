/**
 * The large manager's data set of `npm run bench -- night` (issue 25): a seeded, generated house
 * that is not the demo. By default 100 funds of 200 positions (20,000 holdings rows a day), 3,000
 * price series over 10 years of Turkish business days, and the demo's instrument mix: shares,
 * government bonds (DİBS), corporate bonds, TLREF floaters, deposits, reverse repo, Takasbank money
 * market, fund units, BIST 100 futures and options, and USD deposits.
 *
 * Everything here is pure (no clock, no I/O): the same size and seed give the same files. The
 * files are written as a user writes them (import-files.ts), Turkish style: ';' separated, decimal
 * commas, dd.mm.yyyy dates.
 *
 * The model is deliberately simple, plausible rather than calibrated: one equity factor (BIST 100),
 * one TRY rate path (TLREF), USD/TRY and EUR/USD random walks; shares load on the equity factor,
 * bonds are priced off the rate path (plus a spread for corporates) from their coupon schedule
 * (the TL government curve, flat, and the TLREF rate series publish the path), their series
 * carry clean prices and their holdings are valued dirty (as the demo's),
 * floaters accrue TLREF plus spread to their quarterly reset, futures carry the index at the rate,
 * options are priced by Black-Scholes-Merton at 30 % volatility.
 */
import {
  TURKISH_CALENDAR,
  addMonths,
  blackScholesMerton,
  businessDaysInRange,
  createRng,
  formatIsoDate,
  parseIsoDate,
  type Rng,
} from '@fonrisk/risk';
import { CURVE_POINTS } from '../../apps/api/src/demo/market/market.ts';
import {
  FUND_CATEGORY_LABELS,
  type FundCategory,
  type InstrumentMainType,
  type MarketSeriesKind,
} from '@fonrisk/contracts';

export interface NightSize {
  readonly funds: number;
  readonly positionsPerFund: number;
  /** Price series in all: market factors, instruments and the funds' own unit prices. */
  readonly series: number;
  readonly years: number;
  readonly seed: number;
  /** The batch date: the last business day of the data. */
  readonly endDate: string;
}

/**
 * The generator's version: a database kept with `--keep-dir` is reused only for the same sizes
 * and version. 2: the TL curve and TLREF (decision 0136); 3: bonds' clean price series (0138);
 * 4: futures and options held, 5: options sized by notional (decision 0141).
 */
export const NIGHT_DATA_VERSION = 5;

/** The sizes issue 25 names. */
export const NIGHT_SIZE: NightSize = {
  funds: 100,
  positionsPerFund: 200,
  series: 3000,
  years: 10,
  seed: 25,
  endDate: '2026-11-27',
};

export interface NightSeries {
  readonly ticker: string;
  readonly name: string;
  readonly kind: MarketSeriesKind;
  readonly currency: string;
  /** A curve point's tenor in days (the TL government curve), else absent. */
  readonly tenorDays?: number;
  /** One value per data-set date; NaN where the series does not exist yet (or any more). */
  readonly values: Float64Array;
}

/** One row of the instruments file, by import column key. */
export type InstrumentRow = Readonly<Record<string, string | number | boolean | null>>;

export interface NightInstrument {
  readonly code: string;
  readonly mainType: InstrumentMainType;
  readonly currency: string;
  readonly row: InstrumentRow;
  /**
   * The price the holding is valued at on date index t (bonds: dirty per 100 nominal, while their
   * series carry the clean price); NaN when not traded.
   */
  price(t: number): number;
  /** Value of one nominal unit per unit of price. */
  readonly perUnit: number;
  /** Futures are held at zero value (daily settlement into the margin account). */
  readonly zeroValue: boolean;
  /** The series that carries its risk, and whether it is its own or a stand-in. */
  readonly mapping: { readonly ticker: string; readonly kind: 'direct' | 'proxy' };
}

export interface NightFund {
  readonly code: string;
  readonly name: string;
  readonly category: FundCategory;
  /** Positions: instrument code and nominal held (constant over the holdings dates). */
  readonly positions: readonly { readonly code: string; readonly nominal: number }[];
}

export interface NightDataSet {
  readonly size: NightSize;
  readonly dates: readonly string[];
  readonly series: readonly NightSeries[];
  readonly instruments: readonly NightInstrument[];
  readonly funds: readonly NightFund[];
  /** Dates with holdings files: month-ends of the last year and the last five business days. */
  readonly holdingsDates: readonly number[];
  /** USD and EUR against TRY (mid), by date index. */
  readonly fx: Readonly<Record<'USD' | 'EUR', Float64Array>>;
}

export const MARKET = {
  equityIndex: 'XU100',
  moneyMarketIndex: 'TLREF-ENDEKS',
  /** The overnight rate itself (percent): the floaters' reference index (their coupon projection). */
  referenceRate: 'TLREF',
  usdTry: 'USDTRY',
  eurTry: 'EURTRY',
} as const;

/** The management company of the bench's funds. */
export const ASSET_MANAGER = 'Gece Portföy Yönetimi A.Ş. (Bench verisi)';
const BANKS = Array.from({ length: 12 }, (_, i) => `Bench Bankası ${String(i + 1)} A.Ş.`);
const SECTORS = [
  'Bankacılık',
  'Sanayi',
  'Enerji',
  'Perakende',
  'Holding',
  'Teknoloji',
  'Ulaştırma',
];
/** Share of the instrument series (after the market factors and the funds' own series) per kind. */
const MIX = {
  stock: 0.45,
  governmentBond: 0.12,
  corporateBond: 0.1,
  floater: 0.05,
  fundShare: 0.18,
  future: 0.04,
  option: 0.06,
} as const;
/**
 * Business days of history a held instrument has at least: the backtest's year of days, each with
 * its VaR window before it (and some). Younger bonds and the derivatives' own short lives are
 * mapped to proxies in a real house; the bench simply holds instruments with this much history.
 */
const HISTORY_NEEDED = 800;
/**
 * Derivatives are listed from the oldest day a holding needs on: HISTORY_NEEDED days before the
 * last, so HISTORY_NEEDED + 1 days in all (with HISTORY_NEEDED days no fund could hold one).
 */
const DERIVATIVE_DAYS = HISTORY_NEEDED + 1;

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Year fraction between two date indices' ISO dates (ACT/365). */
function yearsBetween(from: string, to: string): number {
  return (parseIsoDate(to) - parseIsoDate(from)) / 365;
}

/** Coupon dates (ISO) of a bond from its maturity backwards, every 12/frequency months, after `after`. */
function couponDates(maturity: string, frequency: number, after: string): string[] {
  const out: string[] = [];
  const step = 12 / frequency;
  for (let k = 0; ; k++) {
    const d = formatIsoDate(addMonths(parseIsoDate(maturity), -k * step));
    if (d <= after) break;
    out.push(d);
  }
  return out.reverse();
}

interface Market {
  readonly equity: Float64Array;
  readonly equityReturns: Float64Array;
  readonly rate: Float64Array;
  readonly moneyMarket: Float64Array;
  readonly usd: Float64Array;
  readonly eur: Float64Array;
}

function simulateMarket(rng: Rng, dates: readonly string[]): Market {
  const n = dates.length;
  const equity = new Float64Array(n);
  const equityReturns = new Float64Array(n);
  const rate = new Float64Array(n);
  const moneyMarket = new Float64Array(n);
  const usd = new Float64Array(n);
  const eur = new Float64Array(n);
  equity[0] = 800;
  rate[0] = 0.1;
  moneyMarket[0] = 100;
  usd[0] = 2.9;
  let eurUsd = 1.1;
  for (let t = 1; t < n; t++) {
    const level = 0.1 + (0.35 * t) / n; // the rate drifts from 10 % to about 45 %
    rate[t] = Math.max(0.05, rate[t - 1]! + 0.05 * (level - rate[t - 1]!) + 0.002 * rng.normal());
    const days = parseIsoDate(dates[t]!) - parseIsoDate(dates[t - 1]!);
    moneyMarket[t] = moneyMarket[t - 1]! * (1 + (rate[t - 1]! * days) / 365);
    const r = 0.0011 + 0.015 * rng.normal();
    equityReturns[t] = r;
    equity[t] = equity[t - 1]! * Math.exp(r);
    usd[t] = usd[t - 1]! * Math.exp(0.0011 + 0.007 * rng.normal());
    eurUsd *= Math.exp(0.004 * rng.normal());
    eur[t] = usd[t]! * eurUsd;
  }
  eur[0] = usd[0] * 1.1;
  return { equity, equityReturns, rate, moneyMarket, usd, eur };
}

/**
 * A fixed-coupon bond's coupon dates (day numbers, ascending, the last its maturity) from a year
 * before `from` on: every day priced from `from` on finds its next coupon in it and the one
 * before. Formed once a bond; pricing each day by dates formed each day took most of the
 * generation's time.
 */
function couponDays(maturity: string, frequency: number, from: string): number[] {
  return couponDates(maturity, frequency, formatIsoDate(addMonths(parseIsoDate(from), -12))).map(
    parseIsoDate,
  );
}

/**
 * Dirty price per 100 nominal on `day` of a fixed-coupon bond at yield y (annual, continuous
 * discounting): its coupons from `schedule[next]` on (the first after `day`) and its redemption.
 */
function fixedBondPrice(
  day: number,
  schedule: readonly number[],
  next: number,
  couponPct: number,
  frequency: number,
  y: number,
): number {
  let pv = 0;
  for (let k = next; k < schedule.length; k++)
    pv += (couponPct / frequency) * Math.exp(-y * ((schedule[k]! - day) / 365));
  return pv + 100 * Math.exp(-y * ((schedule.at(-1)! - day) / 365));
}

/**
 * Accrued interest per 100 nominal on `day` of a bond paying `couponPct / frequency` on the dates
 * of `schedule`, `next` the first after `day`: the current period's coupon times the share of the
 * period run (ACT/ACT by days).
 */
function accruedPct(
  day: number,
  schedule: readonly number[],
  next: number,
  couponPct: number,
  frequency: number,
): number {
  const previous = schedule[next - 1]!;
  return (couponPct / frequency) * ((day - previous) / 365 / ((schedule[next]! - previous) / 365));
}

/** Generates the data set for `size`. About 8 million values at the default size. */
export function generateNightData(size: NightSize = NIGHT_SIZE): NightDataSet {
  const rng = createRng(size.seed);
  /** The floaters' discount margins: their own stream, added after the rest was drawn. */
  const marginRng = createRng(size.seed + 1_000_003);
  const start = formatIsoDate(addMonths(parseIsoDate(size.endDate), -12 * size.years));
  const dates = businessDaysInRange(start, size.endDate, TURKISH_CALENDAR);
  const n = dates.length;
  const last = n - 1;
  const market = simulateMarket(rng, dates);
  const series: NightSeries[] = [
    {
      ticker: MARKET.equityIndex,
      name: 'BIST 100 Endeksi',
      kind: 'index',
      currency: 'TRY',
      values: market.equity,
    },
    {
      ticker: MARKET.moneyMarketIndex,
      name: 'TLREF Getiri Endeksi',
      kind: 'index',
      currency: 'TRY',
      values: market.moneyMarket,
    },
    {
      ticker: MARKET.usdTry,
      name: 'ABD Doları / TL',
      kind: 'fxRate',
      currency: 'TRY',
      values: market.usd,
    },
    {
      ticker: MARKET.eurTry,
      name: 'Euro / TL',
      kind: 'fxRate',
      currency: 'TRY',
      values: market.eur,
    },
  ];
  const instruments: NightInstrument[] = [];
  const own = size.funds;
  const rest = Math.max(0, size.series - series.length - own);
  // The floaters' reference rate, as a market data provider publishes it (percent a year): the
  // bond analysis projects their coupons from it. Beside the count above, which it predates.
  // The TL government curve the bonds are priced on: the rate path at every tenor (the model's
  // curve is flat; corporates add their spread), published as the market quotes a government
  // bond's yield, compounded annually (the model discounts continuously at the rate). The stress
  // test reprices the bonds on it, the bond analysis takes its key-rate durations and the bonds'
  // spreads over it.
  const ratePct = market.rate.map((r) => r * 100);
  const curvePct = market.rate.map((r) => Math.expm1(r) * 100);
  series.push(
    {
      ticker: MARKET.referenceRate,
      name: 'TLREF gecelik referans faiz oranı (yüzde)',
      kind: 'yield',
      currency: 'TRY',
      values: ratePct,
    },
    // The demo's tenors and tickers: a house's curve is the market's, named as its provider does.
    ...CURVE_POINTS.map((point) => ({
      ticker: point.ticker,
      name: `TL Devlet İç Borçlanma getiri eğrisi ${point.label}`,
      kind: 'curvePoint' as const,
      currency: 'TRY',
      tenorDays: point.days,
      values: curvePct,
    })),
  );
  const counts = Object.fromEntries(
    Object.entries(MIX).map(([k, share]) => [k, Math.max(1, Math.round(rest * share))]),
  ) as Record<keyof typeof MIX, number>;

  const addSeries = (ticker: string, name: string, values: Float64Array) =>
    series.push({ ticker, name, kind: 'price', currency: 'TRY', values });
  const common = (
    code: string,
    name: string,
    mainType: InstrumentMainType,
    issuer: string | null,
    sector: string | null,
  ) => ({
    investmentInstrumentCode: code,
    investmentInstrumentName: name,
    investmentInstrumentMainType: mainType,
    currency: 'TRY',
    issuer,
    issuerGroup: issuer,
    sector,
  });

  // Shares: beta to the equity factor plus their own noise.
  for (let i = 0; i < counts.stock; i++) {
    const code = `GH${pad(i, 4)}`;
    const beta = 0.6 + 0.8 * rng.uniform();
    const sigma = 0.01 + 0.02 * rng.uniform();
    const values = new Float64Array(n);
    values[0] = 5 + 95 * rng.uniform();
    for (let t = 1; t < n; t++)
      values[t] =
        values[t - 1]! *
        Math.exp(beta * market.equityReturns[t]! + sigma * rng.normal() - (sigma * sigma) / 2);
    for (let t = 0; t < n; t++) values[t] = round(values[t]!, 4);
    const issuer = `Gece Hisse ${String(i)} A.Ş.`;
    addSeries(code, `${issuer} Pay`, values);
    instruments.push({
      code,
      mainType: 'stock',
      currency: 'TRY',
      row: common(code, `${issuer} Pay`, 'stock', issuer, SECTORS[i % SECTORS.length]!),
      price: (t) => values[t]!,
      perUnit: 1,
      zeroValue: false,
      mapping: { ticker: code, kind: 'direct' },
    });
  }

  // Government and corporate bonds: fixed coupons, semi-annual, ACT/365, priced off the rate path.
  const bond = (i: number, kind: 'governmentBond' | 'corporateBond') => {
    const gov = kind === 'governmentBond';
    const code = `${gov ? 'GT' : 'GO'}${pad(i, 4)}`;
    const issueYearsAgo = 0.5 + (size.years - 1) * rng.uniform();
    const issue = formatIsoDate(
      addMonths(parseIsoDate(size.endDate), -Math.round(issueYearsAgo * 12)),
    );
    const maturity = formatIsoDate(
      addMonths(parseIsoDate(size.endDate), 3 + Math.round(rng.uniform() * (gov ? 96 : 36))),
    );
    const spread = gov ? 0 : 0.01 + 0.03 * rng.uniform();
    const issueIndex = dates.findIndex((d) => d >= issue);
    const couponPct = round((market.rate[Math.max(0, issueIndex)]! + spread) * 100, 2);
    // The holding is valued at the dirty price; the market publishes the clean price (the
    // dirty price less the accrued coupon), which does not drop on a coupon date.
    const dirty = new Float64Array(n).fill(Number.NaN);
    const clean = new Float64Array(n).fill(Number.NaN);
    const first = Math.max(0, issueIndex);
    const schedule = couponDays(maturity, 2, dates[first]!);
    let next = 0;
    for (let t = first; t < n; t++) {
      const day = parseIsoDate(dates[t]!);
      while (schedule[next]! <= day) next++;
      dirty[t] = round(
        fixedBondPrice(day, schedule, next, couponPct, 2, market.rate[t]! + spread),
        4,
      );
      clean[t] = round(dirty[t]! - accruedPct(day, schedule, next, couponPct, 2), 4);
    }
    const issuer = gov ? 'T.C. Hazine ve Maliye Bakanlığı' : BANKS[i % BANKS.length]!;
    const name = gov ? `DİBS %${String(couponPct)} ${maturity}` : `${issuer} Tahvili ${maturity}`;
    addSeries(code, name, clean);
    instruments.push({
      code,
      mainType: kind,
      currency: 'TRY',
      row: {
        ...common(code, name, kind, issuer, gov ? 'Kamu' : 'Bankacılık'),
        couponType: 'fixed',
        couponRatePct: couponPct,
        couponFrequency: 2,
        dayCount: 'ACT/365',
        issueDate: issue,
        MaturityDate: maturity,
      },
      price: (t) => dirty[t]!,
      perUnit: 0.01,
      zeroValue: false,
      mapping: { ticker: code, kind: 'direct' },
    });
  };
  for (let i = 0; i < counts.governmentBond; i++) bond(i, 'governmentBond');
  for (let i = 0; i < counts.corporateBond; i++) bond(i, 'corporateBond');

  // TLREF floaters: quarterly resets, the coupon accrues TLREF plus spread since the last reset.
  for (let i = 0; i < counts.floater; i++) {
    const code = `GD${pad(i, 4)}`;
    const spreadBp = 50 + Math.round(250 * rng.uniform());
    const issue = formatIsoDate(
      addMonths(
        parseIsoDate(size.endDate),
        -3 * (1 + Math.floor(rng.uniform() * 4 * (size.years - 1))),
      ),
    );
    const maturity = formatIsoDate(
      addMonths(parseIsoDate(issue), 12 * (2 + Math.floor(rng.uniform() * 4))),
    );
    const finalDate =
      maturity > size.endDate ? maturity : formatIsoDate(addMonths(parseIsoDate(size.endDate), 6));
    const dirty = new Float64Array(n).fill(Number.NaN);
    const clean = new Float64Array(n).fill(Number.NaN);
    const resets = couponDates(finalDate, 4, issue);
    let r = 0;
    // The clean price moves with the market's discount margin over the quoted one (a mean-reverting
    // deviation, drawn from its own generator so that every other seeded value stays the same),
    // times the years left: the price of its credit, not of its coupon.
    let margin = 0;
    for (let t = dates.findIndex((d) => d >= issue); t >= 0 && t < n; t++) {
      while (r < resets.length && resets[r]! <= dates[t]!) r++;
      const lastReset = r === 0 ? issue : resets[r - 1]!;
      const accrued =
        (market.rate[t]! + spreadBp / 10_000) * yearsBetween(lastReset, dates[t]!) * 100;
      margin = 0.98 * margin + 0.0002 * marginRng.normal();
      clean[t] = round(100 * (1 - margin * Math.max(0, yearsBetween(dates[t]!, finalDate))), 4);
      dirty[t] = round(clean[t]! + accrued, 4);
    }
    const issuer = BANKS[(i + 3) % BANKS.length]!;
    const name = `${issuer} TLREF Değişken Faizli Tahvil ${finalDate}`;
    addSeries(code, name, clean);
    instruments.push({
      code,
      mainType: 'corporateBond',
      currency: 'TRY',
      row: {
        ...common(code, name, 'corporateBond', issuer, 'Bankacılık'),
        couponType: 'floating',
        couponRatePct: round((market.rate[last]! + spreadBp / 10_000) * 100, 2),
        couponFrequency: 4,
        dayCount: 'ACT/365',
        issueDate: issue,
        MaturityDate: finalDate,
        referenceIndex: 'TLREF',
        spreadBp,
      },
      price: (t) => dirty[t]!,
      perUnit: 0.01,
      zeroValue: false,
      mapping: { ticker: code, kind: 'direct' },
    });
  }

  // Fund units of other managers: a mix of the equity factor and the money-market carry.
  const categories: readonly FundCategory[] = [
    'equity',
    'debtInstruments',
    'moneyMarket',
    'variable',
    'mixed',
  ];
  for (let i = 0; i < counts.fundShare; i++) {
    const code = `GY${pad(i, 4)}`;
    const category = categories[i % categories.length]!;
    const equityShare =
      category === 'equity'
        ? 0.9
        : category === 'moneyMarket'
          ? 0
          : category === 'debtInstruments'
            ? 0.05
            : 0.4;
    const values = new Float64Array(n);
    values[0] = 1 + 4 * rng.uniform();
    for (let t = 1; t < n; t++) {
      const carry = (market.moneyMarket[t]! / market.moneyMarket[t - 1]! - 1) * (1 - equityShare);
      values[t] =
        values[t - 1]! *
        (1 + carry + equityShare * market.equityReturns[t]! + 0.001 * rng.normal());
    }
    for (let t = 0; t < n; t++) values[t] = round(values[t]!, 6);
    const name = `Bench ${String(i)} Portföy ${category === 'equity' ? 'Hisse Senedi' : 'Değişken'} Fonu`;
    addSeries(code, name, values);
    instruments.push({
      code,
      mainType: 'fundShare',
      currency: 'TRY',
      row: {
        ...common(code, name, 'fundShare', `Bench ${String(i % 20)} Portföy Yönetimi A.Ş.`, 'Fon'),
        fundCode: code,
        fundCategory: category,
        tefasFundType: 'YAT',
      },
      price: (t) => values[t]!,
      perUnit: 1,
      zeroValue: false,
      mapping: { ticker: code, kind: 'direct' },
    });
  }

  // BIST 100 futures and options, listed for the last DERIVATIVE_DAYS business days.
  const firstListed = Math.max(0, n - DERIVATIVE_DAYS);
  for (let i = 0; i < counts.future; i++) {
    const code = `GV${pad(i, 4)}`;
    const expiry = formatIsoDate(addMonths(parseIsoDate(size.endDate), 1 + (i % 12)));
    const values = new Float64Array(n).fill(Number.NaN);
    for (let t = firstListed; t < n; t++)
      values[t] = round(
        market.equity[t]! * Math.exp(market.rate[t]! * yearsBetween(dates[t]!, expiry)),
        2,
      );
    const name = `BIST 100 Vadeli ${expiry} (${String(i)})`;
    addSeries(code, name, values);
    instruments.push({
      code,
      mainType: 'future',
      currency: 'TRY',
      row: {
        ...common(code, name, 'future', 'Borsa İstanbul', null),
        underlying: MARKET.equityIndex,
        expiryDate: expiry,
        contractSize: 10,
      },
      price: (t) => values[t]!,
      perUnit: 10,
      zeroValue: true,
      mapping: { ticker: code, kind: 'direct' },
    });
  }
  for (let i = 0; i < counts.option; i++) {
    const code = `GP${pad(i, 4)}`;
    const type = i % 2 === 0 ? 'call' : 'put';
    const expiry = formatIsoDate(addMonths(parseIsoDate(size.endDate), 1 + (i % 6)));
    const strike = round(market.equity[last]! * (0.85 + 0.3 * rng.uniform()), 0);
    const values = new Float64Array(n).fill(Number.NaN);
    for (let t = firstListed; t < n; t++) {
      const v = blackScholesMerton({
        type,
        underlying: market.equity[t]!,
        strike,
        timeToExpiry: Math.max(1 / 365, yearsBetween(dates[t]!, expiry)),
        riskFreeRate: market.rate[t]!,
        volatility: 0.3,
      });
      values[t] = Math.max(0.01, round(v.price, 2));
    }
    const name = `BIST 100 ${type === 'call' ? 'Alım' : 'Satım'} Opsiyonu ${String(strike)} ${expiry}`;
    addSeries(code, name, values);
    instruments.push({
      code,
      mainType: 'option',
      currency: 'TRY',
      row: {
        ...common(code, name, 'option', 'Borsa İstanbul', null),
        underlying: MARKET.equityIndex,
        strike,
        expiryDate: expiry,
        optionType: type,
        exerciseStyle: 'european',
        contractSize: 100,
      },
      price: (t) => values[t]!,
      perUnit: 100,
      zeroValue: false,
      mapping: { ticker: code, kind: 'direct' },
    });
  }

  // Cash: deposits, reverse repo and Takasbank money market at par, mapped to TLREF as a proxy;
  // USD deposits at the USD/TRY rate.
  const cash = (
    code: string,
    name: string,
    mainType: InstrumentMainType,
    issuer: string,
    currency = 'TRY',
  ) =>
    instruments.push({
      code,
      mainType,
      currency,
      row: { ...common(code, name, mainType, issuer, 'Bankacılık'), currency },
      price: () => 1,
      perUnit: 1,
      zeroValue: false,
      mapping:
        currency === 'USD'
          ? { ticker: MARKET.usdTry, kind: 'direct' }
          : { ticker: MARKET.moneyMarketIndex, kind: 'proxy' },
    });
  BANKS.forEach((bank, i) => {
    cash(`GMEV${pad(i, 2)}`, `Vadeli Mevduat TL - ${bank}`, 'deposit', bank);
    cash(`GREP${pad(i, 2)}`, `Ters Repo - ${bank}`, 'reverseRepo', bank);
    cash(`GUSD${pad(i, 2)}`, `Vadeli Mevduat USD - ${bank}`, 'deposit', bank, 'USD');
  });
  cash('GTPP', 'Takasbank Para Piyasası', 'moneyMarket', 'Takasbank');

  const byKind = (test: (i: NightInstrument) => boolean) => instruments.filter(test);
  const pools = {
    stock: byKind((i) => i.mainType === 'stock'),
    bond: byKind((i) => i.mainType === 'governmentBond' || i.mainType === 'corporateBond'),
    fund: byKind((i) => i.mainType === 'fundShare'),
    derivative: byKind((i) => i.mainType === 'future' || i.mainType === 'option'),
    cash: byKind((i) => i.price(0) === 1),
  };
  const funds: NightFund[] = [];
  const oldest = Math.max(0, last - HISTORY_NEEDED);
  const fundCategories: readonly FundCategory[] = [
    'equity',
    'equity',
    'equity',
    'debtInstruments',
    'debtInstruments',
    'debtInstruments',
    'fundOfFunds',
    'variable',
    'variable',
    'moneyMarket',
  ];
  for (let f = 0; f < size.funds; f++) {
    const code = `NF${pad(f, 3)}`;
    const category = fundCategories[f % fundCategories.length]!;
    const share: Record<keyof typeof pools, number> =
      category === 'equity'
        ? { stock: 0.85, bond: 0, fund: 0, derivative: 0.05, cash: 0.1 }
        : category === 'debtInstruments'
          ? { stock: 0, bond: 0.85, fund: 0, derivative: 0, cash: 0.15 }
          : category === 'fundOfFunds'
            ? { stock: 0, bond: 0, fund: 0.9, derivative: 0, cash: 0.1 }
            : category === 'moneyMarket'
              ? { stock: 0, bond: 0.5, fund: 0, derivative: 0, cash: 0.5 }
              : { stock: 0.4, bond: 0.3, fund: 0.1, derivative: 0.05, cash: 0.15 };
    const nav = Math.exp(Math.log(1e8) + rng.uniform() * Math.log(50));
    const positions: { code: string; nominal: number }[] = [];
    for (const [pool, weight] of Object.entries(share) as [keyof typeof pools, number][]) {
      if (weight === 0) continue;
      const candidates = pools[pool].filter(
        (i) => !Number.isNaN(i.price(last)) && !Number.isNaN(i.price(oldest)),
      );
      const count = Math.min(
        candidates.length,
        Math.max(1, Math.round(size.positionsPerFund * weight)),
      );
      const picked = new Set<number>();
      while (picked.size < count) picked.add(Math.floor(rng.uniform() * candidates.length));
      const raw = [...picked].map(() => 0.2 + rng.uniform());
      const total = raw.reduce((s, x) => s + x, 0);
      [...picked].forEach((k, j) => {
        const ins = candidates[k]!;
        const value = (nav * weight * raw[j]!) / total;
        // Options: contracts of about the position's value in the index's notional, not in
        // premium (a far out-of-the-money put's premium bought 1.7 times the fund's value in
        // notional, and the fund gained 18 % in an equity crash; decision 0141).
        const unit =
          ins.mainType === 'option'
            ? market.equity[last]! * ins.perUnit
            : ins.price(last) * ins.perUnit * (ins.currency === 'USD' ? market.usd[last]! : 1);
        // Futures: contracts of about the position's notional, held at zero value.
        const nominal = Math.max(1, Math.round(value / unit / (ins.zeroValue ? 4 : 1)));
        positions.push({ code: ins.code, nominal });
      });
    }
    funds.push({
      code,
      name: `Gece ${String(f)} ${FUND_CATEGORY_LABELS[category]} (Bench verisi)`,
      category,
      positions: positions.slice(0, size.positionsPerFund),
    });
    // The fund's own unit price: its category's mix of the equity factor and the carry.
    const equityShare = share.stock + share.fund * 0.4;
    const values = new Float64Array(n);
    values[0] = 1;
    for (let t = 1; t < n; t++) {
      const carry = (market.moneyMarket[t]! / market.moneyMarket[t - 1]! - 1) * (1 - equityShare);
      values[t] =
        values[t - 1]! *
        (1 + carry + equityShare * market.equityReturns[t]! + 0.0008 * rng.normal());
    }
    for (let t = 0; t < n; t++) values[t] = round(values[t]!, 6);
    addSeries(code, `${funds[f]!.name} birim pay fiyatı`, values);
  }

  const monthEnds: number[] = [];
  for (let t = 0; t < last; t++)
    if (dates[t]!.slice(0, 7) !== dates[t + 1]!.slice(0, 7)) monthEnds.push(t);
  const holdingsDates = [
    ...new Set([...monthEnds.slice(-12), last - 4, last - 3, last - 2, last - 1, last]),
  ].sort((a, b) => a - b);
  return {
    size,
    dates,
    series,
    instruments,
    funds,
    holdingsDates,
    fx: { USD: market.usd, EUR: market.eur },
  };
}

/**
 * The demo's instrument mix (issue 25) as the night funds must hold it: each kind and how to tell
 * an instrument of it. `heldMix` counts the funds' rows of each; the bench stops on a kind none
 * holds (decision 0141: from the generator's first version no fund held a future or an option).
 */
const HELD_MIX: readonly {
  readonly label: string;
  readonly is: (i: NightInstrument) => boolean;
}[] = [
  { label: 'pay', is: (i) => i.mainType === 'stock' },
  { label: 'DİBS', is: (i) => i.mainType === 'governmentBond' },
  {
    label: 'özel sektör tahvili',
    is: (i) => i.mainType === 'corporateBond' && i.row['couponType'] !== 'floating',
  },
  {
    label: 'değişken faizli',
    is: (i) => i.mainType === 'corporateBond' && i.row['couponType'] === 'floating',
  },
  { label: 'TL mevduat', is: (i) => i.mainType === 'deposit' && i.currency === 'TRY' },
  { label: 'ters repo', is: (i) => i.mainType === 'reverseRepo' },
  { label: 'para piyasası', is: (i) => i.mainType === 'moneyMarket' },
  { label: 'fon payı', is: (i) => i.mainType === 'fundShare' },
  { label: 'vadeli', is: (i) => i.mainType === 'future' },
  { label: 'opsiyon', is: (i) => i.mainType === 'option' },
  { label: 'döviz (USD mevduat)', is: (i) => i.currency === 'USD' },
];

/** Each kind of the mix: the funds' holdings rows of it a day and the funds holding it. */
export function heldMix(
  data: NightDataSet,
): readonly { readonly label: string; readonly rows: number; readonly funds: number }[] {
  const byCode = new Map(data.instruments.map((i) => [i.code, i]));
  return HELD_MIX.map(({ label, is }) => {
    let rows = 0;
    let funds = 0;
    for (const fund of data.funds) {
      const held = fund.positions.filter((p) => is(byCode.get(p.code)!)).length;
      rows += held;
      if (held > 0) funds++;
    }
    return { label, rows, funds };
  });
}
