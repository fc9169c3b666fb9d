import { describe, expect, it } from 'vitest';
import { VAR_SETTINGS_DEFAULTS } from '@fonrisk/contracts';
import {
  incrementalInputsOf,
  initialIncrementalForm,
  validateIncrementalForm,
} from './incremental-form-model.ts';

const base = {
  ...initialIncrementalForm(VAR_SETTINGS_DEFAULTS),
  portfolioCode: 'AAK',
  asOfDate: '2026-03-31',
};

describe('incremental VaR form model', () => {
  it('sends what-if trades as value or quantity changes', () => {
    const inputs = incrementalInputsOf({
      ...base,
      trades: [
        { key: 1, instrumentCode: ' THYAO ', kind: 'value', amount: 1_000_000 },
        { key: 2, instrumentCode: 'TRT150328T11', kind: 'quantity', amount: -500 },
      ],
    });
    expect(inputs['trades']).toEqual([
      { instrumentCode: 'THYAO', valueChangeTry: 1_000_000 },
      { instrumentCode: 'TRT150328T11', quantityChange: -500 },
    ]);
    expect(inputs).toMatchObject({
      portfolioCode: 'AAK',
      asOfDate: '2026-03-31',
      horizonDays: 20,
      confidenceLevel: 0.99,
    });
  });

  it('reports an empty code, a missing amount and a zero change on their own rows', () => {
    const result = validateIncrementalForm({
      ...base,
      trades: [
        { key: 7, instrumentCode: '', kind: 'value', amount: 5 },
        { key: 8, instrumentCode: 'X', kind: 'value', amount: '' },
        { key: 9, instrumentCode: 'Y', kind: 'quantity', amount: 0 },
      ],
    });
    expect(result.ok).toBe(false);
    expect(result.tradeErrors).toEqual({
      7: 'varlık kodu gerekli',
      8: 'değişim tutarı gerekli',
      9: 'sıfır olamaz',
    });
  });

  it('accepts a form without trades', () => {
    expect(validateIncrementalForm(base).ok).toBe(true);
  });
});
