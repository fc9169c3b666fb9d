import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { chainedModifiedDietz, modifiedDietzReturn } from './modified-dietz.ts';
import { timeWeightedReturn } from './time-weighted.ts';

describe('Modified Dietz and TWR with flows on the first and last day', () => {
  it('weights a first-day flow fully and a last-day flow not at all', () => {
    // T = 30 days; +100 on day 0 (weight 1), −50 on day 30 (weight 0):
    // (1080 − 1000 − 50) / (1000 + 100) = 30 / 1100.
    const r = modifiedDietzReturn({
      start: '2024-01-01',
      end: '2024-01-31',
      beginValue: 1000,
      endValue: 1080,
      flows: [
        { date: '2024-01-01', amount: 100 },
        { date: '2024-01-31', amount: -50 },
      ],
    });
    expect(r).toBeCloseTo(30 / 1100, 14);
  });
  it('chains sub-periods: (1 + 30/1100)(1 + 0.05) − 1', () => {
    const { total } = chainedModifiedDietz([
      {
        start: '2024-01-01',
        end: '2024-01-31',
        beginValue: 1000,
        endValue: 1080,
        flows: [
          { date: '2024-01-01', amount: 100 },
          { date: '2024-01-31', amount: -50 },
        ],
      },
      { start: '2024-01-31', end: '2024-02-29', beginValue: 1080, endValue: 1134 },
    ]);
    expect(total).toBeCloseTo((1 + 30 / 1100) * 1.05 - 1, 14);
  });
  it('TWR: a first-day flow starts the first sub-period, a last-day flow does not change it', () => {
    // 1000 + 100 on day 0 → 1155 on day 15 (+5 %); 1155 → 1212.75 on day 30 (+5 %), then −50.
    const { twr } = timeWeightedReturn([
      { date: '2024-01-01', value: 1000, flow: 100 },
      { date: '2024-01-16', value: 1155 },
      { date: '2024-01-31', value: 1212.75, flow: -50 },
    ]);
    expect(twr).toBeCloseTo(1.05 * 1.05 - 1, 12);
  });
  it('a withdrawal larger than the portfolio makes the Dietz denominator non-positive', () => {
    expect(() =>
      modifiedDietzReturn({
        start: '2024-01-01',
        end: '2024-01-31',
        beginValue: 1000,
        endValue: 10,
        flows: [{ date: '2024-01-01', amount: -1500 }],
      }),
    ).toThrow(InvalidInputError);
  });
});
