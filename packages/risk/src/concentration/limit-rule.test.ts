import { describe, expect, it } from 'vitest';
import { checkLimits, rulesInForce, type LimitRule } from './limit-rule.ts';

const rules: LimitRule<'a' | 'b'>[] = [
  {
    id: 'old',
    metric: 'a',
    limit: 0.2,
    effectiveFrom: '2020-01-01',
    effectiveTo: '2023-10-12',
    source: 's1',
  },
  { id: 'new', metric: 'a', limit: 0.1, effectiveFrom: '2023-10-12', source: 's2' },
  { id: 'floor', metric: 'b', limit: 0.1, bound: 'min', effectiveFrom: '2020-01-01', source: 's3' },
];

describe('limit rules as data', () => {
  it('selects the rules in force with an inclusive start and exclusive end', () => {
    expect(rulesInForce(rules, '2023-10-11').map((r) => r.id)).toEqual(['old', 'floor']);
    expect(rulesInForce(rules, '2023-10-12').map((r) => r.id)).toEqual(['new', 'floor']);
    expect(rulesInForce(rules, '2019-12-31')).toEqual([]);
  });
  it('checks maximum and minimum bounds', () => {
    const checks = checkLimits(rules, { a: 0.15, b: 0.05 }, '2023-01-01');
    expect(checks.map((c) => [c.ruleId, c.passes, c.bound])).toEqual([
      ['old', true, 'max'],
      ['floor', false, 'min'],
    ]);
    expect(checkLimits(rules, { a: 0.15, b: 0.1 }, '2024-01-01').map((c) => c.passes)).toEqual([
      false,
      true,
    ]);
  });
  it('refuses to pass a rule whose metric has no value', () => {
    expect(() => checkLimits(rules, { a: 0.1 } as Record<'a' | 'b', number>, '2024-01-01')).toThrow(
      /"b"/,
    );
  });
});
