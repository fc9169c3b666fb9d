import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brinsonFachler } from './brinson-fachler.ts';

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
