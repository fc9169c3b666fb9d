import { describe, expect, it } from 'vitest';
import { VAR_SETTINGS_DEFAULTS } from '@fonrisk/contracts';
import {
  backtestInputsOf,
  initialBacktestForm,
  validateBacktestForm,
} from './backtest-form-model.ts';

describe('backtest form model', () => {
  it('sends the default period (no dates) with the model parameters', () => {
    const s = { ...initialBacktestForm(VAR_SETTINGS_DEFAULTS), portfolioCode: 'AAK' };
    expect(backtestInputsOf(s)).toEqual({
      portfolioCode: 'AAK',
      method: 'historical',
      confidenceLevel: 0.99,
      windowDays: 250,
      mean: 'include',
    });
    expect(validateBacktestForm(s).ok).toBe(true);
  });

  it('requires a portfolio', () => {
    const result = validateBacktestForm(initialBacktestForm(VAR_SETTINGS_DEFAULTS));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.portfolioCode).toBe('portföy seçilmeli');
  });

  it('requires an ordered period', () => {
    const result = validateBacktestForm({
      ...initialBacktestForm(VAR_SETTINGS_DEFAULTS),
      portfolioCode: 'AAK',
      fromDate: '2026-03-01',
      toDate: '2026-01-01',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.toDate).toBe('bitiş tarihi başlangıçtan önce olamaz');
  });
});
