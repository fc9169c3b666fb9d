import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActiveShareFund, ActiveShareResult, Run } from '@fonrisk/contracts';
import { runSummary } from '../../analysis-runs/components/run.fixture.tsx';
import { renderScreen } from '../../../components/testing/render-screen.tsx';
import { ActiveShareResultView } from './active-share-result-view.tsx';
import { INITIAL_ACTIVE_SHARE_FORM, validateActiveShareForm } from './active-share-form-model.ts';

const fund: ActiveShareFund = {
  portfolioCode: 'DHS',
  portfolioName: 'Demo Hisse Senedi Fonu',
  benchmarkCode: 'DEMO-BM-BIST30-PAY',
  benchmarkName: 'Demo BIST 30 bileşimi',
  benchmarkPortfolioCode: 'DEF',
  holdingsDate: '2026-11-20',
  benchmarkHoldingsDate: '2026-11-20',
  activeShare: 0.4123,
  sectorActiveShare: 0.1,
  trackingError: 0.0456,
  activePremium: 0.012,
  informationRatio: 0.263,
  observations: 249,
  windowFrom: '2025-11-21',
  windowTo: '2026-11-20',
  securities: [],
  sectors: [],
  history: [{ date: '2026-11-20', activeShare: 0.4123 }],
  notes: ['Ölçüt varlıkları 2026-11-13 tarihli'],
};
const RESULT: ActiveShareResult = {
  asOfDate: '2026-11-20',
  windowDays: 250,
  conventions: { periodsPerYear: 252, trackingError: 'sd', returns: 'günlük' },
  funds: [
    fund,
    {
      ...fund,
      portfolioCode: 'DKR',
      activeShare: 0.8,
      trackingError: null,
      informationRatio: null,
      activePremium: null,
    },
  ],
  tables: {},
  charts: {},
};
const run = (): Run => ({
  ...runSummary({ analysisType: 'active-share', status: 'done', progress: 1 }),
  result: RESULT,
});

describe('active-share result', () => {
  it('shows the first fund’s active share, tracking error, information ratio and notes', () => {
    renderScreen(<ActiveShareResultView run={run()} result={RESULT} />);
    expect(screen.getByTestId('active-share-figure').textContent).toBe('%41,23');
    expect(screen.getByText('%4,56')).toBeTruthy();
    expect(screen.getByText('0,26')).toBeTruthy();
    expect(screen.getByText('Ölçüt varlıkları 2026-11-13 tarihli')).toBeTruthy();
  });
});

describe('active-share form', () => {
  it('asks for funds and a date in Turkish, defaults to the reference benchmark', () => {
    expect(validateActiveShareForm(INITIAL_ACTIVE_SHARE_FORM)).toEqual({
      ok: false,
      errors: { portfolioCodes: 'en az bir portföy seçilmeli', asOfDate: 'hesap tarihi gerekli' },
    });
    expect(
      validateActiveShareForm({
        ...INITIAL_ACTIVE_SHARE_FORM,
        portfolioCodes: ['DHS'],
        asOfDate: '2026-11-20',
      }),
    ).toEqual({
      ok: true,
      inputs: {
        portfolioCodes: ['DHS'],
        asOfDate: '2026-11-20',
        benchmarkCode: null,
        windowDays: 250,
      },
    });
    expect(
      validateActiveShareForm({
        ...INITIAL_ACTIVE_SHARE_FORM,
        portfolioCodes: ['DHS'],
        asOfDate: '2026-11-20',
        benchmarkCode: 'BMH',
        windowDays: 5,
      }),
    ).toEqual({ ok: false, errors: { windowDays: 'gözlem süresi en az 20 iş günü olmalı' } });
  });
});
