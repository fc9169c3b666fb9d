import { describe, expect, it } from 'vitest';
import type { HoldingView } from '@fonrisk/contracts';
import { groupSummary, holdingsTotals, weightOfNav } from './holdings-math.ts';

function holding(
  code: string,
  currentValue: number,
  extra: Partial<HoldingView> = {},
): HoldingView {
  return {
    portfolioCode: 'F1',
    portfolioDate: '2026-01-02',
    investmentInstrumentCode: code,
    currentValue,
    weightPct: 0,
    issuerGroup: null,
    ...extra,
  };
}

describe('holdings totals and weights', () => {
  it('sums amount columns over the rows that carry them and counts rows', () => {
    const rows = [
      holding('A', 600, { weightPct: 60, dailyValue: 10 }),
      holding('B', 500, { weightPct: 50 }),
      holding('C', -100, { weightPct: -10, dailyValue: 5 }),
    ];
    const totals = holdingsTotals(rows);
    expect(totals.currentValue).toBe(1000);
    expect(totals.weightPct, 'weights of NAV add up to 100 with a liability row').toBe(100);
    expect(totals.dailyValue).toBe(15);
    expect(totals.count).toBe(3);
  });

  it('leaves a column no row carries as null rather than 0', () => {
    expect(holdingsTotals([holding('A', 1)]).NetReturnAmount).toBeNull();
  });

  it('gives the weight of NAV in percent and 0 for a zero NAV', () => {
    expect(weightOfNav(250, 1000)).toBe(25);
    expect(weightOfNav(250, 0)).toBe(0);
  });
});

describe('group summary', () => {
  const rows = [
    holding('THYAO', 300, {
      investmentInstrumentMainType: 'stock',
      issuer: 'THY',
      issuerGroup: 'Koç',
      currency: 'TRY',
    }),
    holding('AKBNK', 200, {
      investmentInstrumentMainType: 'stock',
      issuer: 'Akbank',
      currency: 'TRY',
    }),
    holding('TRT1', 400, {
      investmentInstrumentMainType: 'governmentBond',
      issuer: 'Hazine',
      currency: 'TRY',
    }),
    holding('EUROB', 100, {
      investmentInstrumentMainType: 'eurobond',
      issuer: 'Hazine',
      currency: 'USD',
    }),
  ];

  it('groups by main type with Turkish labels, value, weight and count, largest first', () => {
    expect(groupSummary(rows, 'type', 1000)).toEqual([
      { group: 'Hisse Senedi', value: 500, weightPct: 50, count: 2 },
      { group: 'Devlet Tahvili (DİBS)', value: 400, weightPct: 40, count: 1 },
      { group: 'Eurobond (Kamu Dış Borçlanma)', value: 100, weightPct: 10, count: 1 },
    ]);
  });

  it('groups by issuer group, falling back to the issuer', () => {
    const groups = groupSummary(rows, 'issuer', 1000).map((g) => [g.group, g.value]);
    expect(groups).toEqual([
      ['Hazine', 500],
      ['Koç', 300],
      ['Akbank', 200],
    ]);
  });

  it('groups by currency and names a missing value as unspecified', () => {
    const groups = groupSummary([...rows, holding('X', 50)], 'currency', 1050);
    expect(groups.map((g) => g.group)).toEqual(['TRY', 'USD', '(Belirtilmemiş)']);
    expect(groups.reduce((s, g) => s + g.weightPct, 0)).toBeCloseTo(100, 10);
  });
});
