import { describe, expect, it } from 'vitest';
import { EMPTY_SCENARIO_FORM, validateScenarioForm } from './scenario-form-model.ts';

describe('stress scenario form', () => {
  it('builds a hypothetical request from the typed fields (Turkish decimal comma, tenor list)', () => {
    const v = validateScenarioForm({
      ...EMPTY_SCENARIO_FORM,
      name: 'Kur şoku',
      equityPct: '-12,5',
      fx: { USD: '30', EUR: '' },
      curvePoints: '365=700, 3650=300',
      credit: { corporateBond: '200' },
    });
    expect(v).toEqual({
      ok: true,
      request: {
        kind: 'hypothetical',
        name: 'Kur şoku',
        description: '',
        shocks: {
          equityPct: -12.5,
          fxPct: { USD: 30 },
          curvePoints: [
            { tenorDays: 365, bp: 700 },
            { tenorDays: 3650, bp: 300 },
          ],
          creditSpreadBp: { corporateBond: 200 },
        },
      },
    });
  });

  it('names the field of a bad shock in Turkish: -100 % or worse, empty scenario, bad tenor list', () => {
    const crash = validateScenarioForm({ ...EMPTY_SCENARIO_FORM, name: 'x', fx: { USD: '-100' } });
    expect(crash).toEqual({
      ok: false,
      errors: { 'fx.USD': 'kur şoku -%100 veya daha kötü olamaz' },
    });
    const empty = validateScenarioForm({ ...EMPTY_SCENARIO_FORM, name: 'x', equityPct: '0' });
    expect(empty).toEqual({
      ok: false,
      errors: { shocks: 'senaryoda en az bir sıfırdan farklı şok olmalı' },
    });
    const curve = validateScenarioForm({ ...EMPTY_SCENARIO_FORM, name: 'x', curvePoints: '1 yıl' });
    expect(curve.ok).toBe(false);
    expect(!curve.ok && curve.errors['curvePoints']).toMatch(/gün=bp/);
  });

  it('asks for both window dates of a historical replay and two scenarios for a combination', () => {
    expect(
      validateScenarioForm({ ...EMPTY_SCENARIO_FORM, kind: 'historical', name: 'x' }),
    ).toMatchObject({
      ok: false,
      errors: { fromDate: 'pencere başlangıcı gerekli', toDate: 'pencere sonu gerekli' },
    });
    expect(
      validateScenarioForm({
        ...EMPTY_SCENARIO_FORM,
        kind: 'combination',
        name: 'x',
        componentIds: ['1'],
      }),
    ).toEqual({ ok: false, errors: { componentIds: 'birleşim için en az iki senaryo seçilmeli' } });
  });
});
