import { describe, expect, it } from 'vitest';
import { type DailyOutcome, planBreachTracking } from './tracking.ts';

const day = (date: string, status: DailyOutcome['status'], value = 0.11): DailyOutcome => ({
  portfolioCode: 'DHS',
  criterionCode: 'SPK-TEK-IHRACCI',
  criterionId: 3,
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
        criterionId: 3,
        status: 'open',
        firstDate: '2026-01-02',
        lastDate: '2026-01-06',
        resolvedDate: null,
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

  it('a day inside a registered breach of the same criterion version, resolved or not, changes nothing', () => {
    const resolved = {
      id: 9,
      portfolioCode: 'DHS',
      criterionCode: 'SPK-TEK-IHRACCI',
      criterionId: 3,
      status: 'resolved',
      firstDate: '2026-01-06',
      lastDate: '2026-01-07',
      resolvedDate: '2026-01-08',
    };
    const range = [
      day('2026-01-05', 'pass'),
      day('2026-01-06', 'breach', 0.11),
      day('2026-01-07', 'breach', 0.12),
      day('2026-01-08', 'pass'),
    ];
    expect(planBreachTracking([resolved], range)).toEqual([]);
    // A later failing day is a new breach; a new criterion version audits the days afresh.
    expect(planBreachTracking([resolved], [...range, day('2026-01-09', 'breach', 0.13)])).toEqual([
      {
        kind: 'open',
        outcome: day('2026-01-09', 'breach', 0.13),
        lastDate: '2026-01-09',
        lastValue: 0.13,
        resolvedDate: null,
      },
    ]);
    expect(planBreachTracking([{ ...resolved, criterionId: 2 }], range)).toHaveLength(1);
  });

  it('a new breach running into a recorded one stops at its last unrecorded day', () => {
    const recorded = {
      id: 9,
      portfolioCode: 'DHS',
      criterionCode: 'SPK-TEK-IHRACCI',
      criterionId: 3,
      status: 'resolved',
      firstDate: '2026-01-07',
      lastDate: '2026-01-07',
      resolvedDate: '2026-01-08',
    };
    expect(
      planBreachTracking(
        [recorded],
        [day('2026-01-06', 'breach', 0.11), day('2026-01-07', 'breach', 0.12)],
      ),
    ).toEqual([
      {
        kind: 'open',
        outcome: day('2026-01-06', 'breach', 0.11),
        lastDate: '2026-01-06',
        lastValue: 0.11,
        resolvedDate: null,
      },
    ]);
  });
});
