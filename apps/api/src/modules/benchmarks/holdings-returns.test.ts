import { describe, expect, it } from 'vitest';
import { holdingsReturns, type HoldingsReturnsInput } from './holdings-returns.ts';

const values = (points: Record<string, number>) => new Map(Object.entries(points));

/**
 * A TRY share (HIS: 100 → 110 → 121), a USD share (YAB: 10 → 10 → 11 → 12 USD at 30 → 33 → 33 → 33
 * TRY) and an instrument without a mapping (NAK). Snapshots on 30 Jan (600 / 300 / 100) and
 * 3 Feb (200 / 800).
 */
const base: HoldingsReturnsInput = {
  from: '2025-01-01',
  to: '2025-02-28',
  snapshots: [
    {
      date: '2025-02-03',
      positions: [
        { instrumentCode: 'HIS', instrumentName: 'Hisse', valueTry: 200 },
        { instrumentCode: 'YAB', instrumentName: 'Yabancı Hisse', valueTry: 800 },
      ],
    },
    {
      date: '2025-01-30',
      positions: [
        { instrumentCode: 'HIS', instrumentName: 'Hisse', valueTry: 600 },
        { instrumentCode: 'YAB', instrumentName: 'Yabancı Hisse', valueTry: 300 },
        { instrumentCode: 'NAK', instrumentName: 'Eşlenmemiş', valueTry: 100 },
        { instrumentCode: 'VOB', instrumentName: 'Vadeli', valueTry: 0 },
      ],
    },
  ],
  mappings: new Map([
    ['HIS', 'S.HIS'],
    ['YAB', 'S.YAB'],
  ]),
  series: new Map([
    [
      'S.HIS',
      {
        currency: 'TRY',
        values: values({ '2025-01-30': 100, '2025-01-31': 110, '2025-02-03': 121 }),
      },
    ],
    [
      'S.YAB',
      {
        currency: 'USD',
        values: values({ '2025-01-30': 10, '2025-01-31': 10, '2025-02-03': 11, '2025-02-04': 12 }),
      },
    ],
  ]),
  fx: new Map([['USD', values({ '2025-01-30': 30, '2025-01-31': 33, '2025-02-03': 33 })]]),
};

describe('holdingsReturns', () => {
  it('values the frozen holdings of the latest snapshot, drifting until the next one (hand-computed)', () => {
    const { points, unmapped } = holdingsReturns(base);
    expect(points.map((p) => p.date)).toEqual([
      '2025-01-30',
      '2025-01-31',
      '2025-02-03',
      '2025-02-04',
    ]);
    expect(points[0]).toEqual({ date: '2025-01-30', return: 0, index: 100 });
    // 31 Jan on the 30 Jan holdings: 600·1.1 + 300·(10·33)/(10·30) + 100 = 660 + 330 + 100 = 1090.
    expect(points[1]!.return).toBeCloseTo(0.09, 12);
    expect(points[1]!.index).toBeCloseTo(109, 10);
    // 3 Feb, still the 30 Jan holdings (drifted): 600·1.21 + 300·(11·33)/300 + 100 = 726 + 363 + 100 = 1189.
    expect(points[2]!.return).toBeCloseTo(1189 / 1090 - 1, 12);
    expect(points[2]!.index, 'chained index equals the frozen value ratio').toBeCloseTo(118.9, 10);
    // 4 Feb on the 3 Feb holdings: HIS has no value (carried, flat), YAB 11 → 12 USD at 33.
    expect(points[3]!.return).toBeCloseTo((200 + (800 * 12) / 11) / 1000 - 1, 12);
    expect(points[3]!.index).toBeCloseTo(118.9 * (1 + 800 / 11 / 1000), 10);
    expect(unmapped, 'the zero-valued future is ignored').toEqual([
      {
        instrumentCode: 'NAK',
        instrumentName: 'Eşlenmemiş',
        maxWeightPct: 10,
        reason: 'eşlenmiş seri yok',
      },
    ]);
  });

  it('starts at `from` with the latest snapshot before it', () => {
    const { points } = holdingsReturns({ ...base, from: '2025-01-31' });
    expect(points.map((p) => p.date)).toEqual(['2025-01-31', '2025-02-03', '2025-02-04']);
    expect(points[1]!.index).toBeCloseTo((100 * 1189) / 1090, 10);
  });

  it('starts on the first snapshot when `from` is earlier, and stops at `to`', () => {
    const { points } = holdingsReturns({ ...base, to: '2025-01-31' });
    expect(points.map((p) => p.date)).toEqual(['2025-01-30', '2025-01-31']);
  });

  it('holds a position without an FX rate at a zero return and says why', () => {
    const { points, unmapped } = holdingsReturns({ ...base, to: '2025-01-31', fx: new Map() });
    // 600·1.1 + 300 + 100 = 1060.
    expect(points[1]!.index).toBeCloseTo(106, 10);
    expect(unmapped.map((u) => [u.instrumentCode, u.maxWeightPct, u.reason])).toEqual([
      ['YAB', 30, "'USD' için döviz kuru yok"],
      ['NAK', 10, 'eşlenmiş seri yok'],
    ]);
  });

  it('holds a position whose series has no value on the snapshot date at a zero return', () => {
    const late = new Map([
      ...base.series,
      ['S.HIS', { currency: 'TRY', values: values({ '2025-01-31': 110, '2025-02-03': 121 }) }],
    ]);
    const { points, unmapped } = holdingsReturns({ ...base, to: '2025-01-31', series: late });
    expect(points[1]!.index).toBeCloseTo(103, 10); // 600 + 330 + 100
    expect(unmapped[0]).toMatchObject({
      instrumentCode: 'HIS',
      reason: "'S.HIS' serisinde değer yok",
    });
  });

  it('answers no points without a snapshot on or before `to`', () => {
    expect(holdingsReturns({ ...base, to: '2025-01-29' })).toEqual({ points: [], unmapped: [] });
  });
});
