import { describe, expect, it } from 'vitest';
import { ANALYSIS_TYPES, type AnalysisResult, type AnalysisType } from '../analyses/registry.ts';
import type { BacktestResult } from '../analyses/backtest.ts';
import type { RiskValueFund } from '../analyses/risk-value.ts';
import type { StressOutcome } from '../analyses/stress-test.ts';
import type { VarPortfolioDetail } from '../analyses/var.ts';
import {
  ANALYSIS_CHARTS,
  AUDIT_UNIT_CHART_FORMATS,
  INCREMENTAL_VAR_TOP,
  analysisResultCharts,
  backtestCharts,
  riskValueChart,
  runResultCharts,
  stressChart,
  varPortfolioCharts,
} from './analysis-charts.ts';
import { LOSS_COLOR, GAIN_COLOR, LOSS_COLOR_LIGHT } from './chart-palette.ts';
import { formatChartValue, prepareChartOption } from './chart-format.ts';
import { MARK_LINE_LABEL_FONT_SIZE } from './chart-layout.ts';
import { usageGaugeOption } from './analysis-options.ts';

type Fn = (...args: unknown[]) => unknown;
const at = (o: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((x, k) => (x as Record<string | number, unknown>)[k], o);

const row = (label: string, valueTry: number, componentVarTry: number) => ({
  key: label,
  label,
  valueTry,
  weight: 0,
  componentVarTry,
  componentShare: null,
  standaloneVarTry: 0,
});

const detail = {
  portfolioCode: 'DEF',
  portfolioName: 'Deneme Fonu',
  usage: 0.5944,
  byAssetClass: [row('Hisse', 40_000_000, 1_250_000), row('Tahvil', 60_000_000, -50_000)],
  byCurrency: [row('TRY', 100_000_000, 1_200_000)],
  byRiskFactor: [row('BIST 100', 40_000_000, 1_250_000)],
  histogram: {
    bins: [
      { from: -3_000_000, to: -2_000_000, count: 3 },
      { from: -2_000_000, to: -1_000_000, count: 7 },
      { from: -1_000_000, to: 0, count: 120 },
      { from: 0, to: 1_000_000, count: 120 },
    ],
    varLineTry: -2_000_000,
    esLineTry: -2_600_000,
    scenarios: 250,
  },
} as unknown as VarPortfolioDetail;

describe('every analysis type has charts for its screen and its PDF section', () => {
  it('each type builds its charts from its result or stores them in its result', () => {
    const missing = (Object.keys(ANALYSIS_TYPES) as AnalysisType[]).filter((type) => {
      const shape = (ANALYSIS_TYPES[type].resultSchema as { shape?: Record<string, unknown> })
        .shape;
      return ANALYSIS_CHARTS[type] === undefined && !(shape && 'charts' in shape);
    });
    expect(missing).toEqual([]);
  });

  it('a stored result that does not match its type draws nothing; an unknown type neither', () => {
    expect(runResultCharts('var', { portfolios: 'x' })).toEqual([]);
    expect(runResultCharts('no-such-type', {})).toEqual([]);
  });
});

describe('VaR charts', () => {
  const charts = varPortfolioCharts(detail, 0.8);

  it('marks VaR and ES on the P&L distribution, loss-tail bins in the loss colour', () => {
    const series = at(charts.histogram.option, 'series', 0) as Record<string, unknown>;
    const lines = at(series, 'markLine', 'data') as { name: string; xAxis: number }[];
    expect(lines.map((l) => [l.name, l.xAxis])).toEqual([
      ['−RMD', -2_000_000],
      ['−ES', -2_600_000],
    ]);
    // Along their lines, −ES on the left of its line and −RMD on the right of its own: close
    // lines' labels do not cover each other.
    expect(at(series, 'markLine', 'data', 0, 'label', 'position')).toBe('insideEndBottom');
    expect(at(series, 'markLine', 'data', 1, 'label', 'position')).toBe('insideEndTop');
    expect(at(series, 'data', 0, 'itemStyle', 'color')).toBe(LOSS_COLOR_LIGHT);
    // The tail: bins wholly beyond −VaR (upper edge at or below −2.000.000).
    expect(at(series, 'data', 1, 'itemStyle', 'color')).not.toBe(LOSS_COLOR_LIGHT);
    expect(at(series, 'data', 2, 'itemStyle', 'color')).not.toBe(LOSS_COLOR_LIGHT);
    expect(at(series, 'data', 1, 'tooltip', 'formatter')).toBe(
      '-2.000.000 – -1.000.000 TL<br/>7 senaryo',
    );
    expect(charts.histogram.title).toContain('250 senaryo');
    const ready = prepareChartOption(charts.histogram.option);
    expect((at(ready, 'xAxis', 'axisLabel', 'formatter') as Fn)(-40_000_000)).toBe('-40 Mn');
  });

  it("ends the gauge's scale at %120, or past a larger usage at a multiple of %40 (whole ticks)", () => {
    const max = (usage: number | null) =>
      at(usageGaugeOption(usage, 0.8), 'series', 0, 'max') as number;
    expect([null, 0.594, 1.1, 1.132, 1.5, 4.201].map(max)).toEqual([120, 120, 120, 160, 160, 440]);
  });

  it('shows usage on the gauge as %59,4 and breakdowns in TL', () => {
    const gauge = prepareChartOption(charts.gauge.option);
    expect((at(gauge, 'series', 0, 'detail', 'formatter') as Fn)(59.44)).toBe('%59,4');
    const bars = prepareChartOption(charts.byAssetClass.component.option);
    expect(at(bars, 'yAxis', 'data')).toEqual(['Tahvil', 'Hisse']);
    expect((at(bars, 'series', 0, 'label', 'formatter') as Fn)({ value: 1_250_000 })).toBe(
      '1.250.000 TL',
    );
    // A hedge's negative contribution is not a loss: risk contributions keep one colour.
    expect(at(bars, 'series', 0, 'data', 0, 'itemStyle', 'color')).toBe(GAIN_COLOR);
    expect(charts.byCurrency.weight.title).toBe('Döviz Cinsi bazında portföy ağırlığı');
  });
});

describe('stress, backtest and risk value charts', () => {
  it('draws stress losses in the loss colour and gains in the gain colour', () => {
    const outcome = (scenarioName: string, pnlPct: number) =>
      ({ portfolioCode: 'DEF', scenarioName, pnlPct }) as StressOutcome;
    const option = stressChart([outcome('Kur şoku', -0.3692), outcome('Faiz', 0.01)]).option;
    expect(at(option, 'series', 0, 'data', 0, 'itemStyle', 'color')).toBe(LOSS_COLOR);
    expect(at(option, 'series', 0, 'data', 1, 'itemStyle', 'color')).toBe(GAIN_COLOR);
    const ready = prepareChartOption(option);
    expect((at(ready, 'series', 0, 'label', 'formatter') as Fn)({ value: -0.3692 })).toBe(
      '-%36,92',
    );
  });

  it('marks the backtest exceptions and shows its traffic-light zone', () => {
    const evaluation = { baselZone: 'yellow', exceptions: 6, expectedExceptions: 2.5 };
    const result = {
      hypothetical: evaluation,
      actual: null,
      points: [
        {
          date: '2026-10-30',
          varTry: 1_000_000,
          hypotheticalPnlTry: -1_200_000,
          hypotheticalException: true,
          actualPnlTry: null,
          actualException: null,
        },
        {
          date: '2026-11-02',
          varTry: 1_000_000,
          hypotheticalPnlTry: 300_000,
          hypotheticalException: false,
          actualPnlTry: null,
          actualException: null,
        },
      ],
    } as unknown as BacktestResult;
    const charts = backtestCharts(result, true);
    expect(at(charts.pnl.option, 'series', 2, 'data')).toEqual([-1_200_000, null]);
    expect(at(charts.pnl.option, 'series', 1, 'data')).toEqual([-1_000_000, -1_000_000]);
    expect(at(charts.pnl.option, 'series', 0, 'name')).toBe('Varsayımsal K/Z');
    const ready = prepareChartOption(charts.pnl.option);
    expect((at(ready, 'xAxis', 'axisLabel', 'formatter') as Fn)('2026-11-02')).toBe('02.11.2026');
    expect(at(charts.zone.option, 'series', 0, 'data', 0, 'value')).toBe(6);
    expect(at(charts.zone.option, 'series', 0, 'markLine', 'data', 0, 'label', 'formatter')).toBe(
      'Sarı bölge',
    );
  });

  it('draws the weekly volatility against the band lines it reaches', () => {
    const fund = {
      history: [
        {
          date: '2026-10-30',
          volatility: 0.035,
          riskValue: 3,
          officialRiskValue: 3,
          changed: false,
        },
        {
          date: '2026-11-06',
          volatility: 0.06,
          riskValue: 4,
          officialRiskValue: 3,
          changed: false,
        },
      ],
      bands: [
        { riskValue: 1, lowerBound: 0, upperBound: 0.005 },
        { riskValue: 3, lowerBound: 0.02, upperBound: 0.05 },
        { riskValue: 4, lowerBound: 0.05, upperBound: 0.1 },
        { riskValue: 7, lowerBound: 0.8, upperBound: null },
      ],
    } as unknown as RiskValueFund;
    const option = riskValueChart(fund).option;
    const bands = at(option, 'series', 0, 'markLine', 'data') as {
      yAxis: number;
      label: { formatter: string };
    }[];
    expect(bands.map((b) => b.label.formatter)).toEqual(['RD 3: %2', 'RD 4: %5']);
    const ready = prepareChartOption(option);
    // The band labels' size is the shared mark-line rule (chart-layout.ts), not the builder's.
    expect(bands.map((b) => (b.label as { fontSize?: number }).fontSize)).toEqual([
      undefined,
      undefined,
    ]);
    expect(
      (at(ready, 'series', 0, 'markLine', 'data') as { label: { fontSize: number } }[]).map(
        (b) => b.label.fontSize,
      ),
    ).toEqual([MARK_LINE_LABEL_FONT_SIZE, MARK_LINE_LABEL_FONT_SIZE]);
    expect((at(ready, 'yAxis', 0, 'axisLabel', 'formatter') as Fn)(0.035)).toBe('%4');
    expect((at(ready, 'series', 0, 'tooltip', 'valueFormatter') as Fn)(0.035)).toBe('%3,5');
  });
});

describe('the charts of each type in a report section', () => {
  it('titles each portfolio of a multi-portfolio result and draws a period result as a series', () => {
    const two = {
      portfolios: [
        { ...detail, portfolioCode: 'AAA' },
        { ...detail, portfolioCode: 'BBB' },
      ],
      series: [
        { portfolioCode: 'AAA', date: '2026-11-26', varPct: 0.05, limitPct: 0.2 },
        { portfolioCode: 'AAA', date: '2026-11-27', varPct: 0.06, limitPct: 0.2 },
        { portfolioCode: 'BBB', date: '2026-11-27', varPct: 0.07, limitPct: 0.2 },
      ],
    } as unknown as AnalysisResult<'var'>;
    const titles = analysisResultCharts('var', two).map((c) => c.title);
    expect(titles).toHaveLength(11);
    expect(titles[0]).toBe('AAA · Limit kullanım göstergesi');
    expect(titles[5]).toBe('BBB · Limit kullanım göstergesi');
    expect(titles[10]).toBe('RMD (% FTD) ve limit');
  });

  it('draws stress, fund statistics, leverage, incremental VaR and internal audit', () => {
    const stress = analysisResultCharts('stress-test', {
      outcomes: [
        { portfolioCode: 'AAA', scenarioName: 'Kur', pnlPct: -0.1 },
        { portfolioCode: 'BBB', scenarioName: 'Kur', pnlPct: -0.2 },
      ],
    } as unknown as AnalysisResult<'stress-test'>);
    expect(stress.map((c) => c.title)).toEqual([
      'AAA · Senaryo bazında kâr/zarar (% FTD)',
      'BBB · Senaryo bazında kâr/zarar (% FTD)',
    ]);
    const curve = { dates: ['2026-11-26', '2026-11-27'], cumulative: [0, 0.01], drawdown: [0, 0] };
    const stats = analysisResultCharts('fund-statistics', {
      funds: [{ code: 'AAA', curve }],
      benchmark: { ticker: 'XU100', curve },
    } as unknown as AnalysisResult<'fund-statistics'>);
    expect(stats.map((c) => c.title)).toEqual(['Kümülatif getiri', 'Düşüş (tepeden)']);
    expect(at(stats[0]!.option, 'series', 1, 'name')).toBe('XU100');
    const leverage = analysisResultCharts('leverage', {
      portfolios: [{ portfolioCode: 'AAA', commitmentPct: 0.2, grossPct: 0.3, limitPct: 1 }],
    } as unknown as AnalysisResult<'leverage'>);
    expect(at(leverage[0]!.option, 'yAxis', 'data')).toEqual([
      'Açık pozisyon (yükümlülük)',
      'Brüt kaldıraç',
      'Limit',
    ]);
    const positions = Array.from({ length: 14 }, (_, i) => ({
      instrumentCode: `P${String(i)}`,
      componentVarTry: i - 3,
    }));
    const incremental = analysisResultCharts('incremental-var', {
      positions,
    } as unknown as AnalysisResult<'incremental-var'>);
    expect(at(incremental[0]!.option, 'yAxis', 'data')).toHaveLength(INCREMENTAL_VAR_TOP);
    const audit = analysisResultCharts('internal-audit', {
      summary: { portfolios: 1, checks: 10, pass: 7, warning: 2, breach: 1 },
    } as unknown as AnalysisResult<'internal-audit'>);
    expect(at(audit[0]!.option, 'series', 0, 'data', 0, 'value')).toBe(1);
    expect(formatChartValue(45, AUDIT_UNIT_CHART_FORMATS.days)).toBe('45,0 gün');
    expect(analysisResultCharts('active-share', {} as AnalysisResult<'active-share'>)).toEqual([]);
  });
});
