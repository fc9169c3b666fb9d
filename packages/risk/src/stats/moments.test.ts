import { describe, expect, it } from 'vitest';
import { managers } from '../../test/reference-data.ts';
import { InsufficientHistoryError } from '../errors.ts';
import {
  centralMoment,
  excessKurtosis,
  mean,
  sampleCovariance,
  sampleStdDev,
  sampleVariance,
  skewness,
} from './moments.ts';

/** Rows where every named managers column has a value (na.omit of the merged series). */
function complete(...names: (keyof typeof managers)[]): Float64Array[] {
  const cols = names.map((n) => managers[n] as (number | null)[]);
  const rows = cols[0]!.map((_, i) => i).filter((i) => cols.every((c) => c[i] !== null));
  return cols.map((c) => Float64Array.from(rows, (i) => c[i]!));
}
const [ham1] = complete('HAM1');

describe('moments', () => {
  // scipy 1.17.1: stats.skew(HAM1) / stats.kurtosis(HAM1) (bias=True; bias=False for fisher).
  it('matches scipy skew and kurtosis on managers HAM1 to 1e-12', () => {
    expect(skewness(ham1!)).toBeCloseTo(-0.6588444914834322, 12);
    expect(excessKurtosis(ham1!)).toBeCloseTo(2.3615887598376437, 12);
    expect(skewness(ham1!, { method: 'fisher' })).toBeCloseTo(-0.6664417257674924, 12);
    expect(excessKurtosis(ham1!, { method: 'fisher' })).toBeCloseTo(2.500415084236807, 12);
  });

  it('returns null for the shape of a flat series and throws on too little data', () => {
    expect(skewness([1, 1, 1])).toBeNull();
    expect(excessKurtosis([1, 1, 1, 1])).toBeNull();
    expect(() => skewness([1, 2])).toThrow(InsufficientHistoryError);
    expect(() => excessKurtosis([1, 2, 3])).toThrow('4 observations required, got 3');
    expect(() => mean([])).toThrow(InsufficientHistoryError);
    expect(() => sampleVariance([1])).toThrow(InsufficientHistoryError);
    expect(() => sampleCovariance([1], [2])).toThrow(InsufficientHistoryError);
    expect(() => mean([1, Number.NaN])).toThrow('values[1] must be a finite number, got NaN');
  });

  it('computes sample and population moments', () => {
    expect(sampleVariance([1, 2, 3, 4])).toBeCloseTo(5 / 3, 15);
    expect(centralMoment([1, 2, 3, 4], 2)).toBeCloseTo(1.25, 15);
    expect(sampleStdDev([2, 4])).toBeCloseTo(Math.SQRT2, 15);
    expect(sampleCovariance([1, 2, 3], [2, 4, 6])).toBeCloseTo(2, 15);
  });
});
