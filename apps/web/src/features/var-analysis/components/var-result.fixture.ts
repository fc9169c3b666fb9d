import type { Run, VarResult } from '@fonrisk/contracts';

/** A hand-made finished 'var' run (test data): one fund, 20-day 99 % historical VaR in warning. */
export function varRunFixture(overrides: Partial<Run> = {}): Run {
  const breakdown = [
    {
      key: 'equity',
      label: 'Hisse Senedi',
      valueTry: 6_000_000,
      weight: 0.6,
      componentVarTry: 1_500_000,
      componentShare: 0.75,
      standaloneVarTry: 1_700_000,
    },
    {
      key: 'bond',
      label: 'Devlet Tahvili',
      valueTry: 4_000_000,
      weight: 0.4,
      componentVarTry: 500_000,
      componentShare: 0.25,
      standaloneVarTry: 650_000,
    },
  ];
  const result: VarResult = {
    parameters: {
      method: 'historical',
      confidenceLevel: 0.99,
      horizonDays: 20,
      horizonScaling: 'sqrtTime',
      scalingRule: 'RMD(20 gün) = RMD(1 gün) × √20',
      windowDays: 250,
      approach: 'absolute',
      lambda: null,
      draws: null,
      seed: null,
    },
    portfolios: [
      {
        portfolioCode: 'AAK',
        portfolioName: 'Ak Hisse Fonu',
        date: '2026-03-31',
        navTry: 10_000_000,
        varTry: 2_000_000,
        varPct: 0.2,
        esTry: 2_345_678.9,
        esPct: 0.2345679,
        approach: 'absolute',
        referenceVarPct: null,
        limitPct: 0.25,
        usage: 0.8,
        status: 'warning',
        byAssetClass: breakdown,
        byCurrency: [
          {
            ...breakdown[0]!,
            key: 'TRY',
            label: 'TRY',
            valueTry: 10_000_000,
            weight: 1,
            componentVarTry: 2_000_000,
            componentShare: 1,
          },
        ],
        byRiskFactor: breakdown,
        positions: [
          {
            instrumentCode: 'THYAO',
            instrumentName: 'Türk Hava Yolları',
            assetClass: 'Hisse Senedi',
            currency: 'TRY',
            riskFactor: 'THYAO',
            valueTry: 6_000_000,
            weight: 0.6,
            marginalVar: 0.25,
            componentVarTry: 1_500_000,
            componentShare: 0.75,
            incrementalVarTry: 1_350_000,
          },
        ],
        histogram: {
          bins: [
            { from: -3_000_000, to: -1_000_000, count: 5 },
            { from: -1_000_000, to: 1_000_000, count: 240 },
            { from: 1_000_000, to: 3_000_000, count: 5 },
          ],
          varLineTry: -2_000_000,
          esLineTry: -2_345_678.9,
          scenarios: 250,
        },
        unmapped: [
          {
            instrumentCode: 'XYZ',
            instrumentName: null,
            valueTry: 10_000,
            weight: 0.001,
            reason: 'eşleme yok',
          },
        ],
        unmappedWeight: 0.001,
        approximations: [],
      },
    ],
    series: [],
    tables: {
      summary: {
        title: 'RMD Özeti',
        columns: [
          { key: 'portfolioCode', label: 'Portföy Kodu', format: 'text' },
          { key: 'varTry', label: 'RMD (TL)', format: 'money' },
          { key: 'varPct', label: 'RMD (% FTD)', format: 'percent' },
        ],
        rows: [{ portfolioCode: 'AAK', varTry: 2_000_000, varPct: 0.2 }],
      },
      positions: {
        title: 'Pozisyon Bazında RMD',
        columns: [
          { key: 'portfolioCode', label: 'Portföy Kodu', format: 'text' },
          { key: 'instrumentCode', label: 'Varlık Kodu', format: 'text' },
          { key: 'componentVarTry', label: 'Bileşen RMD (TL)', format: 'money' },
          { key: 'marginalVar', label: 'Marjinal RMD (1 TL başına)', format: 'number' },
        ],
        rows: [
          {
            portfolioCode: 'AAK',
            instrumentCode: 'THYAO',
            componentVarTry: 1_500_000,
            marginalVar: 0.25,
          },
        ],
      },
      assetClass: {
        title: 'Varlık Sınıfına Göre RMD',
        columns: [
          { key: 'label', label: 'Grup', format: 'text' },
          { key: 'componentVarTry', label: 'Bileşen RMD (TL)', format: 'money' },
        ],
        rows: breakdown.map((b) => ({ portfolioCode: 'AAK', ...b })),
      },
    },
  };
  return {
    id: '3f1c2a8e-0000-4000-8000-000000000001',
    analysisType: 'var',
    status: 'done',
    progress: 1,
    progressMessage: 'RMD analizi tamamlandı',
    inputs: {
      portfolioCodes: ['AAK'],
      asOfDate: '2026-03-31',
      method: 'historical',
      confidenceLevel: 0.99,
      horizonDays: 20,
      windowDays: 250,
    },
    portfolioCodes: ['AAK'],
    asOfDate: '2026-03-31',
    fromDate: null,
    toDate: null,
    createdBy: { id: 7, fullName: 'Test Kullanıcı' },
    createdAt: '2026-04-01T07:00:00Z',
    startedAt: '2026-04-01T07:00:01Z',
    finishedAt: '2026-04-01T07:00:03Z',
    durationMs: 2100,
    error: null,
    engineVersion: '0.1.0',
    dataSnapshot: { marketDataThrough: '2026-03-31' },
    attempt: 1,
    cancelRequested: false,
    analysisBased: false,
    result,
    ...overrides,
  };
}
