import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RiskValueFund, RiskValueResult, Run } from '@fonrisk/contracts';
import { runSummary } from '../../analysis-runs/components/run.fixture.tsx';
import { renderScreen } from '../../../components/testing/render-screen.tsx';
import { RiskValueResultView } from './risk-value-result-view.tsx';
import { validateRiskValueForm, INITIAL_RISK_VALUE_FORM } from './risk-value-form-model.ts';

const fund: RiskValueFund = {
  portfolioCode: 'DDG',
  portfolioName: 'Demo Dengeli Değişken Fon',
  asOfDate: '2026-11-20',
  volatility: 0.1612,
  weeklyRiskValue: 5,
  ownRiskValue: 5,
  riskValue: 5,
  weeks: 260,
  benchmarkWeeks: 40,
  benchmarkCode: 'DEMO-BM-DEGISKEN',
  source: 'benchmarkFill',
  allocationVolatility: null,
  allocationRiskValue: null,
  officialTefasRiskValue: 4,
  officialTefasDate: '2026-11-13',
  officialTefasSource: 'TEFAS',
  differsFromOfficial: true,
  label: { word: 'Dengeli', minRiskValue: 3, maxRiskValue: 4, consistent: false },
  bands: [1, 2, 3, 4, 5, 6, 7].map((rv, i) => ({
    riskValue: rv,
    lowerBound: [0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3][i]!,
    upperBound: [0.02, 0.05, 0.1, 0.15, 0.2, 0.3, null][i]!,
    current: rv === 5,
  })),
  bandSource: 'SPK Rehber §9.3.2.1 (12.10.2023, 60/1316)',
  history: [
    {
      date: '2026-11-13',
      volatility: 0.149,
      riskValue: 4,
      officialRiskValue: 4,
      weeks: 260,
      benchmarkWeeks: 41,
      changed: false,
    },
    {
      date: '2026-11-20',
      volatility: 0.1612,
      riskValue: 5,
      officialRiskValue: 5,
      weeks: 260,
      benchmarkWeeks: 40,
      changed: true,
    },
  ],
  notes: [],
};

const RESULT: RiskValueResult = {
  asOfDate: '2026-11-20',
  conventions: {
    windowWeeks: 260,
    periodsPerYear: 52,
    updateMonths: 4,
    minWeeks: 52,
    weeklyReturnMethod: 'first-to-last',
  },
  funds: [fund],
  tables: {},
};

function run(result: RiskValueResult): Run {
  return {
    ...runSummary({ analysisType: 'risk-value', status: 'done', progress: 1 }),
    result: result,
  };
}

describe('risk-value result', () => {
  it('shows the class, volatility, the TEFAS difference and the label-rule breach', () => {
    renderScreen(<RiskValueResultView run={run(RESULT)} result={RESULT} />);
    expect(screen.getByTestId('risk-value-class').textContent).toBe('5');
    expect(screen.getByTestId('risk-value-volatility').textContent).toBe('%16,12');
    expect(screen.getByTestId('risk-value-differs').textContent).toContain(
      'Hesaplanan risk değeri (5) TEFAS’ta kayıtlı resmi değerden (4) farklı.',
    );
    expect(screen.getByTestId('risk-value-label').textContent).toContain(
      '“Dengeli” ifadesi risk değeri 3-4 gerektirir; hesaplanan değer 5',
    );
    const bands = screen.getByTestId('risk-value-bands');
    expect(
      within(bands)
        .getByText(/Fon burada/)
        .closest('tr')?.textContent,
    ).toMatch(/^5/);
  });
});

describe('risk-value form', () => {
  it('asks for funds and a date in Turkish and refuses a minimum week count out of range', () => {
    const empty = validateRiskValueForm(INITIAL_RISK_VALUE_FORM);
    expect(empty).toEqual({
      ok: false,
      errors: { portfolioCodes: 'en az bir portföy seçilmeli', asOfDate: 'hesap tarihi gerekli' },
    });
    const bad = validateRiskValueForm({
      ...INITIAL_RISK_VALUE_FORM,
      portfolioCodes: ['DHS'],
      asOfDate: '2026-11-20',
      minWeeks: 300,
    });
    expect(bad).toEqual({
      ok: false,
      errors: { minWeeks: 'en az hafta sayısı en fazla 260 olabilir' },
    });
  });
});
