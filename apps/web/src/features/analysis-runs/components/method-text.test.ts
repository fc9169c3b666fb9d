import { describe, expect, it } from 'vitest';
import { inputCodes, inputDate } from './method-text.ts';

describe('run input texts', () => {
  it('names the portfolios and dates of a run, with a dash for what it lacks', () => {
    const inputs = {
      portfolioCodes: ['AAK', 'BBK'],
      asOfDate: '2026-11-20',
      fromDate: '2026-01-02',
    };
    expect(inputCodes(inputs)).toBe('AAK, BBK');
    expect(inputDate(inputs)).toBe('20.11.2026');
    expect(inputDate(inputs, 'fromDate')).toBe('02.01.2026');
    expect(inputDate(inputs, 'toDate')).toBe('–');
    expect(inputCodes({})).toBe('–');
  });
});
