import { describe, expect, it } from 'vitest';
import { summaryRow, summaryTable, type SummaryFund } from './report-summary.ts';

/** The summary of the funds' rows. */
const summaryOf = (funds: SummaryFund[]) => summaryTable(funds.map(summaryRow));

const varPoint = (code: string, varPct: number, usage: number, status: string) => ({
  portfolioCode: code,
  date: '2026-10-30',
  navTry: 1_000_000,
  varTry: varPct * 1_000_000,
  varPct,
  esTry: 0,
  esPct: 0,
  approach: 'absolute',
  referenceVarPct: null,
  limitPct: 0.2,
  usage,
  status,
});
const lr = { statistic: 0, pValue: 1, rejected: false };
const evaluation = (exceptions: number, baselZone: string) => ({
  observations: 250,
  exceptions,
  exceptionDates: [],
  expectedExceptions: 2.5,
  kupiec: lr,
  christoffersenIndependence: lr,
  christoffersenConditional: lr,
  baselZone,
  baselPlusFactor: null,
  cumulativeProbability: 0.5,
  spkExceptionsLast250: exceptions,
  spkReviewRequired: false,
  spkReportRequired: false,
  verdict: '',
});
const outcome = (code: string, scenarioName: string, pnlPct: number) => ({
  portfolioCode: code,
  scenarioId: 1,
  scenarioName,
  navTry: 1_000_000,
  pnlTry: pnlPct * 1_000_000,
  pnlPct,
  navAfterTry: 0,
  negativeNav: false,
  leverageAfterPct: null,
  leverageLimitPct: 0,
  leverageBreach: false,
  worst: false,
});
const scenario = (coverageRatio: number | null) => ({
  kind: 'fixed',
  name: 'x',
  redemptionShare: 0.1,
  horizonDays: 1,
  observedTo: null,
  redemptionTry: 0,
  liquidTry: 0,
  coverageRatio,
  passes: true,
});

/** The runs of a report on DHS and DEF: each result holds both funds, as the API returns it. */
const runs = [
  {
    analysisType: 'var',
    result: {
      portfolios: [varPoint('DHS', 0.0594, 0.5944, 'ok'), varPoint('DEF', 0.21, 1.05, 'breach')],
    },
  },
  {
    analysisType: 'backtest',
    result: { portfolioCode: 'DHS', hypothetical: evaluation(6, 'yellow') },
  },
  {
    analysisType: 'leverage',
    result: { portfolios: [{ portfolioCode: 'DHS', grossPct: 0.42 }] },
  },
  {
    analysisType: 'stress-test',
    result: {
      outcomes: [
        outcome('DHS', 'Kur şoku', -0.08),
        outcome('DHS', '2018 Ağustos', -0.1523),
        outcome('DEF', 'Kur şoku', -0.5),
      ],
    },
  },
  { analysisType: 'risk-value', result: { funds: [{ portfolioCode: 'DHS', riskValue: 6 }] } },
  {
    analysisType: 'liquidity-test',
    result: {
      funds: [{ portfolioCode: 'DHS', scenarios: [scenario(3.2), scenario(1.4), scenario(null)] }],
    },
  },
];

describe('the summary page that opens a report', () => {
  it('gives each fund its own headline figures from its runs, as the API stores them', () => {
    const table = summaryOf([
      { code: 'DHS', label: 'DHS — Defne Hisse', runs, openBreaches: 2 },
      { code: 'DEF', label: 'DEF — Defne Borçlanma', runs: runs.slice(0, 1), openBreaches: 0 },
    ])!;
    expect(table.title).toBe('Yönetici Özeti');
    expect(table.rows[0]).toEqual({
      fund: 'DHS — Defne Hisse',
      varPct: 0.0594,
      usage: 0.5944,
      status: 'Uygun',
      baselZone: 'Sarı',
      exceptions: 6,
      leverage: 0.42,
      worstStressPct: -0.1523,
      worstStressName: '2018 Ağustos',
      riskValue: 6,
      liquidityCoverage: 1.4,
      openBreaches: 2,
    });
    expect(table.rows[1]).toEqual({
      fund: 'DEF — Defne Borçlanma',
      varPct: 0.21,
      usage: 1.05,
      status: 'Limit Aşımı',
      openBreaches: 0,
    });
    expect(table.columns.map((c) => c.label)).toEqual([
      'Fon',
      'RMD (FTD %)',
      'Limit Kullanımı',
      'Durum',
      'Geriye Dönük Test Bölgesi',
      'Aşım Sayısı',
      'Kaldıraç (FTD %)',
      'En Kötü Stres (FTD %)',
      'En Kötü Senaryo',
      'Risk Değeri',
      'En Düşük Likidite Karşılama',
      'Dönem Sonu Açık Aşım / Uyarı',
    ]);
  });

  it('leaves out the columns no fund has, and the page when there is nothing to sum up', () => {
    const varOnly = summaryOf([
      { code: 'DHS', label: 'DHS', runs: runs.slice(0, 1), openBreaches: null },
    ])!;
    expect(varOnly.columns.map((c) => c.key)).toEqual(['fund', 'varPct', 'usage', 'status']);
    expect(
      summaryOf([
        {
          code: 'DHS',
          label: 'DHS',
          runs: [{ analysisType: 'bond-analysis', result: {} }],
          openBreaches: null,
        },
      ]),
    ).toBeNull();
  });
});
