import { describe, expect, it } from 'vitest';
import {
  InsufficientHistoryError,
  InvalidInputError,
  LengthMismatchError,
  NotPositiveDefiniteError,
} from '@fonrisk/risk';
import { riskErrorText } from './errors.ts';

describe('riskErrorText: the risk library errors in Turkish', () => {
  it('says how much history is needed, in the unit the library counted', () => {
    expect(riskErrorText(new InsufficientHistoryError(250, 180))).toBe(
      'yetersiz veri: en az 250 gözlem gerekir, 180 var',
    );
    expect(riskErrorText(new InsufficientHistoryError(52, 10, 'weekly returns'))).toBe(
      'yetersiz veri: en az 52 haftalık getiri gerekir, 10 var',
    );
    expect(riskErrorText(new InsufficientHistoryError(2, 1, 'dates'))).toBe(
      'yetersiz veri: en az 2 tarih gerekir, 1 var',
    );
  });

  it('keeps the offending values of the other errors after a Turkish lead', () => {
    expect(riskErrorText(new LengthMismatchError('benchmark', 10, 9))).toBe(
      'seri uzunlukları uyuşmuyor (benchmark: expected length 10, got 9)',
    );
    expect(riskErrorText(new NotPositiveDefiniteError(3, -0.5))).toMatch(
      /^kovaryans matrisi pozitif tanımlı değil \(.*pivot 3 is -0\.5\)$/,
    );
    expect(riskErrorText(new InvalidInputError('confidenceLevel must be in (0, 1), got 1.2'))).toBe(
      'geçersiz girdi (confidenceLevel must be in (0, 1), got 1.2)',
    );
  });
});
