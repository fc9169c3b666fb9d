import { describe, expect, it } from 'vitest';
import { type DailyOutcome, planBreachTracking } from './tracking.ts';

const day = (date: string, status: DailyOutcome['status'], value = 0.11): DailyOutcome => ({
  portfolioCode: 'DHS',
  criterionCode: 'SPK-TEK-IHRACCI',
  date,
  status,
  value,
});

describe('planBreachTracking', () => {
  it('opens on the first failing day, extends while failing, resolves on the first passing day', () => {
    const plan = planBreachTracking(
      [],
      [
        day('2026-01-05', 'pass'),
        day('2026-01-07', 'breach', 0.12),
        day('2026-01-06', 'breach', 0.11),
        day('2026-01-08', 'pass'),
        day('2026-01-09', 'warning', 0.105),
      ],
    );
    expect(plan).toEqual([
      {
        kind: 'open',
        outcome: day('2026-01-06', 'breach', 0.11),
        lastDate: '2026-01-07',
        lastValue: 0.12,
        resolvedDate: '2026-01-08',
      },
      {
        kind: 'open',
        outcome: day('2026-01-09', 'warning', 0.105),
        lastDate: '2026-01-09',
        lastValue: 0.105,
        resolvedDate: null,
      },
    ]);
  });

  it('a followed breach is extended by later failing days and closed by a later pass; earlier days change nothing', () => {
    const followed = [
      {
        id: 7,
        portfolioCode: 'DHS',
        criterionCode: 'SPK-TEK-IHRACCI',
        firstDate: '2026-01-02',
        lastDate: '2026-01-06',
      },
    ];
    expect(
      planBreachTracking(followed, [day('2026-01-05', 'pass'), day('2026-01-06', 'pass')]),
    ).toEqual([]);
    expect(planBreachTracking(followed, [day('2026-01-07', 'breach', 0.13)])).toEqual([
      { kind: 'update', id: 7, lastDate: '2026-01-07', lastValue: 0.13, resolvedDate: null },
    ]);
    expect(planBreachTracking(followed, [day('2026-01-07', 'pass')])).toEqual([
      {
        kind: 'update',
        id: 7,
        lastDate: '2026-01-06',
        lastValue: null,
        resolvedDate: '2026-01-07',
      },
    ]);
  });
});
