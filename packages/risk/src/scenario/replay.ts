// Replaying a run's input bundle (docs/decisions/0040-pricing-in-the-library-and-input-bundles.md):
// the VaR figures of each recorded evaluation recomputed with the same functions the worker
// used (buildScenarioMatrix, matrixRisk, positionFigures, portfolioFigures), and a comparison of
// every recomputed number with the stored result, figure by figure.
import { buildScenarioMatrix } from './build.ts';
import type { MarketData, ScenarioWindow } from './market.ts';
import { type MatrixRisk, matrixRisk, type RiskModel } from './matrix-risk.ts';
import type { PositionInput, ScenarioMatrix } from './types.ts';

/** A market window as the bundle carries it: values aligned to `dates`, null for no value. */
export interface MarketJson {
  readonly dates: readonly string[];
  readonly series: readonly {
    readonly ticker: string;
    readonly kind: string;
    readonly currency: string;
    readonly tenorDays: number | null;
    readonly values: readonly (number | null)[];
  }[];
  readonly fx: readonly {
    readonly currency: string;
    readonly values: readonly (number | null)[];
  }[];
}

/** One recorded VaR computation (contracts BundleEvaluation). */
export interface EvaluationJson {
  readonly portfolioCode: string;
  readonly date: string;
  /** Index into the bundle's markets. */
  readonly market: number;
  readonly window: ScenarioWindow;
  readonly model: RiskModel;
  readonly detail: boolean;
}

/** What replay reads of a scenario bundle's data (contracts ScenarioBundleData). */
export interface ScenarioBundleJson {
  readonly holdings: readonly {
    readonly portfolioCode: string;
    readonly date: string;
    readonly navTry: number;
    readonly positions: readonly PositionInput[];
  }[];
  readonly markets: readonly MarketJson[];
  readonly evaluations: readonly EvaluationJson[];
}

function floats(values: readonly (number | null)[]): Float64Array {
  return Float64Array.from(values, (v) => v ?? Number.NaN);
}

/** The in-memory market of a bundle's market window (null becomes NaN). */
export function marketFromJson(m: MarketJson): MarketData {
  return {
    dates: m.dates,
    series: new Map(
      m.series.map((s) => [
        s.ticker,
        {
          ticker: s.ticker,
          kind: s.kind,
          currency: s.currency,
          tenorDays: s.tenorDays,
          values: floats(s.values),
        },
      ]),
    ),
    fx: new Map(m.fx.map((f) => [f.currency, floats(f.values)])),
  };
}

/** VaR and ES of a portfolio in TRY and as a fraction of NAV (0 for a zero NAV). */
export interface PortfolioFigures {
  readonly varTry: number;
  readonly varPct: number;
  readonly esTry: number;
  readonly esPct: number;
}

export function portfolioFigures(risk: MatrixRisk, navTry: number): PortfolioFigures {
  return {
    varTry: risk.var,
    varPct: navTry === 0 ? 0 : risk.var / navTry,
    esTry: risk.es,
    esPct: navTry === 0 ? 0 : risk.es / navTry,
  };
}

/** The decomposition figures of one position of the matrix. */
export interface PositionFigures {
  readonly instrumentCode: string;
  readonly weight: number;
  /** VaR per TRY of delta-equivalent exposure; null for a zero exposure. */
  readonly marginalVar: number | null;
  readonly componentVarTry: number;
  readonly componentShare: number | null;
  readonly incrementalVarTry: number | null;
}

export function positionFigures(
  matrix: ScenarioMatrix,
  risk: MatrixRisk,
  navTry: number,
): PositionFigures[] {
  return matrix.positions.map((p, i) => ({
    instrumentCode: p.instrumentCode,
    weight: navTry === 0 ? 0 : p.valueTry / navTry,
    marginalVar: p.exposureTry === 0 ? null : risk.marginal[i]! / p.exposureTry,
    componentVarTry: risk.component[i]!,
    componentShare: risk.var === 0 ? null : risk.component[i]! / risk.var,
    incrementalVarTry: risk.incremental[i] ?? null,
  }));
}

/** Recomputed VaR figures, laid out as the 'var' result (series points, portfolio details). */
export interface VarReplay {
  readonly series: (PortfolioFigures & {
    readonly portfolioCode: string;
    readonly date: string;
    readonly navTry: number;
  })[];
  readonly portfolios: {
    readonly portfolioCode: string;
    readonly date: string;
    readonly positions: PositionFigures[];
  }[];
}

/**
 * Recomputes every evaluation of the bundle in order: the holdings of the portfolio on the date,
 * priced on the recorded market window, with the recorded model. Detail evaluations also give
 * the position decomposition. Throws when an evaluation points at a missing holding or market.
 */
export function replayVar(bundle: ScenarioBundleJson): VarReplay {
  const markets = bundle.markets.map(marketFromJson);
  const out: VarReplay = { series: [], portfolios: [] };
  for (const e of bundle.evaluations) {
    const held = bundle.holdings.find(
      (h) => h.portfolioCode === e.portfolioCode && h.date === e.date,
    );
    const market = markets[e.market];
    if (!held || !market)
      throw new Error(
        `${e.portfolioCode} ${e.date}: pakette portföy dağılımı veya piyasa verisi yok`,
      );
    const matrix = buildScenarioMatrix(held.positions, market, e.window, e.date);
    const risk = matrixRisk(
      matrix.pnl,
      matrix.positions.length,
      matrix.scenarios,
      e.model,
      e.detail,
      [],
    );
    out.series.push({
      portfolioCode: e.portfolioCode,
      date: e.date,
      navTry: held.navTry,
      ...portfolioFigures(risk, held.navTry),
    });
    if (e.detail)
      out.portfolios.push({
        portfolioCode: e.portfolioCode,
        date: e.date,
        positions: positionFigures(matrix, risk, held.navTry),
      });
  }
  return out;
}

/** A figure whose stored and recomputed values differ. */
export interface FigureDifference {
  /** JSON path, e.g. `series[0].varTry`. */
  readonly path: string;
  readonly stored: unknown;
  readonly recomputed: unknown;
}

function at(value: unknown, key: string | number): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  return (value as Record<string | number, unknown>)[key];
}

/**
 * Every number (and null, and text) of `recomputed` compared with the same path of `stored`:
 * numbers must be the same double (same bits; NaN equals NaN). Differences are listed in path order.
 */
export function compareFigures(
  stored: unknown,
  recomputed: unknown,
  path = '',
): FigureDifference[] {
  if (Array.isArray(recomputed)) {
    const list = Array.isArray(stored) ? (stored as unknown[]) : [];
    const diffs = recomputed.flatMap((v: unknown, i) =>
      compareFigures(list[i], v, `${path}[${String(i)}]`),
    );
    if (list.length !== recomputed.length)
      diffs.push({ path: `${path}.length`, stored: list.length, recomputed: recomputed.length });
    return diffs;
  }
  if (typeof recomputed === 'object' && recomputed !== null)
    return Object.entries(recomputed).flatMap(([k, v]) =>
      compareFigures(at(stored, k), v, path === '' ? k : `${path}.${k}`),
    );
  const same =
    stored === recomputed ||
    (typeof stored === 'number' &&
      typeof recomputed === 'number' &&
      Number.isNaN(stored) &&
      Number.isNaN(recomputed));
  return same ? [] : [{ path, stored, recomputed }];
}
