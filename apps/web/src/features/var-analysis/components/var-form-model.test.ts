import { describe, expect, it } from 'vitest';
import { VAR_SETTINGS_DEFAULTS } from '@fonrisk/contracts';
import { initialVarForm, validateVarForm, varInputsOf } from './var-form-model.ts';

const base = {
  ...initialVarForm(VAR_SETTINGS_DEFAULTS),
  portfolioCodes: ['AAK'],
  asOfDate: '2026-03-31',
};

describe('varAnalysis form model', () => {
  it('opens with the SPK defaults of the settings (99 %, 20 days, 250-day window, historical)', () => {
    const s = initialVarForm(VAR_SETTINGS_DEFAULTS);
    expect(s).toMatchObject({
      method: 'historical',
      confidencePct: 99,
      horizonDays: 20,
      windowDays: 250,
      approach: 'absolute',
      horizonScaling: 'sqrtTime',
    });
  });

  it('sends a single date with every model parameter, confidence as a fraction', () => {
    expect(varInputsOf(base)).toEqual({
      portfolioCodes: ['AAK'],
      asOfDate: '2026-03-31',
      method: 'historical',
      confidenceLevel: 0.99,
      horizonDays: 20,
      horizonScaling: 'sqrtTime',
      windowDays: 250,
      mean: 'include',
      approach: 'absolute',
    });
    expect(varInputsOf({ ...base, mean: 'exclude' }).mean, 'the zero-mean option').toBe('exclude');
  });

  it('sends a range instead of a date, lambda only for EWMA and draws and seed only for Monte Carlo', () => {
    const ewma = varInputsOf({
      ...base,
      dateMode: 'range',
      fromDate: '2026-01-02',
      toDate: '2026-03-31',
      method: 'ewma',
      confidencePct: 97.5,
    });
    expect(ewma).toMatchObject({
      fromDate: '2026-01-02',
      toDate: '2026-03-31',
      lambda: 0.94,
      confidenceLevel: 0.975,
    });
    expect(ewma).not.toHaveProperty('asOfDate');
    expect(ewma).not.toHaveProperty('draws');
    const mc = varInputsOf({ ...base, method: 'montecarlo' });
    expect(mc).toMatchObject({ draws: 10000, seed: 20240101 });
    expect(mc).not.toHaveProperty('lambda');
  });

  it('rejects a form without portfolios or dates, with Turkish messages per field', () => {
    const result = validateVarForm({ ...base, portfolioCodes: [], asOfDate: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.portfolioCodes).toBe('en az bir portföy seçilmeli');
    expect(result.errors.asOfDate).toBe('bir tarih veya tarih aralığı gerekli');
  });

  it('rejects a reversed range and out-of-range parameters', () => {
    const result = validateVarForm({
      ...base,
      dateMode: 'range',
      fromDate: '2026-03-31',
      toDate: '2026-01-02',
      confidencePct: 50,
      windowDays: '',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.toDate).toBe('bitiş tarihi başlangıçtan önce olamaz');
    expect(result.errors.confidenceLevel).toBe('güven düzeyi en az 0,80 olmalı');
    expect(result.errors.windowDays).toBe('gözlem süresi gerekli');
  });

  it('accepts a complete form', () => {
    const result = validateVarForm(base);
    expect(result.ok).toBe(true);
  });
});
