import { describe, expect, it } from 'vitest';
import { initialFundStatsForm } from './fund-stats-form-model.ts';

describe('the fund statistics form', () => {
  it('opens on the year up to today in Istanbul, also after midnight there', () => {
    // 01:30 on 22.11.2026 in Istanbul, still 21.11 in UTC.
    const form = initialFundStatsForm(new Date('2026-11-21T22:30:00Z'));
    expect([form.fromDate, form.toDate]).toEqual(['2025-11-22', '2026-11-22']);
  });
});
