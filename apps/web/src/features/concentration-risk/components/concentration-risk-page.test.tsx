import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConcentrationRiskResult, Run } from '@fonrisk/contracts';
import { runSummary } from '../../analysis-runs/components/run.fixture.tsx';
import { renderScreen } from '../../../components/testing/render-screen.tsx';
import { ConcentrationRiskResultView } from './concentration-risk-result-view.tsx';
import {
  INITIAL_CONCENTRATION_FORM,
  validateConcentrationForm,
} from './concentration-form-model.ts';

const RESULT: ConcentrationRiskResult = {
  asOfDate: '2026-11-20',
  conventions: { derivatives: 'taahhüt', hhi: 'Σ pay²', warningUsage: 0.9 },
  funds: [
    {
      portfolioCode: 'DHS',
      portfolioName: 'Demo Hisse Fonu',
      date: '2026-11-20',
      nav: 1_000_000,
      hhi: [{ dimension: 'issuer', hhi: 0.3432, hhiPoints: 3432, effectiveN: 2.9137, keys: 7 }],
      checks: [
        {
          limitKey: 'issuer',
          code: 'SPK-TEK-IHRACCI',
          name: 'Tek ihraççı sınırı (%10)',
          key: 'ABANK',
          value: 0.11,
          limit: 0.1,
          margin: -0.01,
          status: 'breach',
          source: 'Tebliğ III-52.1 m.17/1-a',
        },
        {
          limitKey: 'internalIssuer',
          code: 'IC-IHRACCI',
          name: 'İç limit: tek ihraççı',
          key: 'BHOLD',
          value: 0.09,
          limit: 0.08,
          margin: -0.01,
          status: 'warning',
          source: 'Kurum içi limit (ayar)',
        },
      ],
      breaches: 1,
      notes: [],
    },
  ],
  tables: {},
  charts: {},
};

describe('concentration-risk result', () => {
  it('shows the issuer HHI, effective number and the breaches', () => {
    const run: Run = {
      ...runSummary({ analysisType: 'concentration-risk', status: 'done', progress: 1 }),
      result: RESULT,
    };
    renderScreen(<ConcentrationRiskResultView run={run} result={RESULT} />);
    expect(screen.getByTestId('concentration-hhi').textContent).toBe('3.432');
    expect(screen.getByText('Etkin ihraççı sayısı 2,9')).toBeTruthy();
    expect(screen.getByTestId('concentration-breaches').textContent).toBe('1');
    expect(screen.getByText('1 iç limit aşımı · 0 limite yakın')).toBeTruthy();
  });
});

describe('concentration-risk form', () => {
  it('starts from the shipped criteria limits and names the limit of a bad value', () => {
    expect(INITIAL_CONCENTRATION_FORM.limits.issuer.limitPct).toBe(10);
    expect(INITIAL_CONCENTRATION_FORM.limits.largeExposures).toEqual({
      enabled: true,
      limitPct: 40,
      thresholdPct: 5,
    });
    const base = { ...INITIAL_CONCENTRATION_FORM, portfolioCodes: ['DHS'], asOfDate: '2026-11-20' };
    const bad = validateConcentrationForm({
      ...base,
      limits: { ...base.limits, issuer: { enabled: true, limitPct: -1, thresholdPct: null } },
    });
    expect(bad).toEqual({
      ok: false,
      errors: { limits: 'Tek ihraççı sınırı (%10): limit negatif olamaz' },
    });
    const ok = validateConcentrationForm({
      ...base,
      limits: { ...base.limits, issuer: { enabled: true, limitPct: 8, thresholdPct: null } },
    });
    expect(ok.ok && ok.inputs.limits.issuer.limit).toBe(0.08);
  });
});
