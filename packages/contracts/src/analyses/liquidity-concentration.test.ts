import { describe, expect, it } from 'vitest';
import { evaluateCriterion, type AuditHolding } from '../criteria/engine.ts';
import {
  CONCENTRATION_LIMIT_DEFAULTS,
  CONCENTRATION_LIMITS,
  ConcentrationRiskInputsSchema,
  concentrationRule,
} from './concentration-risk.ts';
import {
  LIQUIDITY_TYPE_DEFAULTS,
  LiquidityTestInputsSchema,
  volumeTickerOf,
} from './liquidity-test.ts';

const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('liquidity-test inputs', () => {
  it('fills every main type with its default and keeps one volume ticker convention', () => {
    const inputs = LiquidityTestInputsSchema.parse({
      portfolioCodes: ['DHS'],
      asOfDate: '2026-11-20',
    });
    expect(inputs.typeSettings.stock).toEqual(LIQUIDITY_TYPE_DEFAULTS.stock);
    expect(inputs.typeSettings.corporateBond.windowDays).toBe(63);
    expect(inputs.participationRate).toBe(0.2);
    expect(inputs.settlementDays).toBe(2);
    expect(volumeTickerOf('ANDBK')).toBe('ANDBK-HACIM');
  });

  it('answers bad inputs in Turkish', () => {
    const base = { portfolioCodes: ['DHS'], asOfDate: '2026-11-20' };
    expect(issue(LiquidityTestInputsSchema.safeParse({ ...base, participationRate: -0.1 }))).toBe(
      'katılım oranı sıfırdan büyük olmalı',
    );
    expect(
      issue(
        LiquidityTestInputsSchema.safeParse({
          ...base,
          typeSettings: { stock: { basis: 'volume', days: 5, windowDays: 0, haircut: 0 } },
        }),
      ),
    ).toBe('hacim penceresi en az 1 iş günü olmalı');
    expect(
      issue(
        LiquidityTestInputsSchema.safeParse({
          ...base,
          scenarios: [{ name: '', redemptionShare: 0.1, horizonDays: 2 }],
        }),
      ),
    ).toBe('senaryo adı boş olamaz');
  });
});

describe('concentration-risk limits', () => {
  const holding = (issuer: string, valueTry: number, mainType = 'stock'): AuditHolding => ({
    instrumentCode: issuer,
    instrumentName: null,
    mainType,
    subType: null,
    issuer,
    issuerGroup: issuer,
    sector: null,
    currency: 'TRY',
    isForeign: false,
    fundCategory: null,
    counterparty: null,
    valueTry,
    commitmentTry: null,
    maturity: null,
    columns: {},
  });
  // 5/10/40 at its edges (hand figures on NAV 100): A 10, B 10, C 10, D 10 (40 % above 5 %),
  // E exactly 5 (does not count) → 0.40 passes; E at 5.01 → 0.4501 fails. The rest is government
  // debt, outside the issuer limits.
  const book = (e: number) => [
    ...['A', 'B', 'C', 'D'].map((k) => holding(k, 10)),
    holding('E', e),
    holding('Hazine', 100 - 40 - e, 'governmentBond'),
  ];
  const ctx = { asOfDate: '2026-11-20', nav: 100, fundCategory: 'equity' };

  it('defaults to the shipped criteria (10 %, 5/10/40) and evaluates them with the Module 3 engine', () => {
    expect(CONCENTRATION_LIMIT_DEFAULTS.issuer).toEqual({
      enabled: true,
      limit: 0.1,
      threshold: null,
    });
    expect(CONCENTRATION_LIMIT_DEFAULTS.largeExposures).toEqual({
      enabled: true,
      limit: 0.4,
      threshold: 0.05,
    });
    const rule = concentrationRule('largeExposures', CONCENTRATION_LIMIT_DEFAULTS.largeExposures);
    const atEdge = evaluateCriterion(rule, book(5), ctx);
    expect(atEdge.value).toBeCloseTo(0.4, 12);
    expect(atEdge.status).toBe('pass');
    const over = evaluateCriterion(rule, book(5.01), ctx);
    expect(over.value).toBeCloseTo(0.4501, 12);
    expect(over.status).toBe('breach');
  });

  it('applies the run setting: a stricter limit and threshold', () => {
    const rule = concentrationRule('largeExposures', {
      enabled: true,
      limit: 0.35,
      threshold: 0.05,
    });
    // A limit other than the regulation's is a configured limit: a warning (decision 0051).
    expect(evaluateCriterion(rule, book(5), ctx).status).toBe('warning');
    expect(rule.source).toMatch(/^Ayarlanan limit; mevzuat: ≤ %40,00 \(/);
    expect(
      concentrationRule('largeExposures', CONCENTRATION_LIMIT_DEFAULTS.largeExposures),
    ).toEqual(CONCENTRATION_LIMITS.largeExposures);
    const parsed = ConcentrationRiskInputsSchema.safeParse({
      portfolioCodes: ['DHS'],
      asOfDate: '2026-11-20',
      limits: { issuer: { enabled: true, limit: 1.5, threshold: null } },
    });
    expect(issue(parsed)).toBe('limit en fazla %100 olabilir');
  });
});
