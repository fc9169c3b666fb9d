import { describe, expect, it } from 'vitest';
import { parseTurkishDate } from './parse-turkish-date.ts';
import { presetStart, todayIso } from './date-range.ts';

describe('date helpers', () => {
  it('counts presets back in months, clamped to the month end', () => {
    expect(presetStart('2026-03-31', '1M')).toBe('2026-02-28');
    expect(presetStart('2024-03-31', '1M')).toBe('2024-02-29');
    expect(presetStart('2026-01-15', '3M')).toBe('2025-10-15');
    expect(presetStart('2026-06-30', '3Y')).toBe('2023-06-30');
    expect(presetStart('2026-06-30', 'ALL')).toBeNull();
  });

  it('reads dates typed the Turkish way and refuses impossible ones', () => {
    expect(parseTurkishDate('21.11.2026')).toBe('2026-11-21');
    expect(parseTurkishDate('1/2/2026')).toBe('2026-02-01');
    expect(parseTurkishDate('2026-11-21')).toBe('2026-11-21');
    expect(parseTurkishDate('30.02.2026')).toBeNull();
    expect(parseTurkishDate('yarın')).toBeNull();
  });

  it('gives today in Istanbul', () => {
    expect(
      todayIso(new Date('2026-11-21T22:30:00Z')),
      'past 21:00 UTC it is already the next day in Istanbul',
    ).toBe('2026-11-22');
  });
});
