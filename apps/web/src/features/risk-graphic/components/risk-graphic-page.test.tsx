import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RiskGraphicResult, Run } from '@fonrisk/contracts';
import { runSummary } from '../../analysis-runs/components/run.fixture.tsx';
import { pngFileName } from '../../analysis-runs/components/result-chart-panel.tsx';
import { renderScreen } from '../../../components/testing/render-screen.tsx';
import { RiskGraphicResultView } from './risk-graphic-result-view.tsx';
import {
  INITIAL_RISK_GRAPHIC_FORM,
  formStateOfInputs,
  validateRiskGraphicForm,
} from './risk-graphic-form-model.ts';

const chart = (title: string) => ({ title, option: { series: [] } });
const RESULT: RiskGraphicResult = {
  fromDate: '2025-11-20',
  toDate: '2026-11-20',
  holdingsDates: {},
  points: [],
  conventions: { periodsPerYear: 252, correlation: 'Pearson' },
  notes: ['DHS: RMD yok'],
  tables: {},
  charts: {
    varUsage: chart('RMD ve Limit Kullanımı'),
    riskReturn: chart('Risk / Getiri'),
    correlation: chart('Korelasyon'),
    exposure: chart('Varlık Dağılımı'),
  },
};

describe('risk-graphic result', () => {
  it('shows the four charts, each with PNG and Excel buttons, and the notes', () => {
    const run: Run = {
      ...runSummary({ analysisType: 'risk-graphic', status: 'done', progress: 1 }),
      result: RESULT,
    };
    renderScreen(<RiskGraphicResultView run={run} result={RESULT} />);
    for (const key of ['varUsage', 'riskReturn', 'correlation', 'exposure'])
      expect(screen.getByTestId(`risk-graphic-${key}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Risk / Getiri: PNG indir' })).toBeTruthy();
    expect(screen.getByRole('button', { name: "Korelasyon: Excel'e aktar" })).toBeTruthy();
    expect(screen.getByText('DHS: RMD yok')).toBeTruthy();
  });
});

describe('risk-graphic form', () => {
  it('needs portfolios and a period, and takes a stored run’s inputs', () => {
    expect(validateRiskGraphicForm(INITIAL_RISK_GRAPHIC_FORM)).toEqual({
      ok: false,
      errors: {
        portfolioCodes: 'en az bir portföy seçilmeli',
        fromDate: 'başlangıç tarihi gerekli',
        toDate: 'bitiş tarihi gerekli',
      },
    });
    const state = formStateOfInputs({
      portfolioCodes: ['DHS', 'DEF'],
      fromDate: '2025-11-20',
      toDate: '2026-11-20',
    });
    expect(state).toEqual({
      portfolioCodes: ['DHS', 'DEF'],
      fromDate: '2025-11-20',
      toDate: '2026-11-20',
      correlationBasis: 'portfolios',
      topPositions: 10,
    });
    expect(formStateOfInputs({ portfolioCodes: [] })).toBeNull();
    expect(validateRiskGraphicForm({ ...state!, toDate: '2025-01-01' })).toEqual({
      ok: false,
      errors: { toDate: 'bitiş tarihi başlangıçtan sonra olmalı' },
    });
  });

  it('names PNG files after the chart title', () => {
    expect(pngFileName('Risk / Getiri (yıllık oynaklık, balon = NAV)')).toBe(
      'risk-getiri-yillik-oynaklik-balon-nav.png',
    );
    expect(pngFileName('???')).toBe('grafik.png');
  });
});
