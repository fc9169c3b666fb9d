import { describe, expect, it } from 'vitest';
import { edhec } from '../../test/reference-data.ts';
import { InsufficientHistoryError, InvalidInputError, LengthMismatchError } from '../errors.ts';
import { createRng } from '../math/random.ts';
import { sampleCovariance } from '../stats/moments.ts';
import { centredPanel, covarianceMatrix, covarianceRows } from './covariance.ts';

/** Naive reference: the pairwise sample covariance Σ(x − x̄)(y − ȳ)/(n − 1) of every pair. */
function naive(columns: Float64Array[]): number[][] {
  return columns.map((x) => columns.map((y) => sampleCovariance(x, y)));
}

const kernels = ['simd', 'javascript'] as const;

function expectMatchesNaive(columns: Float64Array[], kernel: (typeof kernels)[number]): void {
  const fast = covarianceMatrix(columns, { kernel });
  const ref = naive(columns);
  const n = columns.length;
  expect(fast.size).toBe(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const want = ref[i]![j]!;
      const got = fast.data[i * n + j]!;
      // 1e-12 relative to the scale of the pair (|cov| can be near 0 for uncorrelated columns).
      const scale = Math.sqrt(ref[i]![i]! * ref[j]![j]!);
      expect(Math.abs(got - want), `cov[${i}][${j}]`).toBeLessThanOrEqual(1e-12 * scale);
      expect(got, `symmetric at ${i},${j}`).toBe(fast.data[j * n + i]);
    }
  }
}

describe.each(kernels)('covarianceMatrix (%s kernel) against the pairwise definition', (kernel) => {
  it('agrees to 1e-12 relative for 1 to 11 columns, covering every remainder of the 4-row and 2-column blocks', () => {
    const rng = createRng(11);
    for (let n = 1; n <= 11; n++) {
      for (const t of [2, 3, 4, 7, 61, 62]) {
        const cols = Array.from({ length: n }, (_, i) =>
          Float64Array.from({ length: t }, () => 0.01 * (i + 1) * rng.normal() + 0.001 * i),
        );
        expectMatchesNaive(cols, kernel);
      }
    }
  });

  it('agrees on the 13 edhec style indices (293 months)', () => {
    const names = Object.keys(edhec).filter((k) => k !== 'dates') as (keyof typeof edhec)[];
    expectMatchesNaive(
      names.map((k) => Float64Array.from(edhec[k] as number[])),
      kernel,
    );
  });

  it('rejects short, ragged and non-finite input with the offending values', () => {
    expect(() => covarianceMatrix([])).toThrow(InsufficientHistoryError);
    expect(() => covarianceMatrix([[1]])).toThrow('2 observations required, got 1');
    expect(() => covarianceMatrix([[1, 2], [1, 2], [1]])).toThrow(LengthMismatchError);
    expect(() =>
      covarianceMatrix([
        [1, 2],
        [1, Number.NaN],
      ]),
    ).toThrow(InvalidInputError);
  });
});

describe('covariance in row ranges (for callers that split the work across threads)', () => {
  it.each(kernels)(
    'gives exactly the one-pass matrix when the rows are split into disjoint ranges (%s kernel)',
    (kernel) => {
      const rng = createRng(5);
      for (const n of [9, 12, 13]) {
        const cols = Array.from({ length: n }, () =>
          Float64Array.from({ length: 41 }, () => rng.normal()),
        );
        const whole = covarianceMatrix(cols, { kernel });
        const panel = centredPanel(cols, new Float64Array(n * 41));
        const out = new Float64Array(n * n);
        // Ranges in reverse order, including one that starts in the leftover rows.
        const cuts = n === 13 ? [0, 4, 8, 12, 13] : [0, 4, 8, n];
        for (let r = cuts.length - 2; r >= 0; r--)
          covarianceRows(panel, out, cuts[r]!, cuts[r + 1]!, { kernel });
        expect(Array.from(out), `n = ${n}`).toEqual(Array.from(whole.data));
      }
    },
  );

  it('the SIMD and JavaScript kernels differ only by rounding (sums in another order)', () => {
    const rng = createRng(8);
    const cols = Array.from({ length: 24 }, () =>
      Float64Array.from({ length: 251 }, () => 0.02 * rng.normal()),
    );
    const simd = covarianceMatrix(cols).data;
    const js = covarianceMatrix(cols, { kernel: 'javascript' }).data;
    simd.forEach((v, i) => expect(Math.abs(v - js[i]!)).toBeLessThanOrEqual(1e-15));
  });

  it('rejects a misaligned or out-of-bounds range and an output of the wrong size', () => {
    const panel = centredPanel([
      [1, 2, 3],
      [2, 3, 5],
      [0, 1, 0],
      [4, 4, 1],
      [3, 1, 2],
    ]);
    const out = new Float64Array(25);
    expect(() => covarianceRows(panel, out, 2, 4)).toThrow(
      'row range [2, 4) of 5 rows is not 4-aligned',
    );
    expect(() => covarianceRows(panel, out, 0, 6)).toThrow(InvalidInputError);
    expect(() =>
      covarianceRows(
        centredPanel([
          [1, 2],
          [2, 1],
          [0, 1],
          [3, 3],
          [1, 1],
          [2, 2],
          [4, 1],
          [0, 0],
          [1, 3],
        ]),
        new Float64Array(81),
        0,
        6,
      ),
    ).toThrow('row range [0, 6) of 9 rows is not 4-aligned');
    expect(() => covarianceRows(panel, out, 4, 3)).toThrow(InvalidInputError);
    expect(() => covarianceRows(panel, out, -4, 3)).toThrow(InvalidInputError);
    expect(() => covarianceRows(panel, new Float64Array(24), 0, 5)).toThrow(LengthMismatchError);
    expect(() => centredPanel([[1]])).toThrow(InsufficientHistoryError);
    expect(() => centredPanel([[1, 2]], new Float64Array(3))).toThrow(LengthMismatchError);
  });
});
