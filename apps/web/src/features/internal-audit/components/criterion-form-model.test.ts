import { describe, expect, it } from 'vitest';
import { SPK_CRITERIA } from '@fonrisk/contracts';
import {
  criterionFormOf,
  emptyCriterionForm,
  validateCriterionForm,
} from './criterion-form-model.ts';

describe('criterion form model', () => {
  it('round-trips every shipped SPK criterion (weights typed as %, stored as fractions)', () => {
    for (const rule of SPK_CRITERIA) {
      const back = validateCriterionForm(criterionFormOf(rule));
      expect(back).toEqual({ ok: true, rule });
    }
    const issuer = criterionFormOf(SPK_CRITERIA.find((r) => r.code === 'SPK-5-10-40')!);
    expect(issuer.limit).toBe(40);
    expect(issuer.thresholdPct).toBe(5);
  });

  it('keeps days and counts as typed', () => {
    const wam = criterionFormOf(SPK_CRITERIA.find((r) => r.code === 'SPK-PP-ORT-VADE-45')!);
    expect(wam.limit).toBe(45);
  });

  it('names the fields of a malformed rule in Turkish', () => {
    const result = validateCriterionForm({
      ...emptyCriterionForm('2026-01-01'),
      code: 'X',
      name: 'x',
      aggregation: 'sumAboveThreshold',
      groupBy: 'issuer',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors['measure.threshold']).toBe('eşik girilmeli');
    expect(result.errors['comparison.limit']).toBe('limit sayı olmalı');
  });
});
