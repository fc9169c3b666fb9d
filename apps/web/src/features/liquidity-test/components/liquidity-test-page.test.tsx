import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LiquidityTestResult, Run } from '@fonrisk/contracts';
import { runSummary } from '../../analysis-runs/components/run.fixture.tsx';
import { renderScreen } from '../../../components/testing/render-screen.tsx';
import { LiquidityTestResultView } from './liquidity-test-result-view.tsx';
import { INITIAL_LIQUIDITY_FORM, validateLiquidityForm } from './liquidity-form-model.ts';

const RESULT: LiquidityTestResult = {
  asOfDate: '2026-11-20',
  conventions: {
    participationRate: 0.2,
    sellingMethod: 'waterfall',
    settlementDays: 2,
    minimumCoverage: 1,
    impactModel: 'Karekök etki',
    volatilityWindowDays: 60,
    volumeDataTo: '2026-11-20',
  },
  funds: [
    {
      portfolioCode: 'DHS',
      portfolioName: 'Demo Hisse Fonu',
      date: '2026-11-20',
      nav: 100_000,
      buckets: ['1', '2-7', '8-30', '31-90', '>90'].map((label, i) => ({
        label,
        valueTry: [50_000, 0, 20_000, 0, 30_000][i]!,
        share: [0.5, 0, 0.2, 0, 0.3][i]!,
        cumulativeWaterfall: [0.505, 0.65, 0.7, 0.7, 1][i]!,
        cumulativeProRata: [0.01, 0.06, 0.25, 0.75, 1][i]!,
      })),
      scenarios: [
        {
          kind: 'fixed',
          name: 'Sabit',
          redemptionShare: 0.1,
          horizonDays: 2,
          observedTo: null,
          redemptionTry: 10_000,
          liquidTry: 54_500,
          coverageRatio: 5.45,
          passes: true,
        },
        {
          kind: 'user',
          name: 'Büyük',
          redemptionShare: 0.7,
          horizonDays: 5,
          observedTo: null,
          redemptionTry: 70_000,
          liquidTry: 61_250,
          coverageRatio: 0.875,
          passes: false,
        },
      ],
      liquidationCostTry: 1_600,
      positionsWithoutVolume: 1,
      notes: [
        '1 pozisyonun hacim serisi yok (veya pencerede veri yok): gün sayısı türünün ayarından alındı.',
      ],
    },
  ],
  tables: {},
  charts: {},
};

describe('liquidity-test result', () => {
  it('shows the 1-day share, the worst coverage ratio with the failed scenario and the missing volumes', () => {
    const run: Run = {
      ...runSummary({ analysisType: 'liquidity-test', status: 'done', progress: 1 }),
      result: RESULT,
    };
    renderScreen(<LiquidityTestResultView run={run} result={RESULT} />);
    expect(screen.getByTestId('liquidity-1d').textContent).toBe('%50,50');
    expect(screen.getByTestId('liquidity-worst-coverage').textContent).toBe('0,88');
    expect(screen.getByText('1 senaryo kaldı')).toBeTruthy();
    // Said once: the engine's note, not a second alert of the same count.
    expect(screen.getAllByText(/1 pozisyonun hacim/)).toHaveLength(1);
  });
});

describe('liquidity-test form', () => {
  it('asks for funds and a date, refuses a negative participation rate and names a bad scenario row', () => {
    expect(validateLiquidityForm(INITIAL_LIQUIDITY_FORM)).toEqual({
      ok: false,
      errors: { portfolioCodes: 'en az bir portföy seçilmeli', asOfDate: 'hesap tarihi gerekli' },
    });
    const base = { ...INITIAL_LIQUIDITY_FORM, portfolioCodes: ['DHS'], asOfDate: '2026-11-20' };
    expect(validateLiquidityForm({ ...base, participationPct: -5 })).toEqual({
      ok: false,
      errors: { participationRate: 'katılım oranı sıfırdan büyük olmalı' },
    });
    const badRow = validateLiquidityForm({
      ...base,
      scenarios: [
        { name: 'A', redemptionPct: 10, horizonDays: 2 },
        { name: 'B', redemptionPct: 150, horizonDays: 2 },
      ],
    });
    expect(badRow.ok).toBe(false);
    if (!badRow.ok)
      expect(badRow.errors.scenarios).toBe('Senaryo 2: geri ödeme oranı en fazla %100 olabilir');
    const ok = validateLiquidityForm({ ...base, participationPct: 25 });
    expect(ok.ok && ok.inputs.participationRate).toBe(0.25);
    expect(ok.ok && ok.inputs.typeSettings.stock.windowDays).toBe(5);
  });
});
