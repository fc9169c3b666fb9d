import { describe, expect, it } from 'vitest';
import { RateLimiter, type Clock } from './http.ts';
import { splitByMonths, istanbulDateOfEpochMs, addMonths } from './dates.ts';

describe('RateLimiter', () => {
  it('lets N requests start in any minute and serves waiting callers in order', async () => {
    let now = 0;
    const starts: number[] = [];
    const clock: Clock = {
      now: () => now,
      sleep: (ms) => {
        now += ms;
        return Promise.resolve();
      },
    };
    const limiter = new RateLimiter(3, clock);
    await Promise.all(
      Array.from({ length: 7 }, (_, i) => limiter.acquire().then(() => starts.push(now * 10 + i))),
    );
    expect(starts).toEqual([0, 1, 2, 600_003, 600_004, 600_005, 1_200_006]);
  });
});

describe('dates', () => {
  it('splits a period into calendar-month chunks with no gap or overlap', () => {
    expect(splitByMonths('2024-11-30', '2025-03-01', 3)).toEqual([
      { from: '2024-11-30', to: '2025-02-27' },
      { from: '2025-02-28', to: '2025-03-01' },
    ]);
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
  });

  it('reads an epoch-ms instant as the Istanbul calendar day, before and after the 2016 zone change', () => {
    expect(
      istanbulDateOfEpochMs(Date.UTC(2025, 0, 1, 21, 0)),
      '21:00 UTC is midnight in UTC+3',
    ).toBe('2025-01-02');
    expect(istanbulDateOfEpochMs(Date.UTC(2015, 0, 1, 21, 30)), 'UTC+2 in winter 2015').toBe(
      '2015-01-01',
    );
    expect(istanbulDateOfEpochMs(Date.UTC(2015, 0, 1, 22, 0))).toBe('2015-01-02');
  });
});
