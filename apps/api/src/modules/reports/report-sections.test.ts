// Issue 24: an analysis section draws the charts its screen draws from the run's result
// (decision 0058), then the charts the result stores.
import { describe, expect, it } from 'vitest';
import type { AnalysisRunRow } from '@fonrisk/db';
import { chartToSvg } from './render/charts.ts';
import { instrumentChartsNote } from './render/pdf-sections.ts';
import { analysisSection, keyedChart } from './report-sections.ts';
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

describe('a stored chart of one portfolio or one instrument', () => {
  const shifts = { title: 'Paralel Kayma Etkisi (TL)', option: {} };
  it('names its portfolio in a run of several, and its instrument (the screen heads them; paper would not)', () => {
    expect(keyedChart('shifts:NF003', shifts, ['NF000', 'NF003']).title).toBe(
      'NF003 · Paralel Kayma Etkisi (TL)',
    );
    // One portfolio, a title that names it already, a chart of the whole run: as stored.
    expect(keyedChart('shifts:NF003', shifts, ['NF003']).title).toBe(shifts.title);
    const named = { title: 'NF003: ilk 10 ihraççı', option: {} };
    expect(keyedChart('top10:NF003', named, ['NF000', 'NF003'])).toBe(named);
    expect(keyedChart('history', shifts, ['NF000', 'NF003'])).toBe(shifts);
    // Two bonds of one issuer and maturity had curves of the same title.
    const curve = { title: 'Fiyat-Getiri Eğrisi · Bench Bankası 6 A.Ş. Tahvili', option: {} };
    expect(keyedChart('priceYield:TRB6A', curve, ['NF003']).title).toBe(
      'TRB6A · Fiyat-Getiri Eğrisi · Bench Bankası 6 A.Ş. Tahvili',
    );
  });

  it("leaves a run of several portfolios' instrument charts to the screen, and says so", () => {
    const curve = (name: string) => ({ title: `Fiyat-Getiri Eğrisi · ${name}`, option: {} });
    const bonds = {
      ...run,
      analysisType: 'bond-analysis',
      portfolioCodes: ['NF000', 'NF003'],
      result: {
        tables: {},
        charts: {
          'priceYield:TRB1': curve('B1'),
          'keyRates:TRB1': { title: 'Anahtar Vade Durasyonları · B1', option: {} },
          'priceYield:TRB2': curve('B2'),
          'shifts:NF000': shifts,
          'shifts:NF003': shifts,
        },
      },
    } as unknown as AnalysisRunRow;
    const all = { kind: 'analysis', analysisType: 'bond-analysis' } as const;
    const section = analysisSection('Tahvil', all, bonds, false);
    if (section.kind !== 'analysis') throw new Error('not an analysis section');
    expect(section.charts.map((c) => c.title)).toEqual([
      'NF000 · Paralel Kayma Etkisi (TL)',
      'NF003 · Paralel Kayma Etkisi (TL)',
    ]);
    expect(section.instrumentCharts).toEqual({
      count: 3,
      kinds: ['Fiyat-Getiri Eğrisi', 'Anahtar Vade Durasyonları'],
    });
    expect(instrumentChartsNote(section.instrumentCharts!)).toBe(
      'Tek tek kıymetlerin grafikleri (3 grafik: Fiyat-Getiri Eğrisi; Anahtar Vade Durasyonları) birden çok portföyün raporuna basılmaz; analizin sonuç ekranında her kıymet için açılır.',
    );
    // One portfolio: every bond's charts, each named; a template naming one gets it.
    const ofOne = Object.fromEntries(
      Object.entries(bonds.result!['charts'] as Record<string, unknown>).filter(
        ([key]) => key !== 'shifts:NF003',
      ),
    );
    const one = analysisSection(
      'Tahvil',
      all,
      { ...bonds, portfolioCodes: ['NF000'], result: { tables: {}, charts: ofOne } },
      false,
    );
    expect(one.kind === 'analysis' && one.charts.map((c) => c.title)).toEqual([
      'TRB1 · Fiyat-Getiri Eğrisi · B1',
      'TRB1 · Anahtar Vade Durasyonları · B1',
      'TRB2 · Fiyat-Getiri Eğrisi · B2',
      'Paralel Kayma Etkisi (TL)',
    ]);
    expect(one.kind === 'analysis' && one.instrumentCharts).toBeUndefined();
    const picked = analysisSection('Tahvil', { ...all, charts: ['priceYield:TRB2'] }, bonds, false);
    expect(picked.kind === 'analysis' && picked.charts.map((c) => c.title)).toEqual([
      'TRB2 · Fiyat-Getiri Eğrisi · B2',
    ]);
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
        portfolioCodes: ['DEF'],
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
