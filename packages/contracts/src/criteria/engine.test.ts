import { describe, expect, it } from 'vitest';
import { CriteriaSetSchema, CriterionRuleSchema, type CriterionRule } from './criterion.ts';
import {
  type AuditHolding,
  conventionalMaturityDays,
  criterionApplies,
  evaluateCriterion,
} from './engine.ts';
import { SPK_CRITERIA } from './spk-rules.ts';

// Hand-made portfolio, NAV 1 000 000 TL. Expected values are worked out by hand in the comments.
const h = (
  p: Partial<AuditHolding> & { instrumentCode: string; valueTry: number },
): AuditHolding => ({
  instrumentName: p.instrumentCode,
  mainType: 'stock',
  subType: null,
  issuer: p.instrumentCode,
  issuerGroup: p.instrumentCode,
  sector: null,
  currency: 'TRY',
  isForeign: false,
  fundCategory: null,
  counterparty: null,
  commitmentTry: null,
  maturity: null,
  columns: {},
  ...p,
});

const NAV = 1_000_000;
const BOOK: AuditHolding[] = [
  h({ instrumentCode: 'AAA', valueTry: 90_000 }), // 9 %
  h({ instrumentCode: 'BBB', valueTry: 80_000 }), // 8 %
  h({ instrumentCode: 'CCC', valueTry: 70_000 }), // 7 %
  h({ instrumentCode: 'DDD', valueTry: 50_000 }), // exactly 5 %: not "> 5 %"
  h({ instrumentCode: 'EEE', valueTry: 40_000 }), // 4 %
  // Deposit at bank XBANK 6 % plus its bond 5 %: 11 % on XBANK when deposits count.
  h({ instrumentCode: 'DEP-X', valueTry: 60_000, mainType: 'deposit', issuer: 'XBANK' }),
  h({ instrumentCode: 'XBANK-T', valueTry: 50_000, mainType: 'corporateBond', issuer: 'XBANK' }),
  h({ instrumentCode: 'USD-EQ', valueTry: 60_000, currency: 'USD', isForeign: true }),
  h({
    instrumentCode: 'F1',
    valueTry: 10_000,
    mainType: 'future',
    issuer: null,
    commitmentTry: -250_000,
  }),
  h({ instrumentCode: 'CASH', valueTry: 490_000, mainType: 'other', issuer: null }),
];
const ctx = (fundCategory: string | null = 'equity') => ({
  asOfDate: '2026-01-02',
  nav: NAV,
  fundCategory,
});

const parse = (r: unknown): CriterionRule => CriterionRuleSchema.parse(r);
const base = {
  code: 'T',
  name: 'Test',
  group: 'Test',
  severity: 'breach',
  effectiveFrom: '2020-01-01',
} as const;

describe('evaluateCriterion', () => {
  it('weight of a filtered group (foreign assets 6 % against 20 %)', () => {
    const rule = parse({
      ...base,
      filters: [{ kind: 'values', field: 'isForeign', operator: 'in', values: ['true'] }],
      measure: { aggregation: 'weight' },
      comparison: { kind: 'max', limit: 0.2 },
    });
    const r = evaluateCriterion(rule, BOOK, ctx());
    expect(r.value).toBeCloseTo(0.06, 12);
    expect(r.status).toBe('pass');
    expect(r.margin).toBeCloseTo(0.14, 12);
    expect(r.contributions.map((c) => c.instrumentCode)).toEqual(['USD-EQ']);
  });

  it('single issuer: deposits count towards the bank (11 % > 10 %) except in money-market funds (5 %)', () => {
    const rule = parse({
      ...base,
      measure: { aggregation: 'maxWeightPerKey', groupBy: 'issuer' },
      comparison: { kind: 'max', limit: 0.1 },
    });
    const equity = evaluateCriterion(rule, BOOK, ctx('equity'));
    expect(equity.value).toBeCloseTo(0.11, 12);
    expect(equity.status).toBe('breach');
    expect(equity.margin).toBeCloseTo(-0.01, 12);
    expect(equity.keys[0]).toEqual({ key: 'XBANK', weight: 0.11, offending: true });
    expect(equity.contributions.filter((c) => c.offending).map((c) => c.instrumentCode)).toEqual([
      'DEP-X',
      'XBANK-T',
    ]);
    const pp = evaluateCriterion(rule, BOOK, ctx('moneyMarket'));
    // Without the deposit: AAA 9 % is the largest.
    expect(pp.value).toBeCloseTo(0.09, 12);
    expect(pp.status).toBe('pass');
  });

  it('5/10/40: keys strictly above 5 % summed; a holding at exactly 5 % does not count', () => {
    const rule = parse({
      ...base,
      measure: { aggregation: 'sumAboveThreshold', groupBy: 'issuer', threshold: 0.05 },
      comparison: { kind: 'max', limit: 0.4 },
    });
    // AAA 9 + BBB 8 + CCC 7 + XBANK 11 + USD-EQ 6 = 41 % (DDD at 5 % left out) > 40 %.
    const r = evaluateCriterion(rule, BOOK, ctx());
    expect(r.value).toBeCloseTo(0.41, 12);
    expect(r.status).toBe('breach');
    expect(r.keys.find((k) => k.key === 'DDD')).toEqual({
      key: 'DDD',
      weight: 0.05,
      offending: false,
    });
    // In a money-market fund the deposit leaves XBANK at 5 %: 9 + 8 + 7 + 6 = 30 %.
    expect(evaluateCriterion(rule, BOOK, ctx('moneyMarket')).value).toBeCloseTo(0.3, 12);
    const count = parse({
      ...base,
      measure: { aggregation: 'countAboveThreshold', groupBy: 'issuer', threshold: 0.05 },
      comparison: { kind: 'max', limit: 10 },
    });
    expect(evaluateCriterion(count, BOOK, ctx()).value).toBe(5);
  });

  it('minimum rule (spot share of stocks ≥ 80 %) and range rule', () => {
    const spot = parse({
      ...base,
      filters: [{ kind: 'values', field: 'mainType', operator: 'in', values: ['stock', 'future'] }],
      measure: { aggregation: 'spotShare' },
      comparison: { kind: 'min', limit: 0.8 },
    });
    // Stocks 9+8+7+5+4+6 = 39 %; the future is not spot.
    const r = evaluateCriterion(spot, BOOK, ctx());
    expect(r.value).toBeCloseTo(0.39, 12);
    expect(r.status).toBe('breach');
    expect(r.margin).toBeCloseTo(-0.41, 12);
    const range = parse({
      ...base,
      severity: 'warning',
      filters: [{ kind: 'values', field: 'mainType', operator: 'in', values: ['stock'] }],
      measure: { aggregation: 'weight' },
      comparison: { kind: 'range', min: 0.2, max: 0.35 },
    });
    const rr = evaluateCriterion(range, BOOK, ctx());
    expect(rr.status).toBe('warning');
    expect(rr.margin).toBeCloseTo(-0.04, 12);
  });

  it('derivative commitment uses |commitment| / NAV', () => {
    const rule = parse({
      ...base,
      measure: { aggregation: 'derivativeCommitment' },
      comparison: { kind: 'max', limit: 1 },
    });
    expect(evaluateCriterion(rule, BOOK, ctx()).value).toBeCloseTo(0.25, 12);
  });

  it('column filter reads any holdings column', () => {
    const book = [
      h({ instrumentCode: 'A', valueTry: 100, columns: { stockEstablishment: 'BIST' } }),
      h({ instrumentCode: 'B', valueTry: 300, columns: { stockEstablishment: 'NYSE' } }),
    ];
    const rule = parse({
      ...base,
      filters: [
        {
          kind: 'values',
          field: 'column',
          column: 'stockEstablishment',
          operator: 'in',
          values: ['nyse'],
        },
      ],
      measure: { aggregation: 'weight' },
      comparison: { kind: 'max', limit: 0.5 },
    });
    expect(
      evaluateCriterion(rule, book, { asOfDate: '2026-01-02', nav: 400, fundCategory: null }).value,
    ).toBe(0.75);
  });
});

describe('Rehber §4.2.6 maturity conventions (from 2026-01-02)', () => {
  const m = (kind: Parameters<typeof conventionalMaturityDays>[0]['kind'], extra = {}) => ({
    kind,
    maturityDate: '2026-07-01', // 180 days after 2026-01-02
    nextPaymentDate: '2026-02-01', // 30 days
    macaulayYears: 0.4, // 146 days
    ...extra,
  });
  it('discount: days to redemption', () =>
    expect(conventionalMaturityDays(m('discount'), '2026-01-02')).toBe(180));
  it('fixed coupon: Macaulay duration × 365', () =>
    expect(conventionalMaturityDays(m('fixed'), '2026-01-02')).toBeCloseTo(146, 9));
  it('floating: days to the next coupon', () =>
    expect(conventionalMaturityDays(m('floating'), '2026-01-02')).toBe(30));
  it('CPI-linked: days to principal maturity, not the coupon', () =>
    expect(conventionalMaturityDays(m('cpiLinked'), '2026-01-02')).toBe(180));
  it('deposit with payouts: days to the next payout; without: to maturity', () => {
    expect(conventionalMaturityDays(m('deposit'), '2026-01-02')).toBe(30);
    expect(conventionalMaturityDays(m('deposit', { nextPaymentDate: null }), '2026-01-02')).toBe(
      180,
    );
  });

  it('weighted average maturity of a money-market book: (60×180 + 40×30) / 100 = 120 days', () => {
    const book = [
      h({
        instrumentCode: 'BONO',
        valueTry: 60,
        mainType: 'treasuryBill',
        maturity: m('discount'),
      }),
      h({
        instrumentCode: 'FRN',
        valueTry: 40,
        mainType: 'corporateBond',
        maturity: m('floating'),
      }),
      h({ instrumentCode: 'HISSE', valueTry: 100 }),
    ];
    const rule = parse({
      ...base,
      measure: { aggregation: 'weightedAverageMaturity' },
      comparison: { kind: 'max', limit: 45 },
    });
    const r = evaluateCriterion(rule, book, {
      asOfDate: '2026-01-02',
      nav: 200,
      fundCategory: 'moneyMarket',
    });
    expect(r.value).toBeCloseTo(120, 9);
    expect(r.status).toBe('breach');
    expect(r.margin).toBeCloseTo(-75, 9);
  });
});

describe('criteria as data', () => {
  it('scope: by code or category; empty = every portfolio', () => {
    expect(criterionApplies({ portfolioCodes: [], fundCategories: [] }, 'X', null)).toBe(true);
    expect(criterionApplies({ portfolioCodes: ['X'], fundCategories: [] }, 'X', null)).toBe(true);
    expect(
      criterionApplies({ portfolioCodes: [], fundCategories: ['equity'] }, 'X', 'equity'),
    ).toBe(true);
    expect(
      criterionApplies({ portfolioCodes: [], fundCategories: ['equity'] }, 'X', 'moneyMarket'),
    ).toBe(false);
  });

  it('every shipped SPK criterion parses; secondary-source ones are marked unconfirmed', () => {
    for (const c of SPK_CRITERIA) expect(CriterionRuleSchema.safeParse(c).success).toBe(true);
    expect(SPK_CRITERIA.find((c) => c.code === 'SPK-5-10-40')?.confirmed).toBe(false);
    expect(SPK_CRITERIA.find((c) => c.code === 'SPK-TEK-IHRACCI')?.confirmed).toBe(true);
    expect(new Set(SPK_CRITERIA.map((c) => c.code)).size).toBe(SPK_CRITERIA.length);
  });

  it('a shipped rule states only what differs: breach, every fund, in force since the Tebliğ', () => {
    const byCode = (code: string) => SPK_CRITERIA.find((c) => c.code === code);
    expect(byCode('SPK-TEK-IHRACCI')).toMatchObject({
      description: expect.stringContaining('%10') as unknown,
      cureDays: null,
      enabled: true,
      severity: 'breach',
      scope: { portfolioCodes: [], fundCategories: [] },
      effectiveFrom: '2013-07-09',
      comparison: { kind: 'max', limit: 0.1 },
    });
    expect(byCode('SPK-GRUP-SIRKETLERI')?.description).toBe('');
    // Every shipped rule is a regulatory limit, hence a breach (decision 0051), the OTC
    // reverse-repo limit included.
    expect(SPK_CRITERIA.every((c) => c.severity === 'breach')).toBe(true);
    expect(byCode('SPK-TERS-REPO')?.severity).toBe('breach');
    expect(byCode('SPK-PP-DIBS-10')).toMatchObject({
      comparison: { kind: 'min', limit: 0.1 },
      scope: { fundCategories: ['moneyMarket'] },
      effectiveFrom: '2025-02-28',
      filters: [
        {
          kind: 'values',
          field: 'mainType',
          operator: 'in',
          values: ['governmentBond', 'treasuryBill'],
        },
      ],
    });
  });

  it('a malformed rule names the field in Turkish', () => {
    const r = CriteriaSetSchema.safeParse({
      format: 'fonrisk-criteria',
      version: 1,
      criteria: [
        {
          ...base,
          measure: { aggregation: 'sumAboveThreshold', groupBy: 'issuer' },
          comparison: { kind: 'max', limit: 0.4 },
        },
      ],
    });
    expect(r.success).toBe(false);
    const issue = r.error!.issues[0]!;
    expect(issue.path).toEqual(['criteria', 0, 'measure', 'threshold']);
    expect(issue.message).toBe('eşik girilmeli');
    const bad = CriterionRuleSchema.safeParse({
      ...base,
      measure: { aggregation: 'nope' },
      comparison: { kind: 'max', limit: 1 },
    });
    expect(bad.error!.issues[0]!.message).toBe('geçerli bir ölçüm türü değil');
  });
});
