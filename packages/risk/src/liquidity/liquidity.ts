import { InvalidInputError } from '../errors.ts';

/**
 * One holding for liquidity analysis. Cash and instruments that settle immediately give
 * `averageDailyVolume: null` with `quantity` ignored (liquid on day 0… treated as 0 days).
 */
export interface LiquidityPosition {
  readonly id: string;
  /** Market value, TRY. */
  readonly valueTry: number;
  /** Units held. */
  readonly quantity: number;
  /**
   * Average daily traded volume in units (e.g. 3-month ADV for private bonds, weekly ADV for shares,
   * as some KAP risk disclosures use); `null` for cash-like positions liquid at once.
   */
  readonly averageDailyVolume: number | null;
  /** Share of ADV the fund may trade per day, overriding the default; fraction in (0, 1]. */
  readonly participationRate?: number | undefined;
  /**
   * Days to liquidate set by the position's type (a policy assumption where no volume is
   * measured); when given, quantity and ADV are not used.
   */
  readonly fixedDays?: number | undefined;
}

/** Liquidity buckets in days (upper bounds inclusive): 1, 2–7, 8–30, 31–90, > 90. */
export const LIQUIDITY_BUCKETS = [
  { label: '1', maxDays: 1 },
  { label: '2-7', maxDays: 7 },
  { label: '8-30', maxDays: 30 },
  { label: '31-90', maxDays: 90 },
  { label: '>90', maxDays: Number.POSITIVE_INFINITY },
] as const;

export interface PositionLiquidity {
  readonly id: string;
  readonly valueTry: number;
  /** Q / (participation × ADV); 0 for cash-like, +∞ when ADV is 0. */
  readonly daysToLiquidate: number;
  /** Bucket of the days to liquidate, rounded up to whole days. */
  readonly bucket: (typeof LIQUIDITY_BUCKETS)[number]['label'];
}

export interface LiquidityProfile {
  readonly positions: PositionLiquidity[];
  readonly totalValue: number;
  /** Share of total value in each bucket (fractions summing to 1). */
  readonly buckets: { readonly label: string; readonly valueTry: number; readonly share: number }[];
  /** Share of total value sellable within 1, 7 and 30 days, by both methods. */
  readonly sellable: {
    readonly days: number;
    readonly waterfall: number;
    readonly slicing: number;
  }[];
}

/**
 * Days to liquidate a position: DTL = quantity / (participation × ADV) (industry practice, e.g. ESMA
 * liquidity stress testing guidelines ESMA34-39-897 "time to liquidate"; no SPK number exists).
 * @throws InvalidInputError for a negative quantity or ADV or a participation outside (0, 1].
 */
export function daysToLiquidate(position: LiquidityPosition, defaultParticipation: number): number {
  const participation = position.participationRate ?? defaultParticipation;
  if (!(participation > 0 && participation <= 1)) {
    throw new InvalidInputError(
      `participation rate of ${position.id} must be in (0, 1], got ${participation}`,
    );
  }
  if (position.fixedDays !== undefined) {
    if (!(position.fixedDays >= 0))
      throw new InvalidInputError(`fixed days of ${position.id} must be non-negative`);
    return position.fixedDays;
  }
  if (position.averageDailyVolume === null) return 0;
  if (!(position.quantity >= 0) || !(position.averageDailyVolume >= 0)) {
    throw new InvalidInputError(`quantity and ADV of ${position.id} must be non-negative`);
  }
  if (position.quantity === 0) return 0;
  return position.averageDailyVolume === 0
    ? Number.POSITIVE_INFINITY
    : position.quantity / (participation * position.averageDailyVolume);
}

/** Fraction of a position sold within `days` at its maximum daily pace (a 0-day position sells at once). */
function fractionSold(dtl: number, days: number): number {
  return dtl === 0 ? 1 : Math.min(1, days / dtl);
}

/**
 * Share of total value sellable within `days`:
 * - `waterfall`: every position sold at its maximum pace, most liquid first, Σ value·min(1, h/DTL);
 * - `slicing`: pro-rata sales that keep the portfolio's composition, limited by the least liquid
 *   position: min over positions of min(1, h/DTL).
 */
export function sellableShare(
  positions: readonly PositionLiquidity[],
  days: number,
  method: 'waterfall' | 'slicing',
): number {
  const total = positions.reduce((s, p) => s + p.valueTry, 0);
  if (total === 0) return 0;
  if (method === 'slicing')
    return Math.min(1, ...positions.map((p) => fractionSold(p.daysToLiquidate, days)));
  // A book worth less than 2⁻⁹⁰⁰ TL (subnormal doubles: value × fraction would round to 0 and the
  // waterfall fall below the slicing share) is scaled by 2¹⁰⁰⁰ first. A power of two scales
  // exactly, and any other book is multiplied by 1: its share is the same double as unscaled.
  const scale = total < 2 ** -900 ? 2 ** 1000 : 1;
  return (
    positions.reduce((s, p) => s + p.valueTry * scale * fractionSold(p.daysToLiquidate, days), 0) /
    (total * scale)
  );
}

/**
 * Liquidity profile: days to liquidate per position, the value in the buckets 1, 2–7, 8–30, 31–90,
 * > 90 days and the share sellable within 1/7/30 days by waterfall and slicing.
 * @throws InvalidInputError for negative values or invalid position inputs.
 */
export function liquidityProfile(
  positions: readonly LiquidityPosition[],
  options: {
    readonly participationRate: number;
    readonly horizons?: readonly number[] | undefined;
  },
): LiquidityProfile {
  const analysed = positions.map((p): PositionLiquidity => {
    if (!(p.valueTry >= 0))
      throw new InvalidInputError(`value of ${p.id} must be non-negative, got ${p.valueTry}`);
    const dtl = daysToLiquidate(p, options.participationRate);
    const whole = Math.max(1, Math.ceil(dtl - 1e-12));
    return {
      id: p.id,
      valueTry: p.valueTry,
      daysToLiquidate: dtl,
      bucket: LIQUIDITY_BUCKETS.find((b) => whole <= b.maxDays)!.label,
    };
  });
  const totalValue = analysed.reduce((s, p) => s + p.valueTry, 0);
  const buckets = LIQUIDITY_BUCKETS.map((b) => {
    const valueTry = analysed
      .filter((p) => p.bucket === b.label)
      .reduce((s, p) => s + p.valueTry, 0);
    return { label: b.label, valueTry, share: totalValue === 0 ? 0 : valueTry / totalValue };
  });
  const sellable = (options.horizons ?? [1, 7, 30]).map((days) => ({
    days,
    waterfall: sellableShare(analysed, days, 'waterfall'),
    slicing: sellableShare(analysed, days, 'slicing'),
  }));
  return { positions: analysed, totalValue, buckets, sellable };
}

/** A redemption scenario: outflow as a share of NAV over a horizon (e.g. T+2 valör). */
export interface RedemptionScenario {
  readonly name: string;
  /** Redemptions as a fraction of NAV. */
  readonly redemptionShare: number;
  readonly horizonDays: number;
}

export interface RedemptionCoverage {
  readonly name: string;
  readonly liquidValue: number;
  readonly redemptionValue: number;
  /** liquid assets within the horizon / redemption outflow; +∞ with no outflow. */
  readonly coverageRatio: number;
  readonly passes: boolean;
}

/**
 * Redemption coverage ratio per scenario: RCR = value liquidatable within the horizon (waterfall or
 * slicing) / redemptions; passes when RCR ≥ `minimumRatio` (default 1; RCR < 1 is a shortfall).
 * Source: ESMA STRESI framework (ESMA 2019) as summarised in regulation-and-methods.md §3 [U].
 * @throws InvalidInputError for a non-positive NAV or a negative redemption share.
 */
export function redemptionCoverage(
  profile: LiquidityProfile,
  nav: number,
  scenarios: readonly RedemptionScenario[],
  options: {
    readonly method?: 'waterfall' | 'slicing' | undefined;
    readonly minimumRatio?: number | undefined;
  } = {},
): RedemptionCoverage[] {
  if (!(nav > 0)) throw new InvalidInputError(`nav must be positive, got ${nav}`);
  return scenarios.map((s) => {
    if (!(s.redemptionShare >= 0))
      throw new InvalidInputError(`redemption share of ${s.name} must be non-negative`);
    const liquidValue =
      sellableShare(profile.positions, s.horizonDays, options.method ?? 'waterfall') *
      profile.totalValue;
    const redemptionValue = s.redemptionShare * nav;
    const coverageRatio =
      redemptionValue === 0 ? Number.POSITIVE_INFINITY : liquidValue / redemptionValue;
    return {
      name: s.name,
      liquidValue,
      redemptionValue,
      coverageRatio,
      passes: coverageRatio >= (options.minimumRatio ?? 1),
    };
  });
}

/**
 * Cost of selling a position at the participation pace, as a fraction of its value, by the
 * square-root impact law: impact = Y · σ_d · √(q / ADV) with q the quantity sold per day
 * (min(Q, participation × ADV)) and Y of order 1 (Tóth et al., "Anomalous price impact and the
 * critical nature of liquidity", PRX 2011; Almgren et al. 2005). σ_d is the daily volatility of
 * returns. The haircut (spread, forced-sale discount) is added by the caller.
 * @throws InvalidInputError for a non-positive ADV, negative quantity or volatility.
 */
export function squareRootImpact(
  quantity: number,
  averageDailyVolume: number,
  participationRate: number,
  dailyVolatility: number,
  y = 1,
): number {
  if (!(averageDailyVolume > 0)) throw new InvalidInputError('ADV must be positive');
  if (!(quantity >= 0) || !(dailyVolatility >= 0))
    throw new InvalidInputError('quantity and volatility must be non-negative');
  if (!(participationRate > 0 && participationRate <= 1))
    throw new InvalidInputError(`participation rate must be in (0, 1], got ${participationRate}`);
  const perDay = Math.min(quantity, participationRate * averageDailyVolume);
  return y * dailyVolatility * Math.sqrt(perDay / averageDailyVolume);
}

export interface NetOutflow {
  /** Net redemptions over the window as a fraction of the units at its start (≥ 0). */
  readonly share: number;
  readonly from: string;
  readonly to: string;
}

/**
 * The worst net outflow over any window of `horizon` consecutive observations: units outstanding
 * u_t = NAV_t / unit price_t (price moves do not count as flows), outflow = (u_{t−h} − u_t) /
 * u_{t−h}. Null when fewer than h + 1 observations or no window with an outflow.
 * @throws InvalidInputError for mismatched lengths, a horizon below 1 or non-positive prices.
 */
export function worstNetOutflow(
  dates: readonly string[],
  navs: readonly number[],
  unitPrices: readonly number[],
  horizon: number,
): NetOutflow | null {
  if (dates.length !== navs.length || navs.length !== unitPrices.length)
    throw new InvalidInputError('dates, navs and unit prices must have the same length');
  if (!(horizon >= 1) || !Number.isInteger(horizon))
    throw new InvalidInputError(`horizon must be a positive integer, got ${horizon}`);
  const units = navs.map((nav, i) => {
    const p = unitPrices[i]!;
    if (!(p > 0)) throw new InvalidInputError(`unit price on ${dates[i]} must be positive`);
    return nav / p;
  });
  let worst: NetOutflow | null = null;
  for (let t = horizon; t < units.length; t++) {
    const start = units[t - horizon]!;
    if (!(start > 0)) continue;
    const share = (start - units[t]!) / start;
    if (share > 0 && (worst === null || share > worst.share))
      worst = { share, from: dates[t - horizon]!, to: dates[t]! };
  }
  return worst;
}
