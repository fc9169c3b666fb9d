// Holdings-based attribution of a fund over consecutive holdings dates: per-period position
// total returns (value change, income, accrued interest), Brinson-Fachler by segment against the
// benchmark, Carino-linked over the window.
import {
  ATTRIBUTION_ASSET_CLASS_LABELS,
  MAIN_TYPE_ASSET_CLASS,
  formatPercentPoints,
  type Attribution,
  type AttributionAssetClass,
  type ReturnReconciliation,
} from '@fonrisk/contracts';
import {
  CARINO_LINKING,
  brinsonFachler,
  carinoFactors,
  linkEffects,
  simpleInterestReturn,
  unitTotalReturn,
  type AttributionSegment,
} from '@fonrisk/risk';
import type { Snapshot } from '../data/load.ts';
import type { PositionIncome } from './income-events.ts';

export interface HoldingLine {
  readonly code: string;
  readonly name: string;
  readonly mainType: string;
  readonly sector: string | null;
  readonly valueTry: number;
  readonly nominal: number | null;
  /** The holding's reported rate, percent a year (money-market lines accrue at it). */
  readonly ratePct: number | null;
  /** A futures contract's multiplier (its terms), else null. */
  readonly contractSize: number | null;
}

/** The attribution lines of a holdings snapshot, with the instruments' sectors. */
export function holdingLines(
  snapshot: Snapshot,
  sectors: ReadonlyMap<string, string | null>,
): HoldingLine[] {
  return snapshot.positions.map((p) => ({
    code: p.instrumentCode,
    name: p.instrumentName ?? p.instrumentCode,
    mainType: p.mainType,
    sector: sectors.get(p.instrumentCode) ?? null,
    valueTry: p.valueTry,
    nominal: p.nominalValue,
    ratePct: p.ratePct,
    contractSize: p.terms?.kind === 'future' ? p.terms.contractSize : null,
  }));
}

/**
 * Main types valued at nominal that earn interest from their rate and days: deposits,
 * participation accounts, repo and reverse repo, Takasbank money market, and cash collateral
 * (VİOP margin, on which Takasbank pays interest; a margin line without a rate earns 0).
 */
export const INTEREST_ACCRUING_MAIN_TYPES: ReadonlySet<string> = new Set([
  'deposit',
  'participationAccount',
  'reverseRepo',
  'repo',
  'moneyMarket',
  'margin',
]);

export interface PositionPeriod {
  readonly code: string;
  readonly name: string;
  readonly assetClass: AttributionAssetClass;
  readonly sector: string | null;
  /** Start value ÷ start NAV. */
  readonly weight: number;
  readonly return: number;
}

/**
 * Total returns of the positions between two holdings dates d0 and d1, in TRY
 * (docs/decisions/0052-income-floaters-and-conventions.md):
 * - money-market lines (INTEREST_ACCRUING_MAIN_TYPES) reported at their nominal (value =
 *   nominal: the accrual is not in the value): the interest of their start rate over the days,
 *   simple on ACT/365; such a line whose value differs from its nominal (accrued interest or a
 *   foreign currency in the value) earns its change of value per unit, as the others;
 * - other lines held on both dates: the change of the value per unit (value ÷ nominal) plus the
 *   income of one start unit in (d0, d1] (coupons, dividends; splits and bonus issues change the
 *   units): unitTotalReturn;
 * - a bond gone at d1 because it matured in (d0, d1]: its coupons and redemption;
 * - a futures position (value 0, its P&L settled into cash daily): its notional exposure
 *   contracts × size × F(d0) ÷ NAV as the weight in the derivatives class with the return
 *   F(d1)/F(d0) − 1 of its price, and the opposite synthetic financing line (weight −notional ÷
 *   NAV, return 0) in the money-market class, so that its contribution is its P&L ÷ NAV and the
 *   weights still add up to 1;
 * - an option held at d0 and gone at d1 (expired, or closed and rolled within the period) is held
 *   through the period: the change of its price series to its last value on or before d1 (after
 *   expiry its last price, what the expiry paid), as a future is held to d1;
 * - else (a line sold within the period) 0: the difference shows in the reconciliation.
 * Weights are start values ÷ start NAV.
 */
export function positionPeriod(
  start: readonly HoldingLine[],
  end: readonly HoldingLine[],
  d0: string,
  d1: string,
  income: ReadonlyMap<string, PositionIncome>,
  /** A futures or options contract's price on a date (its series, last value on or before). */
  derivativePrice: (code: string, date: string) => number | null,
): PositionPeriod[] {
  const nav = start.reduce((s, l) => s + l.valueTry, 0);
  const later = new Map(end.map((l) => [l.code, l]));
  return start.flatMap((l): PositionPeriod[] => {
    if (l.contractSize !== null && l.nominal) {
      const f0 = derivativePrice(l.code, d0);
      const f1 = derivativePrice(l.code, d1);
      if (f0 === null || f1 === null || !(f0 > 0) || nav === 0) return [];
      const weight = (l.nominal * l.contractSize * f0) / nav;
      const base = { code: l.code, name: l.name, sector: l.sector };
      return [
        { ...base, assetClass: 'derivative', weight, return: f1 / f0 - 1 },
        {
          ...base,
          name: `${l.name} (sentetik finansman)`,
          assetClass: 'moneyMarket',
          weight: -weight,
          return: 0,
        },
      ];
    }
    const e = later.get(l.code);
    const inc = income.get(l.code);
    const events = (inc?.events ?? []).filter((x) => x.date > d0 && x.date <= d1);
    const unit0 = l.nominal ? l.valueTry / l.nominal : 0;
    let r: number | null = null;
    if (INTEREST_ACCRUING_MAIN_TYPES.has(l.mainType) && atNominal(l))
      r = simpleInterestReturn(l.ratePct ?? 0, d0, d1);
    else if (unit0 > 0 && e?.nominal) r = unitTotalReturn(unit0, e.valueTry / e.nominal, events);
    else if (unit0 > 0 && !e && inc?.maturity && inc.maturity > d0 && inc.maturity <= d1)
      r = unitTotalReturn(unit0, 0, events);
    else if (unit0 > 0 && !e)
      r = heldThrough(derivativePrice(l.code, d0), derivativePrice(l.code, d1));
    return [
      {
        code: l.code,
        name: l.name,
        assetClass: MAIN_TYPE_ASSET_CLASS[l.mainType] ?? 'other',
        sector: l.sector,
        weight: nav !== 0 ? l.valueTry / nav : 0,
        return: r !== null && Number.isFinite(r) ? r : 0,
      },
    ];
  });
}

/** The return of a contract held from price p0 to p1, null without both prices. */
function heldThrough(p0: number | null, p1: number | null): number | null {
  return p0 !== null && p1 !== null && p0 > 0 ? p1 / p0 - 1 : null;
}

/** A line valued at its nominal: value and nominal agree to the kuruş. */
function atNominal(l: HoldingLine): boolean {
  return l.nominal !== null && Math.abs(l.valueTry - l.nominal) < 0.005;
}

/** A benchmark segment in one period: weight (start) and return. */
export interface BenchmarkSegment {
  readonly segment: string;
  readonly weight: number;
  readonly return: number;
}

/** Segments of a period: portfolio weights and returns by key against the benchmark's. */
export function segmentsOf(
  positions: readonly PositionPeriod[],
  key: (p: PositionPeriod) => string,
  benchmark: readonly BenchmarkSegment[],
): AttributionSegment[] {
  const names = new Set<string>([...positions.map(key), ...benchmark.map((b) => b.segment)]);
  return [...names].map((name) => {
    const own = positions.filter((p) => key(p) === name);
    const w = own.reduce((s, p) => s + p.weight, 0);
    const b = benchmark.find((x) => x.segment === name);
    const bReturn = b?.return ?? 0;
    return {
      name,
      portfolioWeight: w,
      benchmarkWeight: b?.weight ?? 0,
      // A segment the portfolio does not hold takes the benchmark's return (no selection effect).
      portfolioReturn:
        Math.abs(w) > 1e-12 ? own.reduce((s, p) => s + p.weight * p.return, 0) / w : bReturn,
      benchmarkReturn: bReturn,
    };
  });
}

/**
 * Brinson-Fachler per period, linked with Carino over the periods: allocation, selection and
 * interaction per segment and in total add up to the compounded active return.
 */
export function linkedAttribution(
  periods: readonly AttributionSegment[][],
  label: (segment: string) => string = (s) =>
    Object.hasOwn(ATTRIBUTION_ASSET_CLASS_LABELS, s)
      ? ATTRIBUTION_ASSET_CLASS_LABELS[s as AttributionAssetClass]
      : s,
): Attribution {
  const results = periods.map((segments) => brinsonFachler(segments));
  const { factors, portfolioReturn, benchmarkReturn } = carinoFactors(
    results.map((r) => r.portfolioReturn),
    results.map((r) => r.benchmarkReturn),
  );
  const names = [...new Set(periods.flatMap((p) => p.map((s) => s.name)))];
  const compound = (xs: number[]) => xs.reduce((g, x) => g * (1 + x), 1) - 1;
  const segments = names.map((name) => {
    const per = results.map((r) => r.segments.find((s) => s.name === name));
    const input = periods.map((p) => p.find((s) => s.name === name));
    const effect = (k: 'allocation' | 'selection' | 'interaction') =>
      linkEffects(
        per.map((s) => s?.[k] ?? 0),
        factors,
      );
    const allocation = effect('allocation');
    const selection = effect('selection');
    const interaction = effect('interaction');
    const avg = (f: (s: AttributionSegment) => number) =>
      input.reduce((s, x) => s + (x ? f(x) : 0), 0) / Math.max(1, input.length);
    return {
      segment: label(name),
      portfolioWeight: avg((s) => s.portfolioWeight),
      benchmarkWeight: avg((s) => s.benchmarkWeight),
      portfolioReturn: compound(input.map((s) => s?.portfolioReturn ?? 0)),
      benchmarkReturn: compound(input.map((s) => s?.benchmarkReturn ?? 0)),
      allocation,
      selection,
      interaction,
      total: allocation + selection + interaction,
    };
  });
  const sum = (k: 'allocation' | 'selection' | 'interaction') =>
    segments.reduce((s, x) => s + x[k], 0);
  return {
    linking: CARINO_LINKING,
    periods: periods.length,
    portfolioReturn,
    benchmarkReturn,
    activeReturn: portfolioReturn - benchmarkReturn,
    allocation: sum('allocation'),
    selection: sum('selection'),
    interaction: sum('interaction'),
    segments: segments.sort((a, b) => Math.abs(b.total) - Math.abs(a.total)),
  };
}

/** Contribution of each position over the periods, Carino-linked against a zero benchmark (Σ = R). */
export function linkedContributions(periods: readonly PositionPeriod[][]): {
  code: string;
  name: string;
  assetClass: AttributionAssetClass;
  contribution: number;
  averageWeight: number;
}[] {
  const totals = periods.map((p) => p.reduce((s, x) => s + x.weight * x.return, 0));
  const { factors } = carinoFactors(
    totals,
    totals.map(() => 0),
  );
  const byCode = new Map<
    string,
    {
      code: string;
      name: string;
      assetClass: AttributionAssetClass;
      contribution: number;
      weightSum: number;
    }
  >();
  periods.forEach((p, t) => {
    for (const x of p) {
      const row = byCode.get(x.code) ?? {
        code: x.code,
        name: x.name,
        assetClass: x.assetClass,
        contribution: 0,
        weightSum: 0,
      };
      row.contribution += x.weight * x.return * factors[t]!;
      row.weightSum += x.weight;
      byCode.set(x.code, row);
    }
  });
  return [...byCode.values()]
    .map(({ weightSum, ...r }) => ({
      ...r,
      averageWeight: weightSum / Math.max(1, periods.length),
    }))
    .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
}

/**
 * The attribution's total against the unit-price return over the same holdings dates
 * [fromDate, toDate]: `dates` are the unit-price dates and `net`/`gross` the returns between
 * consecutive ones (gross: the fee added back). Null when the prices do not cover both dates.
 */
export function reconcileReturns(input: {
  readonly dates: readonly string[];
  readonly net: ArrayLike<number>;
  readonly gross: ArrayLike<number>;
  readonly fromDate: string;
  readonly toDate: string;
  readonly holdingsReturn: number;
}): ReturnReconciliation | null {
  const { dates, fromDate, toDate, holdingsReturn } = input;
  const i0 = dates.indexOf(fromDate);
  const i1 = dates.indexOf(toDate);
  if (i0 < 0 || i1 <= i0) return null;
  const chain = (xs: ArrayLike<number>) => {
    let g = 1;
    for (let i = i0; i < i1; i++) g *= 1 + xs[i]!;
    return g - 1;
  };
  const unitPriceReturn = chain(input.net);
  const grossUnitPriceReturn = chain(input.gross);
  const days = (Date.parse(toDate) - Date.parse(fromDate)) / 86_400_000;
  return {
    fromDate,
    toDate,
    holdingsReturn,
    unitPriceReturn,
    grossUnitPriceReturn,
    residual: unitPriceReturn - holdingsReturn,
    fees: unitPriceReturn - grossUnitPriceReturn,
    other: grossUnitPriceReturn - holdingsReturn,
    otherPerYear: ((1 + grossUnitPriceReturn) / (1 + holdingsReturn)) ** (365 / days) - 1,
  };
}

/** The rows of the reconciliation table, each figure with what it is. */
export function reconciliationRows(
  r: ReturnReconciliation,
  annualFeeRatePct: number,
): { figure: string; value: number; explanation: string }[] {
  const pct = (x: number) => formatPercentPoints(x, 2, 0);
  return [
    {
      figure: 'Getiri ayrıştırmasının toplamı',
      value: r.holdingsReturn,
      explanation:
        'Portföy dağılımlarından: fiyat değişimi, kupon, temettü; mevduat, repo, para piyasası ve VİOP nakit teminatı faizi; vadeli işlem ve opsiyonlar dönem sonuna ya da vadelerine kadar tutulmuş sayılır (TL)',
    },
    {
      figure: 'Birim pay fiyatı getirisi (net)',
      value: r.unitPriceReturn,
      explanation: 'Fonun birim pay fiyatından, aynı tarihler arasında',
    },
    {
      figure: 'Fark (birim pay − ayrıştırma)',
      value: r.residual,
      explanation: 'Aşağıdaki iki kalemin toplamı',
    },
    {
      figure: 'Yönetim ücreti',
      value: r.fees,
      explanation: `Birim pay fiyatı ücret sonrası, dağılım getirisi ücret öncesidir (yıllık ${pct(annualFeeRatePct)}, gerçek/365)`,
    },
    {
      figure: 'Diğer fark',
      value: r.other,
      explanation:
        'Pay alım-satımları (giriş-çıkışlar), iki dağılım tarihi arasındaki işlemler ve değerleme zamanlaması',
    },
    {
      figure: 'Diğer fark (yıllık)',
      value: r.otherPerYear,
      explanation: '((1 + brüt birim pay getirisi) ÷ (1 + ayrıştırma toplamı))^(365 ÷ gün) − 1',
    },
  ];
}
