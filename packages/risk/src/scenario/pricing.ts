// Scenario P&L of one position by instrument kind. Each function returns the TRY P&L of the
// position as held in every scenario of the window, or a Turkish reason why it cannot.
import { parseIsoDate } from '../dates/date.ts';
import type { DayCount } from '../dates/day-count.ts';
import {
  type FixedBondSpec,
  type PreparedBond,
  prepareFixedBond,
  yieldAtCleanPrice,
} from '../bonds/fixed-bond.ts';
import { positivePresentValue } from '../bonds/discounting.ts';
import { floatingRateNoteAfterRateMove } from '../bonds/floating-rate-note.ts';
import { couponPeriods } from '../bonds/schedule.ts';
import { impliedVolatility, optionPricer, type OptionModel } from '../options/black-scholes.ts';
import { type DerivativeExposure, derivativeExposure } from '../derivatives/exposure.ts';
import {
  type MarketData,
  type ScenarioWindow,
  type SeriesData,
  coversWindow,
  fxAt,
  valuationIndex,
  valueAt,
  windowChanges,
  windowReturns,
} from './market.ts';
import type { BondDayCountName, PositionInput, ScenarioBondTerms } from './types.ts';

export type Priced =
  | { readonly pnl: Float64Array; readonly exposureTry: number; readonly note?: string | undefined }
  | { readonly reason: string };

/** The library day count of each bond day-count name of the instrument terms. */
export const BOND_DAY_COUNTS: Readonly<Record<BondDayCountName, DayCount>> = {
  'ACT/365': 'act365f',
  'ACT/360': 'act365f',
  'ACT/ACT': 'actact-isma',
  '30/360': '30-360',
};

export function daysBetween(from: string, to: string): number {
  return parseIsoDate(to) - parseIsoDate(from);
}

/**
 * `of(held, asOfDate)` computed once per object and day: a fact of a position (or of its terms)
 * that depends on what it holds, which does not change, and on the valuation day only. The
 * reverse stress prices a fund's positions a few hundred times on one day, and parsing the same
 * dates each time was a fifth of its work; the backtest's days replace the one entry an object
 * has, nothing accumulates.
 */
function oncePerDay<K extends object, T>(of: (held: K, asOfDate: string) => T) {
  const kept = new WeakMap<K, { readonly asOfDate: string; readonly value: T }>();
  return (held: K, asOfDate: string): T => {
    const hit = kept.get(held);
    if (hit !== undefined && hit.asOfDate === asOfDate) return hit.value;
    const value = of(held, asOfDate);
    kept.set(held, { asOfDate, value });
    return value;
  };
}

/** Days from the valuation day to the position's maturity (its bond terms', else its own), or null. */
const daysToMaturity = oncePerDay((p: PositionInput, asOfDate): number | null => {
  const maturity = p.terms?.kind === 'bond' ? p.terms.maturityDate : p.maturityDate;
  return maturity === null ? null : daysBetween(asOfDate, maturity);
});

/** TRY returns of a series: local returns compounded with the FX return of a non-TRY, non-FX series. */
export function tryReturns(
  market: MarketData,
  ticker: string,
  w: ScenarioWindow,
): Float64Array | string {
  const series = market.series.get(ticker);
  if (!series) return `${ticker} serisi bulunamadı`;
  const local = windowReturns(series.values, w);
  if (!local) return `${ticker} serisinin fiyat geçmişi gözlem süresini karşılamıyor`;
  if (series.currency === 'TRY' || series.kind === 'fxRate') return local;
  const fx = market.fx.get(series.currency);
  const fxReturns = fx ? windowReturns(fx, w) : null;
  if (!fxReturns) return `${series.currency} kuru bulunamadı`;
  const out = new Float64Array(local.length);
  for (let s = 0; s < out.length; s++) out[s] = (1 + local[s]!) * (1 + fxReturns[s]!) - 1;
  return out;
}

/** FX returns of `currency` against TRY over the window (zeros for TRY). */
export function fxReturns(
  market: MarketData,
  currency: string,
  w: ScenarioWindow,
): Float64Array | null {
  if (currency === 'TRY') return new Float64Array(w.scenarios);
  const fx = market.fx.get(currency);
  return fx ? windowReturns(fx, w) : null;
}

/**
 * value × r in every scenario. This and `withFx` are plain loops: a typed array's `map` with a
 * closure took about three times as long, and every pricing of a window runs one (the backtest
 * prices its positions on each of its days).
 */
function times(value: number, r: Float64Array): Float64Array {
  const out = new Float64Array(r.length);
  for (let s = 0; s < out.length; s++) out[s] = value * r[s]!;
  return out;
}

/** A local P&L x with the FX move of the position's value: x + (value + x) × fx in every scenario. */
function withFx(pnl: Float64Array, value: number, fx: Float64Array): Float64Array {
  const out = new Float64Array(pnl.length);
  for (let s = 0; s < out.length; s++) {
    const x = pnl[s]!;
    out[s] = x + (value + x) * fx[s]!;
  }
  return out;
}

/** Linear: value × TRY return of the mapped series. */
export function priceLinear(p: PositionInput, market: MarketData, w: ScenarioWindow): Priced {
  if (p.mappingTicker === null) return { reason: 'eşlenmemiş (piyasa serisi atanmamış)' };
  const r = tryReturns(market, p.mappingTicker, w);
  if (typeof r === 'string') return { reason: r };
  return { pnl: times(p.valueTry, r), exposureTry: p.valueTry };
}

/** A curve point: a `curvePoint` series with its tenor. */
type CurvePoint = SeriesData & { readonly tenorDays: number };

/** Curve points per currency, kept per market's series (market data is read-only once priced). */
const curvesOf = new WeakMap<MarketData['series'], Map<string, readonly CurvePoint[]>>();

/**
 * The curve points of `currency`, ascending by tenor (equal tenors in the market's order). Found
 * once per market and currency: the backtest asks for them for each rate position on each of its
 * days, and a scan of every series each time took ~5 % of its run.
 */
function curvePoints(market: MarketData, currency: string): readonly CurvePoint[] {
  let curves = curvesOf.get(market.series);
  if (!curves) {
    curves = new Map();
    curvesOf.set(market.series, curves);
  }
  let points = curves.get(currency);
  if (!points) {
    points = [...market.series.values()]
      .filter(
        (s): s is CurvePoint =>
          s.kind === 'curvePoint' && s.currency === currency && s.tenorDays !== null,
      )
      .sort((a, b) => a.tenorDays - b.tenorDays);
    curves.set(currency, points);
  }
  return points;
}

/**
 * Where a remaining maturity of `days` falls among ascending `tenors` (at least one): on one
 * point (at or beyond either end: the curve is flat there), or between two, with the upper
 * one's weight for linear interpolation.
 */
type Bracket =
  | { readonly at: number }
  | { readonly lower: number; readonly upper: number; readonly weight: number };

function bracket(tenors: readonly number[], days: number): Bracket {
  const upper = tenors.findIndex((t) => t >= days);
  if (upper <= 0) return { at: upper === 0 ? 0 : tenors.length - 1 };
  const a = tenors[upper - 1]!;
  return { lower: upper - 1, upper, weight: (days - a) / (tenors[upper]! - a) };
}

/**
 * Curve changes (percentage points) at a remaining maturity: linear interpolation between the
 * curve points of `currency` by tenor, flat beyond the ends. Null when the currency has no curve.
 * Only points with data over the window count (`coversWindow`); only the one or two points the
 * maturity falls between have their changes formed (the backtest prices each rate position on
 * each of its days: forming every point's changes each time was most of its pricing).
 */
export function curveChangesAt(
  market: MarketData,
  currency: string,
  days: number,
  w: ScenarioWindow,
): Float64Array | null {
  const points = curvePoints(market, currency).filter((s) => coversWindow(s.values, w));
  if (points.length === 0) return null;
  const at = bracket(
    points.map((p) => p.tenorDays),
    days,
  );
  if ('at' in at) return windowChanges(points[at.at]!.values, w);
  const da = windowChanges(points[at.lower]!.values, w)!;
  const db = windowChanges(points[at.upper]!.values, w)!;
  const out = new Float64Array(w.scenarios);
  for (let s = 0; s < out.length; s++) out[s] = (1 - at.weight) * da[s]! + at.weight * db[s]!;
  return out;
}

/** Curve level (percent) at a remaining maturity on date index t, interpolated like the changes. */
export function curveLevelAt(
  market: MarketData,
  currency: string,
  days: number,
  t: number,
): number | null {
  const levels = curvePoints(market, currency)
    .map((s) => ({ tenor: s.tenorDays, v: valueAt(s.values, t) }))
    .filter((c) => !Number.isNaN(c.v));
  if (levels.length === 0) return null;
  const at = bracket(
    levels.map((l) => l.tenor),
    days,
  );
  if ('at' in at) return levels[at.at]!.v;
  return (1 - at.weight) * levels[at.lower]!.v + at.weight * levels[at.upper]!.v;
}

/**
 * Deposits, repo, participation accounts, money market: a zero-coupon claim to the remaining
 * maturity T (years): ΔV = −V·T/(1 + y·T)·Δy with Δy the curve change at T; plus V × FX return
 * for a non-TRY account. Overnight when the maturity is unknown (flagged).
 */
export function priceRateInstrument(
  p: PositionInput,
  market: MarketData,
  w: ScenarioWindow,
  asOfDate: string,
): Priced {
  const known = p.maturityDate !== null;
  const days = Math.max(1, known ? daysBetween(asOfDate, p.maturityDate) : 1);
  const t = days / 365;
  const y = (p.ratePct ?? 0) / 100;
  // A TRY claim has no FX move: no array of zeros is made and added to (the backtest prices each
  // rate position on each of its days). Each scenario's figure equals value × 0 + Δ.
  const foreign = p.currency !== 'TRY';
  const fx = foreign ? fxReturns(market, p.currency, w) : null;
  if (foreign && !fx) return { reason: `${p.currency} kuru bulunamadı` };
  const dy = curveChangesAt(market, p.currency, days, w);
  const sensitivity = (-p.valueTry * t) / (1 + y * t);
  const pnl = new Float64Array(w.scenarios);
  if (fx)
    for (let s = 0; s < pnl.length; s++)
      pnl[s] = p.valueTry * fx[s]! + (dy === null ? 0 : (sensitivity * dy[s]!) / 100);
  else if (dy) for (let s = 0; s < pnl.length; s++) pnl[s] = (sensitivity * dy[s]!) / 100;
  const notes: string[] = [];
  if (!known) notes.push('vade bilgisi yok: gecelik kabul edildi');
  if (dy === null) notes.push(`${p.currency} getiri eğrisi yok: faiz duyarlılığı hesaba katılmadı`);
  return { pnl, exposureTry: p.valueTry, note: notes.length > 0 ? notes.join('; ') : undefined };
}

/** Series a fund unit without its own price series can stand in for (its category's exposure). */
export interface FundProxies {
  /** The equity index an equity fund moves with (stress: the scenario's equity index). */
  readonly equityIndexTicker?: string | null | undefined;
}

const FUND_DEBT_CATEGORIES: ReadonlySet<string> = new Set(['debtInstruments', 'participation']);

/**
 * A fund unit without a price series, by what its category holds (docs/decisions/0070):
 * - an FX fund (`exposureCurrency` other than TRY): value × that currency's return against TRY;
 * - an equity fund: value × the return of the equity index of `proxies`;
 * - a debt-instruments or participation fund with a reported modified duration D (the holding's
 *   Duration column): ΔV = −V × D × Δy / 100, Δy the TRY curve's change at the tenor D years;
 * - a money-market fund: an overnight TRY claim (`priceRateInstrument` without a maturity);
 * otherwise a reason: such a fund needs a mapped series.
 */
export function priceFundByCategory(
  p: PositionInput,
  market: MarketData,
  w: ScenarioWindow,
  asOfDate: string,
  proxies: FundProxies,
): Priced {
  const terms = p.terms?.kind === 'fund' ? p.terms : null;
  const currency = terms?.exposureCurrency ?? 'TRY';
  const category = terms?.fundCategory ?? null;
  const proxy = (what: string) => `fiyat serisi yok: ${what} (fon kategorisinin vekili)`;
  if (currency !== 'TRY') {
    const fx = fxReturns(market, currency, w);
    if (!fx) return { reason: `fiyat serisi yok; döviz fonunun ${currency} kuru bulunamadı` };
    return {
      pnl: times(p.valueTry, fx),
      exposureTry: p.valueTry,
      note: proxy(`${currency}/TRY kuruyla (döviz fonu)`),
    };
  }
  if (category === 'equity') {
    const ticker = proxies.equityIndexTicker ?? null;
    if (ticker === null)
      return { reason: 'fiyat serisi yok; hisse senedi fonunun vekili olacak endeks seçilmedi' };
    const r = tryReturns(market, ticker, w);
    if (typeof r === 'string') return { reason: `fiyat serisi yok; ${r}` };
    return {
      pnl: times(p.valueTry, r),
      exposureTry: p.valueTry,
      note: proxy(`${ticker} endeksiyle (hisse senedi fonu)`),
    };
  }
  if (category !== null && FUND_DEBT_CATEGORIES.has(category)) {
    const d = p.modifiedDuration;
    if (d === null || !(d >= 0))
      return { reason: 'fiyat serisi ve durasyonu yok (borçlanma araçları fonu)' };
    const dy = curveChangesAt(market, 'TRY', Math.max(1, Math.round(d * 365)), w);
    if (dy === null) return { reason: 'fiyat serisi yok; TRY getiri eğrisi bulunamadı' };
    return {
      pnl: dy.map((x) => (-p.valueTry * d * x) / 100),
      exposureTry: p.valueTry,
      note: proxy(
        `${formatYears(d)} yıl durasyonla TRY getiri eğrisinde (borçlanma araçları fonu)`,
      ),
    };
  }
  if (category === 'moneyMarket') {
    const priced = priceRateInstrument({ ...p, maturityDate: null }, market, w, asOfDate);
    return 'reason' in priced
      ? priced
      : { ...priced, note: proxy('gecelik TRY faiziyle (para piyasası fonu)') };
  }
  return {
    reason:
      'fiyat serisi yok; kategorisinden tek bir risk etkeni çıkmıyor (döviz, hisse senedi, borçlanma araçları, para piyasası fonu değil): fon fiyatı serisi eşleyin',
  };
}

function formatYears(x: number): string {
  return x.toFixed(2).replace('.', ',');
}

/** Cash (margin accounts): no price risk; FX risk for a foreign-currency account. */
export function priceCash(p: PositionInput, market: MarketData, w: ScenarioWindow): Priced {
  const fx = fxReturns(market, p.currency, w);
  if (!fx) return { reason: `${p.currency} kuru bulunamadı` };
  return { pnl: times(p.valueTry, fx), exposureTry: p.valueTry };
}

/**
 * The note of a bond mapped to a price series whose history does not cover the window, repriced
 * on the curve's changes at its remaining maturity instead (`priceBond`).
 */
export const SHORT_PRICE_HISTORY_NOTE =
  'fiyat geçmişi kısa: getiri eğrisi değişimleriyle yeniden fiyatlandı';

function bondSpec(terms: ScenarioBondTerms, asOfDate: string, currency: string): FixedBondSpec {
  return {
    settlement: asOfDate,
    maturity: terms.maturityDate,
    issue: terms.issueDate,
    coupon: terms.couponType === 'discount' ? 0 : terms.couponRatePct / 100,
    frequency: terms.couponType === 'discount' ? 1 : terms.couponFrequency,
    dayCount: BOND_DAY_COUNTS[terms.dayCount],
    convention: currency === 'TRY' ? 'tr-treasury' : 'isma',
  };
}

/**
 * Bonds. A yield or curve-point mapping: full repricing at y0 + Δy (Δy the series' historical
 * changes, y0 solved from the holding's price). A price mapping with enough history: the bond's
 * own price returns. Otherwise (short price history) full repricing on the curve changes at the
 * remaining maturity. Floaters with terms: the rate move at their next reset's tenor, by the rate
 * duration to that reset (`floaterRatePnl`, decision 0057). CPI-linked or term-less bonds:
 * duration/convexity (flagged).
 */
export function priceBond(
  p: PositionInput,
  market: MarketData,
  w: ScenarioWindow,
  asOfDate: string,
): Priced {
  if (p.mappingTicker === null) return { reason: 'eşlenmemiş (piyasa serisi atanmamış)' };
  const series = market.series.get(p.mappingTicker);
  if (!series) return { reason: `${p.mappingTicker} serisi bulunamadı` };
  const fx = fxReturns(market, p.currency, w);
  if (!fx) return { reason: `${p.currency} kuru bulunamadı` };
  let dy: Float64Array | null;
  let note: string | undefined;
  if (series.kind === 'yield' || series.kind === 'curvePoint') {
    dy = windowChanges(series.values, w);
    if (!dy) return { reason: `${p.mappingTicker} serisinin geçmişi gözlem süresini karşılamıyor` };
  } else {
    const own = tryReturns(market, p.mappingTicker, w);
    if (typeof own !== 'string') return { pnl: times(p.valueTry, own), exposureTry: p.valueTry };
    const toMaturity = daysToMaturity(p, asOfDate);
    if (toMaturity === null) return { reason: own };
    dy = curveChangesAt(market, p.currency, Math.max(1, toMaturity), w);
    if (!dy) return { reason: own };
    note = SHORT_PRICE_HISTORY_NOTE;
  }
  if (p.terms?.kind === 'bond' && p.terms.couponType === 'floating') {
    const floater = floaterRatePnl(p, p.terms, market, w, asOfDate, dy);
    return {
      pnl: withFx(floater.pnl, p.valueTry, fx),
      exposureTry: p.valueTry,
      note: floater.note,
    };
  }
  const repriced =
    p.terms?.kind === 'bond' &&
    (p.terms.couponType === 'fixed' || p.terms.couponType === 'discount')
      ? repriceFixed(p, p.terms, dy, asOfDate, fxAt(market, p.currency, valuationIndex(w)))
      : null;
  const pnl = repriced ?? durationPnl(p, dy);
  if (!pnl) return { reason: 'tahvil koşulları ve durasyon bilgisi yok' };
  const fxPnl = withFx(pnl, p.valueTry, fx);
  const flag = repriced ? note : 'durasyon/konveksite yaklaşımı kullanıldı';
  return { pnl: fxPnl, exposureTry: p.valueTry, note: flag };
}

/**
 * Whether priceBond prices `p` over `w` by its own price series' TRY returns (a price mapping
 * whose history covers the window): its P&L is then value × those returns, which depend on the
 * scenarios' dates only, not on the valuation day (the backtest prices such a bond once over all
 * its days' windows, decision 0079). The same tests, in the same order, as priceBond's own path.
 */
export function bondPricedByOwnReturns(
  p: PositionInput,
  market: MarketData,
  w: ScenarioWindow,
): boolean {
  if (p.mappingTicker === null) return false;
  const series = market.series.get(p.mappingTicker);
  if (!series || series.kind === 'yield' || series.kind === 'curvePoint') return false;
  // fxReturns and tryReturns give a value exactly when these series cover the window
  // (windowReturns is null only then); asked without forming the returns.
  const fxCovers = (currency: string): boolean => {
    const fx = market.fx.get(currency);
    return fx !== undefined && coversWindow(fx, w);
  };
  if (p.currency !== 'TRY' && !fxCovers(p.currency)) return false;
  if (!coversWindow(series.values, w)) return false;
  return series.currency === 'TRY' || series.kind === 'fxRate' || fxCovers(series.currency);
}

/** A held fixed or discount bond priced at its holding's price: see `heldBond`. */
interface HeldBond {
  readonly asOfDate: string;
  readonly fxNow: number;
  readonly prepared: PreparedBond;
  /** The yield (fraction) that gives the holding's dirty price, or the position's rate. */
  readonly y0: number;
  /** The dirty price per 100 at y0. */
  readonly p0: number;
}

/**
 * The last `heldBond` of each position (its object; what it holds does not change): a stress
 * test's reverse search reprices a fund's bonds a few hundred times on one day, and preparing
 * each bond's schedule and solving its yield again each time was most of its work (decision
 * 0133). One entry a position: the backtest's days replace it, nothing accumulates.
 */
const HELD_BONDS = new WeakMap<PositionInput, HeldBond>();

/**
 * A fixed or discount bond's schedule prepared on `asOfDate`, its yield y0 solved from the
 * holding's dirty price (per 100 nominal, at `fxNow`) and its dirty price at y0; null when no
 * yield is known. The same numbers for the same position, day and rate: computed once and kept.
 * The checks are those of the analytics this used to compute (`fixedBondFromCleanPrice`): a
 * present value at 10 % and at the solved yield that is not positive falls back, as their
 * refusal did, to the position's rate.
 * @throws InvalidInputError when the bond's terms cannot be prepared or priced at y0.
 */
function heldBond(
  p: PositionInput,
  terms: ScenarioBondTerms,
  asOfDate: string,
  fxNow: number,
): HeldBond | null {
  const kept = HELD_BONDS.get(p);
  if (kept !== undefined && kept.asOfDate === asOfDate && kept.fxNow === fxNow) return kept;
  const spec = bondSpec(terms, asOfDate, p.currency);
  let bond: PreparedBond | null = null;
  let y0: number;
  try {
    bond = prepareFixedBond(spec);
    positivePresentValue(bond.timed, 0.1, bond.compounding);
    const dirty = p.nominalValue ? (p.valueTry / fxNow / p.nominalValue) * 100 : Number.NaN;
    if (Number.isFinite(dirty)) {
      y0 = yieldAtCleanPrice(bond, spec.coupon, dirty - bond.accruedInterest);
      positivePresentValue(bond.timed, y0, bond.compounding);
    } else y0 = (p.ratePct ?? Number.NaN) / 100;
  } catch {
    y0 = (p.ratePct ?? Number.NaN) / 100;
  }
  if (!Number.isFinite(y0)) return null;
  const prepared = bond ?? prepareFixedBond(spec); // throws as fixedBondFromYield did
  const held = {
    asOfDate,
    fxNow,
    prepared,
    y0,
    p0: positivePresentValue(prepared.timed, y0, prepared.compounding),
  };
  HELD_BONDS.set(p, held);
  return held;
}

/** Full repricing of a fixed or discount bond; y0 solved from the holding's dirty price (per 100 nominal). */
function repriceFixed(
  p: PositionInput,
  terms: ScenarioBondTerms,
  dy: Float64Array,
  asOfDate: string,
  fxNow: number,
): Float64Array | null {
  if (terms.maturityDate <= asOfDate) return new Float64Array(dy.length);
  // The schedule, flows and their timing depend on the bond and the day only: prepared once, then
  // each scenario's yield prices them (the dirty price of fixedBondFromYield, the same bits: it
  // is analyticsAtYield(prepareFixedBond(spec), y).dirtyPrice, i.e. yieldSensitivities'
  // present value, which positivePresentValue sums the same way without the sensitivities).
  const held = heldBond(p, terms, asOfDate, fxNow);
  if (held === null) return null;
  const { prepared, y0, p0 } = held;
  const dirtyAt = (y: number) => positivePresentValue(prepared.timed, y, prepared.compounding);
  return dy.map((d) => p.valueTry * (dirtyAt(Math.max(-0.99, y0 + d / 100)) / p0 - 1));
}

/**
 * The next reset of a floater on `asOfDate`: the payment date of its current coupon period
 * (unadjusted schedule backward from maturity) and the days to it (at least 1).
 */
export function nextReset(
  terms: ScenarioBondTerms,
  asOfDate: string,
): { readonly date: number; readonly days: number } {
  const settlement = parseIsoDate(asOfDate);
  const date = couponPeriods({
    settlement,
    maturity: parseIsoDate(terms.maturityDate),
    frequency: Math.max(1, terms.couponFrequency),
    issue: terms.issueDate <= asOfDate ? parseIsoDate(terms.issueDate) : undefined,
  })[0]!.payment;
  return { date, days: Math.max(1, date - settlement) };
}

/** Days to a floater's next reset (`nextReset`). */
const daysToReset = oncePerDay(
  (terms: ScenarioBondTerms, asOfDate) => nextReset(terms, asOfDate).days,
);

/**
 * Rate P&L of a floater (decision 0057): the index and the discount rate move by the curve change
 * at the next reset's tenor (the mapped yield series' change without a TRY curve), the note keeps
 * its value at the reset: value × (((1 + y0) / (1 + y0 + Δy))^(days/365) − 1), y0 the holding's
 * yield (else the current coupon). A matured note or a reset on the valuation date does not move.
 */
function floaterRatePnl(
  p: PositionInput,
  terms: ScenarioBondTerms,
  market: MarketData,
  w: ScenarioWindow,
  asOfDate: string,
  mapped: Float64Array,
): { pnl: Float64Array; note: string } {
  if (terms.maturityDate <= asOfDate)
    return { pnl: new Float64Array(mapped.length), note: 'vadesi dolmuş' };
  const days = daysToReset(terms, asOfDate);
  const dy = curveChangesAt(market, p.currency, days, w) ?? mapped;
  const y0 = (p.ratePct ?? terms.couponRatePct) / 100;
  const note = { dirtyPrice: 1, yield: y0, resetTime: days / 365, compounding: 1 };
  return {
    pnl: dy.map(
      (d) => p.valueTry * (floatingRateNoteAfterRateMove(note, Math.max(-0.99 - y0, d / 100)) - 1),
    ),
    note: `değişken faizli: faiz duyarlılığı bir sonraki faiz belirleme tarihine (${days} gün) kadar`,
  };
}

/**
 * Spread P&L of a floater whose discount margin moves by `spreadPct` percentage points (a credit
 * spread shock): the projected coupons held at the current coupon, the note repriced as a bond of
 * that coupon at y0 + spread, its spread duration (decision 0057). Null without terms or a yield.
 */
export function floaterSpreadPnl(
  p: PositionInput,
  spreadPct: number,
  asOfDate: string,
  fxNow: number,
): number | null {
  if (p.terms?.kind !== 'bond' || p.terms.couponType !== 'floating') return null;
  return repriceFixed(p, p.terms, Float64Array.of(spreadPct), asOfDate, fxNow)?.[0] ?? null;
}

function durationPnl(p: PositionInput, dy: Float64Array): Float64Array | null {
  const d = p.modifiedDuration;
  if (d === null || !Number.isFinite(d)) return null;
  // Convexity approximated by D² (zero-coupon bond) when the terms are not known.
  const c = d * d;
  return dy.map((x) => p.valueTry * (-d * (x / 100) + 0.5 * c * (x / 100) ** 2));
}

/** A derivative's exposure on the market (decision 0051), with its option pricing inputs. */
export type DerivativeOnMarket =
  | {
      readonly exposure: DerivativeExposure;
      /** TRY returns of the underlying over the window. */
      readonly returns: Float64Array;
      /**
       * Options: the value of one unit of underlying as a function of its price s, at volatility
       * sigma (the terms of sigma computed once, `optionPricer`).
       */
      readonly option?: {
        readonly s0: number;
        readonly units: number;
        readonly vol: number;
        readonly priceAt: (sigma: number) => (s: number) => number;
      };
      readonly note?: string | undefined;
    }
  | { readonly reason: string };

/**
 * The exposure of a futures or options position on the market at the window's valuation date,
 * by `derivativeExposure`: the underlying's level (never the derivative's own price series) in
 * TRY; options' delta from Black-Scholes-Merton (Black-76 on a futures underlying) at the
 * volatility implied from the holding's price (the underlying's historical volatility when that
 * fails, flagged) and the rate from the TRY curve at the expiry (0 without a curve, flagged).
 */
export function derivativeOnMarket(
  p: PositionInput,
  market: MarketData,
  w: ScenarioWindow,
  asOfDate: string,
): DerivativeOnMarket {
  const terms = p.terms;
  if (terms?.kind !== 'future' && terms?.kind !== 'option')
    return {
      reason:
        p.mainType === 'option'
          ? 'opsiyon koşulları (dayanak, kullanım fiyatı, vade) eksik'
          : 'vadeli işlem koşulları (dayanak, sözleşme büyüklüğü) eksik',
    };
  const underlying = p.underlyingTicker;
  if (underlying === null) return { reason: `dayanak ${terms.underlying} için seri bulunamadı` };
  const r = tryReturns(market, underlying, w);
  if (typeof r === 'string') return { reason: r };
  const s0 = valueAt(market.series.get(underlying)!.values, valuationIndex(w));
  const fx = fxAt(market, p.currency, valuationIndex(w));
  const contracts = p.nominalValue ?? 0;
  if (terms.kind === 'future') {
    if (!(s0 > 0) || !(fx > 0)) return { reason: 'dayanak fiyatı veya kur bulunamadı' };
    return {
      exposure: derivativeExposure({
        kind: 'future',
        contracts,
        contractSize: terms.contractSize,
        underlyingPrice: s0 * fx,
      }),
      returns: r,
    };
  }
  const units = contracts * terms.contractSize;
  if (units === 0 || !(s0 > 0)) return { reason: 'opsiyon adedi veya dayanak fiyatı bulunamadı' };
  const days = daysBetween(asOfDate, terms.expiryDate);
  const tau = Math.max(0, days / 365);
  const level = curveLevelAt(market, 'TRY', Math.max(1, days), valuationIndex(w));
  const rate = level === null ? 0 : Math.log(1 + level / 100);
  const model: OptionModel = p.underlyingIsFuture ? 'black-76' : 'black-scholes-merton';
  const base = {
    type: terms.optionType,
    strike: terms.strike,
    timeToExpiry: tau,
    riskFreeRate: rate,
  };
  let vol: number;
  let note: string | undefined;
  try {
    vol = impliedVolatility(model, { ...base, underlying: s0 }, p.valueTry / units);
  } catch {
    let m = 0;
    for (const x of r) m += x;
    m /= r.length;
    let v = 0;
    for (const x of r) v += (x - m) ** 2;
    vol = Math.sqrt((v / Math.max(1, r.length - 1)) * (252 / w.stepDays));
    note = 'ima edilen oynaklık bulunamadı: dayanağın tarihsel oynaklığı kullanıldı';
  }
  if (!(vol > 0) || !Number.isFinite(vol))
    return { reason: 'opsiyonun oynaklığı hesaplanamadı (fiyat ve dayanak geçmişi yetersiz)' };
  const priceAt = (sigma: number): ((s: number) => number) =>
    tau <= 0
      ? (s) => Math.max(0, terms.optionType === 'call' ? s - terms.strike : terms.strike - s)
      : optionPricer(model, { ...base, volatility: sigma });
  return {
    exposure: derivativeExposure({
      kind: 'option',
      contracts,
      contractSize: terms.contractSize,
      underlyingPrice: s0,
      model,
      optionType: terms.optionType,
      strike: terms.strike,
      timeToExpiry: tau,
      riskFreeRate: rate,
      volatility: vol,
    }),
    returns: r,
    option: { s0, units, vol, priceAt },
    note:
      level === null
        ? [note, 'TRY getiri eğrisi yok: faiz 0 alındı'].filter(Boolean).join('; ')
        : note,
  };
}

/** Futures: P&L = exposure (contracts × size × underlying level, TRY) × underlying TRY return; book value 0. */
export function priceFuture(
  p: PositionInput,
  market: MarketData,
  w: ScenarioWindow,
  asOfDate: string,
): Priced {
  if (p.terms?.kind !== 'future')
    return { reason: 'vadeli işlem koşulları (dayanak, sözleşme büyüklüğü) eksik' };
  const d = derivativeOnMarket(p, market, w, asOfDate);
  if ('reason' in d) return d;
  const exposure = d.exposure.exposureTry;
  return { pnl: times(exposure, d.returns), exposureTry: exposure };
}

/**
 * Options: Black-Scholes-Merton (Black-76 on a futures underlying) full revaluation at
 * S·(1 + r_s), volatility and rate as `derivativeOnMarket`, time to expiry fixed; exposure the
 * delta-adjusted one.
 */
export function priceOption(
  p: PositionInput,
  market: MarketData,
  w: ScenarioWindow,
  asOfDate: string,
): Priced {
  if (p.terms?.kind !== 'option')
    return { reason: 'opsiyon koşulları (dayanak, kullanım fiyatı, vade) eksik' };
  const d = derivativeOnMarket(p, market, w, asOfDate);
  if ('reason' in d) return d;
  const { s0, units, vol, priceAt } = d.option!;
  const v0 = priceAt(vol)(s0);
  const value = priceAt(Math.max(1e-6, vol + (w.volatilityShiftPoints ?? 0) / 100));
  return {
    pnl: d.returns.map((x) => units * (value(s0 * (1 + x)) - v0)),
    exposureTry: d.exposure.exposureTry,
    note: d.note,
  };
}
