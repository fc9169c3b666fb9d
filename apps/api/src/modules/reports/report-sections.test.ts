// Issue 24: an analysis section draws the charts its screen draws from the run's result
// (decision 0058), then the charts the result stores.
import { describe, expect, it } from 'vitest';
import type { AnalysisRunRow } from '@fonrisk/db';
import { chartToSvg } from './render/charts.ts';
import { analysisSection, portfolioChart } from './report-sections.ts';
import { historicalVarParameters } from './reports.test-support.ts';

const leverageResult = {
  asOfDate: '2026-11-27',
  portfolios: [
    {
      portfolioCode: 'DEF',
      portfolioName: 'Deneme Fonu',
      asOfDate: '2026-11-27',
      navTry: 100_000_000,
      positions: [],
      netting: [],
      grossTry: 35_000_000,
      grossPct: 0.35,
      hedgeDeductionTry: 0,
      commitmentTry: 25_000_000,
      commitmentPct: 0.25,
      limitPct: 1,
      usage: 0.25,
      status: 'ok',
    },
  ],
  tables: {},
  charts: { stored: { title: 'Saklı grafik', option: { series: [] } } },
};

const run = {
  id: 'r1',
  analysisType: 'leverage',
  portfolioCodes: ['DEF'],
  result: leverageResult,
} as unknown as AnalysisRunRow;

describe('analysisSection charts', () => {
  it("draws the screen's charts from the result, then the stored ones", () => {
    const section = analysisSection(
      'Kaldıraç',
      { kind: 'analysis', analysisType: 'leverage' },
      run,
      false,
    );
    if (section.kind !== 'analysis') throw new Error('not an analysis section');
    expect(section.charts.map((c) => c.title)).toEqual([
      'Kaldıraç ve limit (% FTD)',
      'Saklı grafik',
    ]);
    const svg = chartToSvg(section.charts[0]!, ['#1c7ed6']);
    expect(svg).toContain('%25');
    expect(svg).toContain('%35');
    expect(svg).toContain('Brüt kaldıraç');
  });

  it('a template that names charts gets only those', () => {
    const section = analysisSection(
      'Kaldıraç',
      { kind: 'analysis', analysisType: 'leverage', charts: ['stored'] },
      run,
      false,
    );
    expect(section.kind === 'analysis' && section.charts.map((c) => c.title)).toEqual([
      'Saklı grafik',
    ]);
  });
});

describe('a stored chart of one portfolio', () => {
  const shifts = { title: 'Paralel Kayma Etkisi (TL)', option: {} };
  it('names its portfolio in a run of several (the screen heads it; paper would not)', () => {
    expect(portfolioChart('shifts:NF003', shifts, ['NF000', 'NF003']).title).toBe(
      'NF003 · Paralel Kayma Etkisi (TL)',
    );
    // One portfolio, a title that names it already, a key of an instrument: as stored.
    expect(portfolioChart('shifts:NF003', shifts, ['NF003']).title).toBe(shifts.title);
    const named = { title: 'NF003: ilk 10 ihraççı', option: {} };
    expect(portfolioChart('top10:NF003', named, ['NF000', 'NF003'])).toBe(named);
    expect(portfolioChart('priceYield:TRT1', shifts, ['NF000', 'NF003'])).toBe(shifts);
    expect(portfolioChart('history', shifts, ['NF000', 'NF003'])).toBe(shifts);
  });

  it('is printed so in a section of a run of several portfolios', () => {
    const bonds = {
      ...run,
      analysisType: 'bond-analysis',
      portfolioCodes: ['NF000', 'NF003'],
      result: { tables: {}, charts: { 'shifts:NF003': shifts } },
    } as unknown as AnalysisRunRow;
    const section = analysisSection(
      'Tahvil',
      { kind: 'analysis', analysisType: 'bond-analysis', charts: ['shifts:NF003'] },
      bonds,
      false,
    );
    expect(section.kind === 'analysis' && section.charts.map((c) => c.title)).toEqual([
      'NF003 · Paralel Kayma Etkisi (TL)',
    ]);
  });
});

// Issue 24 (finish): the VaR gauge of a report section is banded by the warning threshold of the
// settings the run used (as its limit status was judged), not the %80 default.
describe('the VaR gauge of a report section', () => {
  const point = {
    portfolioCode: 'DEF',
    date: '2026-11-27',
    navTry: 100_000_000,
    varTry: 3_000_000,
    varPct: 0.03,
    esTry: 3_500_000,
    esPct: 0.035,
    approach: 'absolute',
    referenceVarPct: null,
    limitPct: 0.2,
    usage: 0.15,
    status: 'ok',
  };
  const varResult = {
    parameters: historicalVarParameters(),
    portfolios: [
      {
        ...point,
        portfolioName: 'Deneme Fonu',
        byAssetClass: [],
        byCurrency: [],
        byRiskFactor: [],
        positions: [],
        histogram: { bins: [], varLineTry: -3_000_000, esLineTry: -3_500_000, scenarios: 250 },
        unmapped: [],
        unmappedWeight: 0,
        approximations: [],
      },
    ],
    series: [point],
    tables: {},
  };
  /** The gauge's colour stops: [end of green, end of amber, end] as fractions of its scale. */
  const gaugeStops = (dataSnapshot: unknown, currentPct: number) => {
    const section = analysisSection(
      'RMD',
      { kind: 'analysis', analysisType: 'var' },
      {
        id: 'v1',
        analysisType: 'var',
        result: varResult,
        dataSnapshot,
      } as unknown as AnalysisRunRow,
      false,
      { varWarningFraction: currentPct / 100 },
    );
    if (section.kind !== 'analysis') throw new Error('not an analysis section');
    const gauge = section.charts.find((c) => c.title === 'Limit kullanım göstergesi')!;
    const series = (gauge.option as { series: { axisLine: { lineStyle: { color: unknown } } }[] })
      .series[0]!;
    return (series.axisLine.lineStyle.color as [number, string][]).map(([stop]) => stop);
  };

  it("bands green up to the run's warning threshold: %60 of the limit on a 0–120 scale", () => {
    // usage 0,15 → scale max 1,2 (120 %); green ends at 0,60 / 1,2 = 0,5, amber at 1 / 1,2.
    const stops = gaugeStops({ settings: { warningThresholdPct: 60 } }, 90);
    expect(stops[0]).toBeCloseTo(0.5, 12);
    expect(stops[1]).toBeCloseTo(1 / 1.2, 12);
  });

  it('takes the settings now for a run that recorded none', () => {
    // 0,90 / 1,2 = 0,75.
    expect(gaugeStops(null, 90)[0]).toBeCloseTo(0.75, 12);
  });
});
