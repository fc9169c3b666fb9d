import { describe, expect, it } from 'vitest';
import { STALE_RUN_MIN_DAYS } from '@fonrisk/contracts';
import { hasPossibleStaleRun, type PackedSeries } from './quality.ts';

function packed(values: number[]): PackedSeries {
  return {
    ticker: 'T',
    kind: 'index',
    days: Int32Array.from(values, (_, i) => 9000 + i),
    values: Float64Array.from(values),
  };
}

describe('hasPossibleStaleRun (a series detail reads its kind only when it may have a stale run)', () => {
  it('finds a run of STALE_RUN_MIN_DAYS equal values, at the start, in the middle or at the end', () => {
    const run = Array.from({ length: STALE_RUN_MIN_DAYS }, () => 7);
    expect(hasPossibleStaleRun(packed(run))).toBe(true);
    expect(hasPossibleStaleRun(packed([1, 2, ...run, 3]))).toBe(true);
    expect(hasPossibleStaleRun(packed([1, 2, 3, ...run]))).toBe(true);
  });

  it('finds none in a shorter run, a moving series or an empty one', () => {
    const short = Array.from({ length: STALE_RUN_MIN_DAYS - 1 }, () => 7);
    expect(hasPossibleStaleRun(packed([1, ...short, 2, ...short]))).toBe(false);
    expect(hasPossibleStaleRun(packed([1, 2, 3, 4, 5, 6, 7, 8]))).toBe(false);
    expect(hasPossibleStaleRun(packed([]))).toBe(false);
  });
});
