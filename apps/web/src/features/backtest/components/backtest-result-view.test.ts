import { describe, expect, it } from 'vitest';
import { spkVerdict } from './backtest-result-view.tsx';

describe('SPK backtest verdict', () => {
  it('asks for a model review above 3 exceptions and a report to SPK above 5', () => {
    expect(spkVerdict({ spkReviewRequired: false, spkReportRequired: false }).text).toBe(
      'Uygun (3 veya daha az aşım)',
    );
    expect(spkVerdict({ spkReviewRequired: true, spkReportRequired: false }).color).toBe('orange');
    expect(spkVerdict({ spkReviewRequired: true, spkReportRequired: true }).text).toBe(
      'SPK’ya bildirilmeli (5’ten fazla aşım)',
    );
  });
});
