// The charts of each analysis result, built from the result itself (decision 0058): the result
// screen draws them and the report's PDF section draws them, from these same functions. Types
// whose worker stores `result.charts` (Modules 2 and 5) need no entry: their stored charts are the
// one source. Keyed and typed by ANALYSIS_TYPES, never by a string switch.
import type { BacktestResult } from '../analyses/backtest.ts';
import type { FundStatisticsResult } from '../analyses/fund-statistics.ts';
import type { IncrementalVarResult } from '../analyses/incremental-var.ts';
import type { AuditUnit, InternalAuditResult } from '../analyses/internal-audit.ts';
import type { LeveragePortfolio, LeverageResult } from '../analyses/leverage.ts';
import {
  ANALYSIS_TYPES,
  isAnalysisType,
  type AnalysisResult,
  type AnalysisType,
} from '../analyses/registry.ts';
import type { ResultChart } from '../analyses/result-charts.ts';
import type { RiskValueFund, RiskValueResult } from '../analyses/risk-value.ts';
import type { StressOutcome, StressTestResult } from '../analyses/stress-test.ts';
import type { VarPortfolioDetail, VarResult } from '../analyses/var.ts';
import { VAR_SETTINGS_DEFAULTS } from '../analyses/var-settings.ts';
import {
  backtestOption,
  datedLinesOption,
  doughnutOption,
  histogramOption,
  horizontalBarOption,
  riskValueHistoryOption,
  trafficLightOption,
  usageGaugeOption,
  type BacktestChartPoint,
  type ChartOption,
  type DatedLine,
} from './analysis-options.ts';
import type { ChartFormat } from './chart-format.ts';
import { STATUS_COLORS } from './chart-palette.ts';

const fmtNumber = (n: number, digits = 0): string =>
  n.toLocaleString('tr-TR', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Titles and series names of the analysis charts (screen and PDF). */
export const ANALYSIS_CHART_TEXTS = {
  var: {
    gauge: 'Limit kullanım göstergesi',
    histogram: (scenarios: number): string =>
      `Senaryo K/Z dağılımı (${fmtNumber(scenarios)} senaryo), −RMD ve −ES işaretli`,
    varLine: '−RMD',
    esLine: '−ES',
    byAssetClass: 'Varlık Sınıfı',
    byCurrency: 'Döviz Cinsi',
    byRiskFactor: 'Risk Faktörü',
    component: (by: string): string => `${by} bazında bileşen RMD (TL)`,
    weight: (by: string): string => `${by} bazında portföy ağırlığı`,
    series: 'RMD (% FTD) ve limit',
    limitSeries: (code: string): string => `${code} limit`,
  },
  backtest: {
    chart: 'Günlük K/Z ve −RMD; aşımlar işaretli',
    hypothetical: 'Varsayımsal K/Z',
    actual: 'Gerçekleşen K/Z',
    var: '−RMD (1 gün)',
    exceptions: 'Aşım',
    zone: 'Trafik ışığı bölgesi: aşım sayısı ve beklenen',
    exceptionCount: 'Aşım sayısı',
    expected: 'Beklenen aşım',
    zones: { green: 'Yeşil bölge', yellow: 'Sarı bölge', red: 'Kırmızı bölge' },
  },
  stress: { chart: 'Senaryo bazında kâr/zarar (% FTD)' },
  riskValue: {
    chart: 'Haftalık yıllık oynaklık ve risk değeri bantları',
    weekly: 'Haftalık sınıf',
    official: 'Risk değeri (4 ay kuralı)',
    volatility: 'Yıllık oynaklık',
    change: 'Değişiklik',
    band: 'RD',
  },
  fundStatistics: { cumulative: 'Kümülatif getiri', drawdown: 'Düşüş (tepeden)' },
  leverage: {
    chart: 'Kaldıraç ve limit (% FTD)',
    commitment: 'Açık pozisyon (yükümlülük)',
    gross: 'Brüt kaldıraç',
    limit: 'Limit',
  },
  incrementalVar: { chart: 'En büyük 12 pozisyonun bileşen RMD katkısı (TL)' },
  internalAudit: {
    chart: 'Denetim sonuçları',
    pass: 'Uygun',
    warning: 'Uyarı',
    breach: 'Aykırı',
  },
} as const;

const T = ANALYSIS_CHART_TEXTS;
const chart = (title: string, option: ChartOption): ResultChart => ({ title, option });
/**
 * "KOD · title" when a result holds more than one portfolio: one portfolio's chart says whose it
 * is, on the screen and in a report section of several (decision 0131).
 */
export function portfolioTitle(title: string, code: string, many: boolean): string {
  return many ? `${code} · ${title}` : title;
}

// --- VaR ---------------------------------------------------------------------------------------

export type VarBreakdown = 'byAssetClass' | 'byCurrency' | 'byRiskFactor';
export const VAR_BREAKDOWNS: readonly VarBreakdown[] = [
  'byAssetClass',
  'byCurrency',
  'byRiskFactor',
];

/** The charts of one portfolio of a VaR result (the screen picks them one by one). */
export function varPortfolioCharts(detail: VarPortfolioDetail, warningFraction: number) {
  const breakdown = (by: VarBreakdown) => ({
    component: chart(
      T.var.component(T.var[by]),
      horizontalBarOption(
        detail[by].map((r) => ({ label: r.label, value: r.componentVarTry })),
        { unit: 'try' },
      ),
    ),
    weight: chart(
      T.var.weight(T.var[by]),
      doughnutOption(
        detail[by].map((r) => ({ label: r.label, value: r.valueTry })),
        { unit: 'try' },
      ),
    ),
  });
  return {
    gauge: chart(T.var.gauge, usageGaugeOption(detail.usage, warningFraction)),
    histogram: chart(
      T.var.histogram(detail.histogram.scenarios),
      histogramOption(detail.histogram, T.var.varLine, T.var.esLine),
    ),
    byAssetClass: breakdown('byAssetClass'),
    byCurrency: breakdown('byCurrency'),
    byRiskFactor: breakdown('byRiskFactor'),
  };
}

/** VaR (% of NAV) and its limit per date, for a result over a period. */
export function varSeriesChart(result: Pick<VarResult, 'series'>): ResultChart {
  const codes = [...new Set(result.series.map((p) => p.portfolioCode))];
  const lines: DatedLine[] = codes.flatMap((c) => {
    const pts = result.series.filter((p) => p.portfolioCode === c);
    return [
      { name: c, points: pts.map((p) => [p.date, p.varPct] as const) },
      {
        name: T.var.limitSeries(c),
        points: pts.map((p) => [p.date, p.limitPct] as const),
        dashed: true,
      },
    ];
  });
  return chart(T.var.series, datedLinesOption(lines, { unit: 'fraction' }));
}

function varCharts(result: VarResult, context: ChartContext): ResultChart[] {
  const many = result.portfolios.length > 1;
  const out = result.portfolios.flatMap((detail) => {
    const c = varPortfolioCharts(detail, context.varWarningFraction);
    const t = (x: ResultChart) => ({
      ...x,
      title: portfolioTitle(x.title, detail.portfolioCode, many),
    });
    return [t(c.gauge), t(c.histogram), ...VAR_BREAKDOWNS.map((by) => t(c[by].component))];
  });
  return result.series.length > result.portfolios.length ? [...out, varSeriesChart(result)] : out;
}

// --- Backtest ----------------------------------------------------------------------------------

/** The daily points of a backtest with hypothetical (default) or actual P&L. */
export function backtestPoints(
  result: Pick<BacktestResult, 'points'>,
  actual: boolean,
): BacktestChartPoint[] {
  return result.points.map((p) => ({
    date: p.date,
    varTry: p.varTry,
    pnlTry: actual ? p.actualPnlTry : p.hypotheticalPnlTry,
    exception: actual ? p.actualException : p.hypotheticalException,
  }));
}

/** The backtest charts: P&L against −VaR with the exceptions, and the traffic-light zone. */
export function backtestCharts(result: BacktestResult, actual = false) {
  const evaluation = actual && result.actual ? result.actual : result.hypothetical;
  const useActual = actual && result.actual !== null;
  return {
    pnl: chart(
      T.backtest.chart,
      backtestOption(backtestPoints(result, useActual), {
        pnl: useActual ? T.backtest.actual : T.backtest.hypothetical,
        var: T.backtest.var,
        exceptions: T.backtest.exceptions,
      }),
    ),
    zone: chart(
      T.backtest.zone,
      trafficLightOption({
        zone: evaluation.baselZone,
        zoneLabel: T.backtest.zones[evaluation.baselZone],
        exceptions: evaluation.exceptions,
        expected: evaluation.expectedExceptions,
        names: { exceptions: T.backtest.exceptionCount, expected: T.backtest.expected },
      }),
    ),
  };
}

// --- Stress, risk value, fund statistics, leverage, incremental VaR, internal audit -------------

/** P&L by scenario as % of NAV: losses in the loss colour. */
export function stressChart(outcomes: readonly StressOutcome[]): ResultChart {
  return chart(
    T.stress.chart,
    horizontalBarOption(
      outcomes.map((o) => ({ label: o.scenarioName, value: o.pnlPct })),
      { unit: 'fraction' },
      { axis: { unit: 'fraction', digits: 0 }, signed: true },
    ),
  );
}

function stressCharts(result: StressTestResult): ResultChart[] {
  const codes = [...new Set(result.outcomes.map((o) => o.portfolioCode))];
  return codes.map((code) => {
    const c = stressChart(result.outcomes.filter((o) => o.portfolioCode === code));
    return { ...c, title: portfolioTitle(c.title, code, codes.length > 1) };
  });
}

/** A fund's weekly volatility against the risk-value band lines, with its classes. */
export function riskValueChart(fund: Pick<RiskValueFund, 'history' | 'bands'>): ResultChart {
  return chart(
    T.riskValue.chart,
    riskValueHistoryOption(fund.history, fund.bands, {
      weekly: T.riskValue.weekly,
      official: T.riskValue.official,
      volatility: T.riskValue.volatility,
      change: T.riskValue.change,
      band: T.riskValue.band,
    }),
  );
}

function riskValueCharts(result: RiskValueResult): ResultChart[] {
  return result.funds.map((f) => {
    const c = riskValueChart(f);
    return { ...c, title: portfolioTitle(c.title, f.portfolioCode, result.funds.length > 1) };
  });
}

/** Cumulative return of each fund against the benchmark (dashed), and the drawdowns. */
export function fundStatisticsCharts(result: FundStatisticsResult) {
  const curve = (c: { dates: readonly string[]; cumulative: readonly number[] }) =>
    c.dates.map((d, i) => [d, c.cumulative[i] ?? null] as const);
  const lines: DatedLine[] = [
    ...result.funds.map((f) => ({ name: f.code, points: curve(f.curve) })),
    ...(result.benchmark
      ? [
          {
            name: result.benchmark.ticker,
            points: curve(result.benchmark.curve),
            dashed: true,
            color: '#495057',
          },
        ]
      : []),
  ];
  const drawdowns: DatedLine[] = result.funds.map((f) => ({
    name: f.code,
    points: f.curve.dates.map((d, i) => [d, f.curve.drawdown[i] ?? null] as const),
  }));
  return {
    cumulative: chart(T.fundStatistics.cumulative, datedLinesOption(lines, { unit: 'fraction' })),
    drawdown: chart(T.fundStatistics.drawdown, datedLinesOption(drawdowns, { unit: 'fraction' })),
  };
}

/** Commitment and gross leverage against the limit (% of NAV). */
export function leverageChart(detail: LeveragePortfolio): ResultChart {
  return chart(
    T.leverage.chart,
    horizontalBarOption(
      [
        { label: T.leverage.commitment, value: detail.commitmentPct },
        { label: T.leverage.gross, value: detail.grossPct },
        { label: T.leverage.limit, value: detail.limitPct },
      ],
      { unit: 'fraction' },
      { axis: { unit: 'fraction', digits: 0 } },
    ),
  );
}

function leverageCharts(result: LeverageResult): ResultChart[] {
  return result.portfolios.map((p) => {
    const c = leverageChart(p);
    return { ...c, title: portfolioTitle(c.title, p.portfolioCode, result.portfolios.length > 1) };
  });
}

/** The positions with the largest component VaR (by size) that the chart shows. */
export const INCREMENTAL_VAR_TOP = 12;

/** The 12 positions with the largest component VaR (by size). */
export function incrementalVarChart(result: Pick<IncrementalVarResult, 'positions'>): ResultChart {
  const top = [...result.positions]
    .sort((a, b) => Math.abs(b.componentVarTry) - Math.abs(a.componentVarTry))
    .slice(0, INCREMENTAL_VAR_TOP);
  return chart(
    T.incrementalVar.chart,
    horizontalBarOption(
      top.map((p) => ({ label: p.instrumentCode, value: p.componentVarTry })),
      { unit: 'try' },
    ),
  );
}

/** How a chart shows a criterion's values (as formatAuditValue writes them). */
export const AUDIT_UNIT_CHART_FORMATS: Readonly<Record<AuditUnit, ChartFormat>> = {
  fraction: { unit: 'fraction', digits: 2 },
  count: { unit: 'count' },
  days: { unit: 'number', digits: 1, suffix: ' gün' },
};

/** The audit's checks by status (pass, warning, breach). */
export function internalAuditChart(result: Pick<InternalAuditResult, 'summary'>): ResultChart {
  const s = result.summary;
  return chart(T.internalAudit.chart, {
    animation: false,
    grid: { left: 8, right: 64, top: 8, bottom: 8 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, fonriskFormat: { unit: 'count' } },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { fonriskFormat: { unit: 'count' } } },
    yAxis: {
      type: 'category',
      data: [T.internalAudit.breach, T.internalAudit.warning, T.internalAudit.pass],
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 22,
        label: { show: true, position: 'right', fonriskFormat: { unit: 'count' } },
        data: [
          { value: s.breach, itemStyle: { color: STATUS_COLORS.breach } },
          { value: s.warning, itemStyle: { color: STATUS_COLORS.warning } },
          { value: s.pass, itemStyle: { color: STATUS_COLORS.ok } },
        ],
      },
    ],
  });
}

// --- The registry -------------------------------------------------------------------------------

/** What a chart needs besides the result (the settings the screen reads from the API). */
export interface ChartContext {
  /** The VaR limit's warning threshold as a fraction of the limit (the gauge's amber band). */
  readonly varWarningFraction: number;
}

export const DEFAULT_CHART_CONTEXT: ChartContext = {
  varWarningFraction: VAR_SETTINGS_DEFAULTS.warningThresholdPct / 100,
};

type ChartsOf = {
  [T in AnalysisType]?: (result: AnalysisResult<T>, context: ChartContext) => ResultChart[];
};

/** The charts each analysis type's result draws, in the order of its screen. */
export const ANALYSIS_CHARTS: ChartsOf = {
  var: varCharts,
  backtest: (r) => {
    const c = backtestCharts(r);
    return [c.pnl, c.zone];
  },
  'stress-test': stressCharts,
  'risk-value': riskValueCharts,
  'fund-statistics': (r) => {
    const c = fundStatisticsCharts(r);
    return [c.cumulative, c.drawdown];
  },
  leverage: leverageCharts,
  'incremental-var': (r) => [incrementalVarChart(r)],
  'internal-audit': (r) => [internalAuditChart(r)],
};

/**
 * The charts of a result of `type`: those built from the result (ANALYSIS_CHARTS), else none
 * (the caller adds the result's stored `charts`). The result is checked with the type's schema.
 */
export function analysisResultCharts<T extends AnalysisType>(
  type: T,
  result: AnalysisResult<T>,
  context: ChartContext = DEFAULT_CHART_CONTEXT,
): ResultChart[] {
  const build = ANALYSIS_CHARTS[type];
  return build ? build(result, context) : [];
}

// T ties the type's result schema to its own chart builder (one type, not the union of all).
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
function storedCharts<T extends AnalysisType>(
  type: T,
  result: unknown,
  context: ChartContext,
): ResultChart[] {
  const parsed = ANALYSIS_TYPES[type].resultSchema.safeParse(result);
  return parsed.success
    ? analysisResultCharts(type, parsed.data as AnalysisResult<T>, context)
    : [];
}

/**
 * The charts built from a stored run's result (a report section, decision 0058): none when the
 * type is unknown or the result does not match the type's schema.
 */
export function runResultCharts(
  analysisType: string,
  result: unknown,
  context: ChartContext = DEFAULT_CHART_CONTEXT,
): ResultChart[] {
  return isAnalysisType(analysisType) ? storedCharts(analysisType, result, context) : [];
}
