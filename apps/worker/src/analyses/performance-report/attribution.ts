// Holdings-based attribution of a fund over consecutive holdings dates: per-period position
// returns, Brinson-Fachler by segment against the benchmark, Carino-linked over the window.
import {
  ATTRIBUTION_ASSET_CLASS_LABELS,
  MAIN_TYPE_ASSET_CLASS,
  type Attribution,
  type AttributionAssetClass,
} from '@fonrisk/contracts';
import {
  CARINO_LINKING,
  brinsonFachler,
  carinoFactors,
  linkEffects,
  type AttributionSegment,
} from '@fonrisk/risk';

export interface HoldingLine {
  readonly code: string;
  readonly name: string;
  readonly mainType: string;
  readonly sector: string | null;
  readonly valueTry: number;
  readonly nominal: number | null;
}

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
 * Position returns between two holdings dates: the change of the value per unit
 * (value ÷ nominal) for lines held on both dates, else the mapped series' return when given,
 * else 0 (cash-like lines whose nominal is their value). Weights are start values ÷ start NAV.
 */
export function positionPeriod(
  start: readonly HoldingLine[],
  end: readonly HoldingLine[],
  seriesReturn: (code: string) => number | null,
): PositionPeriod[] {
  const nav = start.reduce((s, l) => s + l.valueTry, 0);
  const later = new Map(end.map((l) => [l.code, l]));
  return start.map((l) => {
    const e = later.get(l.code);
    let r: number | null = null;
    if (e && l.nominal && e.nominal && l.valueTry !== 0)
      r = e.valueTry / e.nominal / (l.valueTry / l.nominal) - 1;
    r ??= seriesReturn(l.code);
    return {
      code: l.code,
      name: l.name,
      assetClass: MAIN_TYPE_ASSET_CLASS[l.mainType] ?? 'other',
      sector: l.sector,
      weight: nav !== 0 ? l.valueTry / nav : 0,
      return: Number.isFinite(r ?? Number.NaN) ? r! : 0,
    };
  });
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
