// A stress scenario as market moves, and today's market moved by them (full revaluation through
// the scenario pricers: one synthetic day after the valuation date carries the shocked values).
import { formatDecimal, type CreditIssuerType, type StressShocks } from '@fonrisk/contracts';
import {
  formatIsoDate,
  parseIsoDate,
  type MarketData,
  type SeriesData,
  indexOnOrBefore,
  valueAt,
  type PositionInput,
  classify,
  seriesMovedWith,
  factorExposures,
} from '@fonrisk/risk';

/** Moves of a scenario: level ratios, rate changes (percentage points), FX ratios and the rest. */
export interface MarketMove {
  /** Series ticker -> new level / today's level. */
  readonly levels: Map<string, number>;
  /** Yield and curve-point series -> change in percentage points. */
  readonly rates: Map<string, number>;
  /** Currency -> new TRY rate / today's rate. */
  readonly fx: Map<string, number>;
  readonly volatilityPoints: number;
  readonly creditSpreadBp: Partial<Record<CreditIssuerType, number>>;
  /** CPI index ratio − 1 (CPI-linked bonds, linear). */
  readonly cpi: number;
  readonly notes: string[];
}

export function emptyMove(): MarketMove {
  return {
    levels: new Map(),
    rates: new Map(),
    fx: new Map(),
    volatilityPoints: 0,
    creditSpreadBp: {},
    cpi: 0,
    notes: [],
  };
}

/** Combination: levels and FX compound, rates, volatility and spreads add. */
export function combineMoves(moves: readonly MarketMove[]): MarketMove {
  const out = emptyMove();
  const spreads: Partial<Record<CreditIssuerType, number>> = {};
  let vol = 0;
  let cpi = 1;
  for (const m of moves) {
    for (const [k, v] of m.levels) out.levels.set(k, (out.levels.get(k) ?? 1) * v);
    for (const [k, v] of m.rates) out.rates.set(k, (out.rates.get(k) ?? 0) + v);
    for (const [k, v] of m.fx) out.fx.set(k, (out.fx.get(k) ?? 1) * v);
    for (const [k, v] of Object.entries(m.creditSpreadBp) as [CreditIssuerType, number][])
      spreads[k] = (spreads[k] ?? 0) + v;
    vol += m.volatilityPoints;
    cpi *= 1 + m.cpi;
    out.notes.push(...m.notes);
  }
  return { ...out, volatilityPoints: vol, creditSpreadBp: spreads, cpi: cpi - 1 };
}

/**
 * What a price series stands for, read from the positions that use it. `derivativePrice`: a
 * future's or an option's own price series, which no pricer reads (the position is revalued on
 * its underlying, decision 0051): neither moved nor named in the notes.
 */
type SeriesRole =
  | 'equityIndex'
  | 'gold'
  | 'cpi'
  | 'bondPrice'
  | 'fundPrice'
  | 'derivativePrice'
  | 'fx'
  | 'rate'
  | 'other';

/** A market factor a hypothetical scenario shocks: the equity index, a currency, gold. */
export type Factor =
  | { readonly kind: 'equity' }
  | { readonly kind: 'fx'; readonly currency: string }
  | { readonly kind: 'gold'; readonly ticker: string };

/** Fund units: their own price series moves with what the fund holds (decision 0057). */
const FUND_TYPES = new Set(['fundShare', 'exchangeTradedFund']);

const GOLD = /^(XAU|GAU|XAG|ALTIN)/i;

export interface SeriesContext {
  /** Ticker of the equity index `equityPct` moves. */
  readonly equityIndex: string;
  readonly roles: Map<string, SeriesRole>;
  /** Remaining days of the bonds mapped to a yield series (its tenor for the curve shift). */
  readonly yieldDays: Map<string, number>;
  /** Beta of each price series' returns to the equity index (last `window` dates). */
  readonly betas: Map<string, number>;
  /**
   * A fund unit's price series: its exposures to the equity index, each currency and gold, the
   * least-squares slopes of its returns on theirs over the same window (what the fund holds, as
   * its price shows it). Absent when the history is short or the factors collinear.
   */
  readonly fundExposures: Map<string, { readonly factor: Factor; readonly beta: number }[]>;
}

function fxCurrencyOf(s: SeriesData): string | null {
  return s.kind === 'fxRate' && /^[A-Z]{3}TRY$/.test(s.ticker) ? s.ticker.slice(0, 3) : null;
}

/** Simple returns of a carried-forward series over dates end − window + 1 .. end. */
function returnsOver(values: Float64Array, end: number, window: number): number[] {
  const out: number[] = [];
  for (let t = Math.max(1, end - window + 1); t <= end; t++)
    out.push(valueAt(values, t) / valueAt(values, t - 1) - 1);
  return out;
}

/**
 * Exposures of a fund unit's series to the factors: the multi-factor least-squares slopes on the
 * dates where every return is finite (at least 20), factors without data in the window left out.
 */
function exposuresOf(
  fund: Float64Array,
  factors: readonly { factor: Factor; values: Float64Array }[],
  end: number,
  window: number,
): { factor: Factor; beta: number }[] | null {
  const y = returnsOver(fund, end, window);
  const xs = factors
    .map((f) => ({ factor: f.factor, r: returnsOver(f.values, end, window) }))
    .filter((f) => f.r.filter(Number.isFinite).length >= 20);
  const rows = y
    .map((_, t) => t)
    .filter((t) => Number.isFinite(y[t]) && xs.every((f) => Number.isFinite(f.r[t])));
  if (rows.length < 20 || xs.length === 0) return null;
  const ys = rows.map((t) => y[t]!);
  // A factor collinear with the ones kept (e.g. a cross rate held fixed) is left out.
  const kept: { factor: Factor; r: number[] }[] = [];
  for (const f of xs) {
    const r = rows.map((t) => f.r[t]!);
    if (factorExposures(ys, [...kept.map((k) => k.r), r]) !== null)
      kept.push({ factor: f.factor, r });
  }
  const b = factorExposures(
    ys,
    kept.map((k) => k.r),
  );
  return b === null ? null : kept.map((f, i) => ({ factor: f.factor, beta: b[i]! }));
}

/** Least-squares beta of y on x (simple returns over the last `window` dates, carried forward). */
function beta(x: Float64Array, y: Float64Array, end: number, window: number): number | null {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let t = Math.max(1, end - window + 1); t <= end; t++) {
    const a = valueAt(x, t) / valueAt(x, t - 1) - 1;
    const b = valueAt(y, t) / valueAt(y, t - 1) - 1;
    if (Number.isFinite(a) && Number.isFinite(b)) {
      xs.push(a);
      ys.push(b);
    }
  }
  if (xs.length < 20) return null;
  const mx = xs.reduce((s, v) => s + v, 0) / xs.length;
  const my = ys.reduce((s, v) => s + v, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((v, i) => {
    sxy += (v - mx) * (ys[i]! - my);
    sxx += (v - mx) ** 2;
  });
  return sxx > 0 ? sxy / sxx : null;
}

export function seriesContext(
  market: MarketData,
  positions: readonly PositionInput[],
  equityIndex: string,
  asOfDate: string,
  betaWindow: number,
): SeriesContext {
  const roles = new Map<string, SeriesRole>();
  const yieldDays = new Map<string, number>();
  // A series only futures or options are mapped to, none of them on it as its underlying: no
  // pricer reads it.
  const read = new Set(positions.map(seriesMovedWith));
  for (const p of positions) {
    const t = p.mappingTicker;
    if (t !== null && !read.has(t)) roles.set(t, 'derivativePrice');
  }
  for (const p of positions) {
    const t = p.mappingTicker;
    if (t === null || seriesMovedWith(p) !== t) continue;
    const method = classify(p.mainType);
    const series = market.series.get(t);
    if (series === undefined) continue;
    if (method === 'bondRepricing' && (series.kind === 'price' || series.kind === 'index'))
      roles.set(t, 'bondPrice');
    if (p.mainType === 'preciousMetal') roles.set(t, 'gold');
    if (FUND_TYPES.has(p.mainType) && series.kind !== 'fxRate' && !roles.has(t))
      roles.set(t, 'fundPrice');
    if (series.kind === 'yield') {
      const maturity = p.terms?.kind === 'bond' ? p.terms.maturityDate : p.maturityDate;
      if (maturity !== null)
        yieldDays.set(t, Math.max(1, parseIsoDate(maturity) - parseIsoDate(asOfDate)));
    }
  }
  const end = market.dates.length - 1;
  const index = market.series.get(equityIndex);
  const betas = new Map<string, number>();
  for (const s of market.series.values()) {
    if (s.kind === 'fxRate') roles.set(s.ticker, 'fx');
    else if (s.kind === 'yield' || s.kind === 'curvePoint') roles.set(s.ticker, 'rate');
    else if (s.ticker === equityIndex) roles.set(s.ticker, 'equityIndex');
    else if (!roles.has(s.ticker)) {
      if (GOLD.test(s.ticker)) roles.set(s.ticker, 'gold');
      else if (/^(TUFE|CPI)/i.test(s.ticker)) roles.set(s.ticker, 'cpi');
      else roles.set(s.ticker, 'other');
    }
    const role = roles.get(s.ticker);
    if ((role === 'other' || role === 'fundPrice') && index !== undefined) {
      const b = beta(index.values, s.values, end, betaWindow);
      if (b !== null) betas.set(s.ticker, b);
    }
  }
  const factors: { factor: Factor; values: Float64Array }[] = [
    ...(index === undefined ? [] : [{ factor: { kind: 'equity' } as const, values: index.values }]),
    ...[...market.fx].map(([currency, values]) => ({
      factor: { kind: 'fx', currency } as const,
      values,
    })),
    ...[...market.series.values()]
      .filter((s) => roles.get(s.ticker) === 'gold')
      .map((s) => ({ factor: { kind: 'gold', ticker: s.ticker } as const, values: s.values })),
  ];
  const fundExposures = new Map<string, { factor: Factor; beta: number }[]>();
  for (const s of market.series.values()) {
    if (roles.get(s.ticker) !== 'fundPrice') continue;
    const e = exposuresOf(s.values, factors, end, betaWindow);
    if (e !== null) fundExposures.set(s.ticker, e);
  }
  return { equityIndex, roles, yieldDays, betas, fundExposures };
}

function factorLabel(f: Factor, ctx: SeriesContext): string {
  if (f.kind === 'equity') return ctx.equityIndex;
  return f.kind === 'fx' ? `${f.currency}/TRY` : f.ticker;
}

/** Curve shift in bp at a tenor: parallel plus the per-tenor points, linear, flat beyond the ends. */
export function curveShiftBp(shocks: StressShocks, days: number): number {
  const points = [...(shocks.curvePoints ?? [])].sort((a, b) => a.tenorDays - b.tenorDays);
  let twist = 0;
  if (points.length > 0) {
    const first = points[0]!;
    const last = points.at(-1)!;
    if (days <= first.tenorDays) twist = first.bp;
    else if (days >= last.tenorDays) twist = last.bp;
    else {
      const k = points.findIndex((p) => p.tenorDays >= days);
      const a = points[k - 1]!;
      const b = points[k]!;
      twist = a.bp + ((b.bp - a.bp) * (days - a.tenorDays)) / (b.tenorDays - a.tenorDays);
    }
  }
  return (shocks.parallelBp ?? 0) + twist;
}

/** A beta that prints as 0,00 (two decimals): its series barely moves with the index. */
const NEAR_ZERO_BETA = 0.005;

/**
 * The equity shock's note: each series moved by its beta, named with it; the series whose beta is
 * near zero (a money-market proxy such as TLREF-ENDEKS) named apart, without a "β=0,00" each.
 */
function betasNote(used: readonly { ticker: string; beta: number }[], index: string): string {
  const moved = used.filter((u) => Math.abs(u.beta) >= NEAR_ZERO_BETA);
  const still = used.filter((u) => Math.abs(u.beta) < NEAR_ZERO_BETA);
  const parts = [
    moved.length > 0
      ? moved.map((u) => `${u.ticker} β=${formatDecimal(u.beta, 2)}`).join(', ')
      : null,
    still.length > 0
      ? `betası sıfıra yakın (|β| < 0,005) olduğundan neredeyse hareket etmeyenler: ${still.map((u) => u.ticker).join(', ')}`
      : null,
  ].filter((p) => p !== null);
  return `Hisse şoku endeks dışı fiyat serilerine ${index} endeksine göre betalarıyla uygulandı (doğrusal yaklaşım): ${parts.join('; ')}.`;
}

/**
 * A hypothetical scenario's moves on the series of `market`. Without `withNotes` the move carries
 * no notes: the reverse stress evaluates a uniform shock a few hundred times a fund and never
 * shows them (their texts, betas formatted, took about a tenth of its time).
 */
export function hypotheticalMove(
  shocks: StressShocks,
  market: MarketData,
  ctx: SeriesContext,
  withNotes = true,
): MarketMove {
  const move = emptyMove();
  const equity = (shocks.equityPct ?? 0) / 100;
  const usedBetas: { ticker: string; beta: number }[] = [];
  const usedFunds: string[] = [];
  /** A price series moved linearly with the index by its beta, and named in the note. */
  const moveByBeta = (ticker: string) => {
    const b = ctx.betas.get(ticker);
    if (b === undefined || equity === 0) return;
    move.levels.set(ticker, Math.max(0.0001, 1 + b * equity));
    if (withNotes) usedBetas.push({ ticker, beta: b });
  };
  for (const s of market.series.values()) {
    switch (ctx.roles.get(s.ticker)) {
      case 'equityIndex':
        move.levels.set(s.ticker, 1 + equity);
        break;
      case 'gold':
        move.levels.set(s.ticker, 1 + (shocks.goldPct ?? 0) / 100);
        break;
      case 'cpi':
        move.levels.set(s.ticker, 1 + (shocks.cpiPct ?? 0) / 100);
        break;
      case 'fx': {
        const c = fxCurrencyOf(s);
        if (c !== null) move.levels.set(s.ticker, 1 + (shocks.fxPct?.[c] ?? 0) / 100);
        break;
      }
      case 'rate': {
        const days = s.tenorDays ?? ctx.yieldDays.get(s.ticker) ?? 365;
        move.rates.set(s.ticker, curveShiftBp(shocks, days) / 100);
        break;
      }
      case 'fundPrice': {
        const exposures = ctx.fundExposures.get(s.ticker);
        if (exposures !== undefined) {
          const shock = (f: Factor): number =>
            f.kind === 'equity'
              ? equity
              : f.kind === 'gold'
                ? (shocks.goldPct ?? 0) / 100
                : (shocks.fxPct?.[f.currency] ?? 0) / 100;
          const change = exposures.reduce((sum, e) => sum + e.beta * shock(e.factor), 0);
          if (change !== 0) {
            move.levels.set(s.ticker, Math.max(0.0001, 1 + change));
            if (withNotes)
              usedFunds.push(
                `${s.ticker} (${exposures.map((e) => `${factorLabel(e.factor, ctx)} ${formatDecimal(e.beta, 2)}`).join(', ')})`,
              );
          }
          break;
        }
        moveByBeta(s.ticker);
        break;
      }
      case 'other':
        moveByBeta(s.ticker);
        break;
      case 'bondPrice':
      case 'derivativePrice':
      case undefined:
        // Bonds are repriced from the moved curve, derivatives on their moved underlying; unknown
        // series do not move.
        break;
    }
  }
  for (const [c, v] of Object.entries(shocks.fxPct ?? {})) move.fx.set(c, 1 + v / 100);
  if (usedBetas.length > 0) move.notes.push(betasNote(usedBetas, ctx.equityIndex));
  if (usedFunds.length > 0)
    move.notes.push(
      `Fon payları tuttuklarıyla hareket ettirildi: fiyat serilerinin hisse endeksi, döviz kurları ve altın getirilerine duyarlılıkları (çok değişkenli en küçük kareler, doğrusal yaklaşım): ${usedFunds.join('; ')}.`,
    );
  return {
    ...move,
    volatilityPoints: shocks.volatilityPoints ?? 0,
    creditSpreadBp: shocks.creditSpreadBp ?? {},
    cpi: (shocks.cpiPct ?? 0) / 100,
  };
}

/**
 * A historical replay: each series' move between the last values on or before `fromDate` and
 * `toDate` of `history` (levels as ratios, rates as changes), FX likewise. Series without data in
 * the window do not move and are named in a note.
 */
export function historicalMove(
  history: MarketData,
  tickers: readonly string[],
  currencies: readonly string[],
  fromDate: string,
  toDate: string,
): MarketMove {
  const move = emptyMove();
  const i = indexOnOrBefore(history.dates, fromDate);
  const j = indexOnOrBefore(history.dates, toDate);
  const missing: string[] = [];
  for (const t of tickers) {
    const s = history.series.get(t);
    const a = s && i >= 0 ? valueAt(s.values, i) : Number.NaN;
    const b = s && j >= 0 ? valueAt(s.values, j) : Number.NaN;
    if (!s || !Number.isFinite(a) || !Number.isFinite(b)) {
      missing.push(t);
      continue;
    }
    if (s.kind === 'yield' || s.kind === 'curvePoint') move.rates.set(t, b - a);
    else if (a > 0) move.levels.set(t, b / a);
  }
  for (const c of currencies) {
    const f = history.fx.get(c);
    const a = f && i >= 0 ? valueAt(f, i) : Number.NaN;
    const b = f && j >= 0 ? valueAt(f, j) : Number.NaN;
    if (Number.isFinite(a) && Number.isFinite(b) && a > 0) move.fx.set(c, b / a);
    else missing.push(c);
  }
  if (missing.length > 0)
    move.notes.push(
      `${fromDate} - ${toDate} penceresinde verisi olmayan seriler hareket ettirilmedi: ${missing.join(', ')}.`,
    );
  return move;
}

function nextDay(date: string): string {
  return formatIsoDate(parseIsoDate(date) + 1);
}

/** Today's market moved by a move (and extra rate points): what `marketShocker` makes. */
export type MarketShocker = (move: MarketMove, extraRatePoints?: number) => MarketData;

/**
 * Today's market plus one day moved by a move (and `extraRatePoints` on every rate series, for a
 * credit spread). Bond price series get no value on that day, so that bonds are repriced from the
 * moved curve. The window {endIndex: n, scenarios: 1, stepDays: 1, valuationIndex: n − 1}.
 * The history is copied once and each move writes only the moved day, into the same arrays of
 * the same market object: what a call returns holds until the next call (revalue prices each
 * shocked market before it asks for the next). The reverse stress revalues a fund a few hundred
 * times, and copying every series each time was an eighth of its time and most of its garbage.
 */
export function marketShocker(market: MarketData, ctx: SeriesContext): MarketShocker {
  const n = market.dates.length;
  const last = n - 1;
  const series = new Map<string, SeriesData>();
  const moved: { readonly s: SeriesData; readonly values: Float64Array; readonly today: number }[] =
    [];
  for (const s of market.series.values()) {
    const values = new Float64Array(n + 1);
    values.set(s.values);
    if (ctx.roles.get(s.ticker) === 'bondPrice') values.fill(Number.NaN);
    else moved.push({ s, values, today: valueAt(s.values, last) });
    series.set(s.ticker, { ...s, values });
  }
  const fx = new Map<string, Float64Array>();
  const fxToday = new Map<string, number>();
  for (const [c, f] of market.fx) {
    const values = new Float64Array(n + 1);
    values.set(f);
    fx.set(c, values);
    fxToday.set(c, valueAt(f, last));
  }
  const shocked: MarketData = {
    dates: [...market.dates, nextDay(market.dates[last]!)],
    series,
    fx,
  };
  return (move, extraRatePoints = 0) => {
    for (const { s, values, today } of moved)
      values[n] =
        s.kind === 'yield' || s.kind === 'curvePoint'
          ? today + (move.rates.get(s.ticker) ?? 0) + extraRatePoints
          : today * (move.levels.get(s.ticker) ?? 1);
    for (const [c, values] of fx) values[n] = fxToday.get(c)! * (move.fx.get(c) ?? 1);
    return shocked;
  };
}
