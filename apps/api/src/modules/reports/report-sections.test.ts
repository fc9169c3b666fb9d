// Issue 24: an analysis section draws the charts its screen draws from the run's result
// (decision 0058), then the charts the result stores.
import { describe, expect, it } from 'vitest';
import type { AnalysisRunRow } from '@fonrisk/db';
import { chartToSvg } from './render/charts.ts';
import { analysisSection } from './report-sections.ts';

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
