import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { activeShare } from './active-share.ts';
import { timeWeightedReturn } from './time-weighted.ts';
import { chainedModifiedDietz, modifiedDietzReturn } from './modified-dietz.ts';
import { brinsonFachler } from './brinson-fachler.ts';
import { InvalidInputError } from '../errors.ts';

describe('active share', () => {
  it('is half the sum of absolute weight differences over the union of holdings', () => {
    const result = activeShare(
      [
        { id: 'A', weight: 0.45 },
        { id: 'B', weight: 0.3 },
        { id: 'X', weight: 0.25 },
      ],
      [
        { id: 'A', weight: 0.4 },
        { id: 'B', weight: 0.4 },
        { id: 'C', weight: 0.2 },
      ],
    );
    expect(result.activeShare).toBeCloseTo(0.3, 15);
    expect(
      result.weights.map((w) => w.id),
      'largest absolute active weight first',
    ).toEqual(['X', 'C', 'B', 'A']);
    expect(
      result.weights.map((w) => w.activeWeight).map((w) => Math.round(w * 1e12) / 1e12),
    ).toEqual([0.25, -0.2, -0.1, 0.05]);
  });
  it('is 0 against itself and 1 with no common holdings', () => {
    const fund = [
      { id: 'A', weight: 0.6 },
      { id: 'A', weight: 0.4 },
    ];
    expect(activeShare(fund, [{ id: 'A', weight: 1 }]).activeShare).toBe(0);
    expect(activeShare(fund, [{ id: 'B', weight: 1 }]).activeShare).toBe(1);
  });
});

describe('time-weighted return', () => {
  it('chains sub-period returns around external flows', () => {
    // 100 → 110, then +50 in; 160 → 152: (1.10)(152/160) − 1 = 4.5 %.
    const result = timeWeightedReturn([
      { date: '2024-01-01', value: 100 },
      { date: '2024-01-15', value: 110, flow: 50 },
      { date: '2024-01-31', value: 152 },
    ]);
    expect(result.subPeriodReturns).toEqual([0.10000000000000009, -0.050000000000000044]);
    expect(result.twr).toBeCloseTo(0.045, 15);
  });
  it('rejects too few valuations, unordered dates and a non-positive start value', () => {
    expect(() => timeWeightedReturn([{ date: '2024-01-01', value: 1 }])).toThrow(InvalidInputError);
    expect(() =>
      timeWeightedReturn([
        { date: '2024-01-02', value: 1 },
        { date: '2024-01-01', value: 1 },
      ]),
    ).toThrow(/increase/);
    expect(() =>
      timeWeightedReturn([
        { date: '2024-01-01', value: 10, flow: -10 },
        { date: '2024-01-02', value: 1 },
      ]),
    ).toThrow(/non-positive/);
  });
});

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

describe('Brinson-Fachler attribution', () => {
  it('attributes the three-region example (UK, Japan, US) and sums to the active return', () => {
    // Three-region data in the style of Bacon (2008), ch. 5: portfolio weights 40/30/30 %, returns
    // 20/−5/6 %; benchmark weights 40/20/40 %, returns 10/−4/8 %. By hand: R = 8.3 %, B = 6.4 %;
    // allocation 0 − 1.04 − 0.16 = −1.2 %, selection 4.0 − 0.2 − 0.8 = 3.0 %, interaction
    // 0 − 0.1 + 0.2 = 0.1 %; total 1.9 %.
    const result = brinsonFachler([
      {
        name: 'UK',
        portfolioWeight: 0.4,
        benchmarkWeight: 0.4,
        portfolioReturn: 0.2,
        benchmarkReturn: 0.1,
      },
      {
        name: 'Japan',
        portfolioWeight: 0.3,
        benchmarkWeight: 0.2,
        portfolioReturn: -0.05,
        benchmarkReturn: -0.04,
      },
      {
        name: 'US',
        portfolioWeight: 0.3,
        benchmarkWeight: 0.4,
        portfolioReturn: 0.06,
        benchmarkReturn: 0.08,
      },
    ]);
    expect(result.portfolioReturn).toBeCloseTo(0.083, 15);
    expect(result.benchmarkReturn).toBeCloseTo(0.064, 15);
    expect(result.allocation).toBeCloseTo(-0.012, 15);
    expect(result.selection).toBeCloseTo(0.03, 15);
    expect(result.interaction).toBeCloseTo(0.001, 15);
    expect(result.segments[1]!.allocation).toBeCloseTo(-0.0104, 15);
  });
  it('has effects summing to the active return for any weights that sum to one', () => {
    const segment = fc.record({
      w: fc.double({ min: 0, max: 1, noNaN: true }),
      W: fc.double({ min: 0, max: 1, noNaN: true }),
      r: fc.double({ min: -0.9, max: 2, noNaN: true }),
      b: fc.double({ min: -0.9, max: 2, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 10 }), (raw) => {
        const sw = raw.reduce((s, x) => s + x.w, 0) || 1;
        const sW = raw.reduce((s, x) => s + x.W, 0) || 1;
        const result = brinsonFachler(
          raw.map((x, i) => ({
            name: String(i),
            portfolioWeight: x.w / sw,
            benchmarkWeight: x.W / sW,
            portfolioReturn: x.r,
            benchmarkReturn: x.b,
          })),
        );
        if (raw.some((x) => x.w > 0) && raw.some((x) => x.W > 0)) {
          expect(result.allocation + result.selection + result.interaction).toBeCloseTo(
            result.activeReturn,
            12,
          );
        }
      }),
    );
  });
});
