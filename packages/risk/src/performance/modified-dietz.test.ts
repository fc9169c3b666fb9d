import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainedModifiedDietz, modifiedDietzReturn } from './modified-dietz.ts';

describe('Modified Dietz', () => {
  it('weights a flow by the share of the period remaining after it', () => {
    // 30-day period, BMV 1000, +100 on day 10 (weight 20/30), EMV 1150: (1150 − 1000 − 100)/(1000 + 66.67).
    const r = modifiedDietzReturn({
      start: '2024-04-01',
      end: '2024-05-01',
      beginValue: 1000,
      endValue: 1150,
      flows: [{ date: '2024-04-11', amount: 100 }],
    });
    expect(r).toBeCloseTo(50 / (1000 + (100 * 20) / 30), 15);
  });
  it('equals the simple return without flows, and chains periods', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        (begin, end) => {
          const simple = end / begin - 1;
          const dietz = modifiedDietzReturn({
            start: '2024-01-01',
            end: '2024-02-01',
            beginValue: begin,
            endValue: end,
          });
          expect(Math.abs(dietz - simple), 'relative 1e-14').toBeLessThanOrEqual(
            1e-14 * Math.max(1, Math.abs(simple)),
          );
        },
      ),
    );
    const chained = chainedModifiedDietz([
      { start: '2024-01-01', end: '2024-02-01', beginValue: 100, endValue: 110 },
      { start: '2024-02-01', end: '2024-03-01', beginValue: 110, endValue: 99 },
    ]);
    expect(chained.total).toBeCloseTo(-0.01, 15);
  });
  it('rejects an empty period, flows outside it and a non-positive denominator', () => {
    expect(() =>
      modifiedDietzReturn({ start: '2024-01-01', end: '2024-01-01', beginValue: 1, endValue: 1 }),
    ).toThrow(/follow/);
    expect(() =>
      modifiedDietzReturn({
        start: '2024-01-01',
        end: '2024-01-31',
        beginValue: 1,
        endValue: 1,
        flows: [{ date: '2024-02-01', amount: 1 }],
      }),
    ).toThrow(/outside/);
    expect(() =>
      modifiedDietzReturn({ start: '2024-01-01', end: '2024-01-31', beginValue: 0, endValue: 1 }),
    ).toThrow(/denominator/);
  });
});
