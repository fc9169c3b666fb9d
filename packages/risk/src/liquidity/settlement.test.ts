import { describe, expect, it } from 'vitest';
import { TURKISH_CALENDAR, createTurkishCalendar } from '../dates/turkish-calendar.ts';
import { createBusinessCalendar } from '../dates/calendar.ts';
import { InvalidInputError } from '../errors.ts';
import {
  liquidationTradeDate,
  positionSettlementDates,
  settledByPayment,
  settlementDate,
} from './settlement.ts';

// Calendar facts (Law 2429; Diyanet "Dini Günler 2025", Resmî Gazete announcement): Kurban
// Bayramı 2025 is Friday 6 – Monday 9 June with Thursday 5 June a half day (arife); 29 October
// (Wednesday in 2025) is Cumhuriyet Bayramı with Tuesday 28 October a half day. A half day is a
// business day (Borsa İstanbul morning session, Takasbank settles; decision 0016).
const cal = TURKISH_CALENDAR;

describe('T+n settlement dates on the Turkish calendar', () => {
  it('moves a T+2 from Wednesday 4 June 2025 over Kurban Bayramı to Tuesday 10 June', () => {
    // T = 04.06 (Wed); T+1 = 05.06 (Thu, half day, open); 06.06 Fri – 09.06 Mon closed
    // (Bayram and the weekend between); T+2 = 10.06 (Tue).
    expect(settlementDate('2025-06-04', 1, cal)).toBe('2025-06-05');
    expect(settlementDate('2025-06-04', 2, cal)).toBe('2025-06-10');
    // A trade on the eve itself: T+1 = 10.06, T+2 = 11.06.
    expect(settlementDate('2025-06-05', 2, cal)).toBe('2025-06-11');
  });

  it('moves a T+2 from Monday 27 October 2025 over 29 October to Thursday 30 October', () => {
    // T = 27.10 (Mon); T+1 = 28.10 (Tue, half day, open); 29.10 closed; T+2 = 30.10 (Thu).
    expect(settlementDate('2025-10-27', 2, cal)).toBe('2025-10-30');
    expect(settlementDate('2025-10-28', 1, cal)).toBe('2025-10-30');
  });

  it('respects a calendar override: the eve made a full holiday pushes T+2 to 11 June', () => {
    const closed = createTurkishCalendar([
      { date: '2025-06-05', kind: 'holiday', name: 'Kurban Bayramı arifesi (tam gün)' },
    ]);
    expect(settlementDate('2025-06-04', 2, closed)).toBe('2025-06-11');
    // …and a built-in holiday opened again shortens it.
    const opened = createTurkishCalendar([
      { date: '2025-06-09', kind: 'businessDay', name: 'Açık' },
    ]);
    expect(settlementDate('2025-06-04', 2, opened)).toBe('2025-06-09');
  });

  it('starts a liquidation decided on a holiday or weekend on the next business day', () => {
    expect(liquidationTradeDate('2025-06-07', cal)).toBe('2025-06-10');
    expect(liquidationTradeDate('2025-06-04', cal)).toBe('2025-06-04');
    // T+0 of a Saturday decision is the Monday.
    expect(settlementDate('2025-11-01', 0, cal)).toBe('2025-11-03');
  });

  it('refuses a negative or fractional lag', () => {
    expect(() => settlementDate('2025-06-04', -1, cal)).toThrow(InvalidInputError);
    expect(() => settlementDate('2025-06-04', 1.5, cal)).toThrow(InvalidInputError);
  });
});

describe('positionSettlementDates', () => {
  it('gives the last trade date (day ⌈DTL⌉) and the cash date (+ the valör)', () => {
    // From 02.06.2025 (Mon), 3.2 days to liquidate: trades 02, 03, 04, 05.06 (4 days) → ends
    // 05.06 (half day); equity T+2: 10.06, 11.06 → cash 11.06.
    expect(positionSettlementDates('2025-06-02', 3.2, 2, cal)).toEqual({
      liquidationEndDate: '2025-06-05',
      cashDate: '2025-06-11',
    });
    // One day (or an immediately sellable line, DTL = 0) ends on T; repo T+0 is cash on T.
    expect(positionSettlementDates('2025-06-02', 1, 0, cal)).toEqual({
      liquidationEndDate: '2025-06-02',
      cashDate: '2025-06-02',
    });
    expect(positionSettlementDates('2025-06-02', 0, 1, cal).cashDate).toBe('2025-06-03');
  });

  it('has no dates for a position that cannot be sold (no volume: DTL = ∞)', () => {
    expect(positionSettlementDates('2025-06-02', Number.POSITIVE_INFINITY, 2, cal)).toEqual({
      liquidationEndDate: null,
      cashDate: null,
    });
    expect(() => positionSettlementDates('2025-06-02', -1, 2, cal)).toThrow(InvalidInputError);
  });

  it('counts only weekends on a calendar without holidays', () => {
    const plain = createBusinessCalendar();
    expect(positionSettlementDates('2025-06-04', 2, 2, plain)).toEqual({
      liquidationEndDate: '2025-06-05',
      cashDate: '2025-06-09',
    });
  });
});

describe('settledByPayment', () => {
  it('counts the trade days that still settle by the payment date', () => {
    // Payment T+2. Equity (T+2) trades 1 day in time: 1/4 of a 4-day position, all of a 1-day one.
    expect(settledByPayment(1000, 4, 2, 2)).toBeCloseTo(250, 12);
    expect(settledByPayment(1000, 1, 2, 2)).toBe(1000);
    // Bonds (T+1) trade 2 days: 2/4; repo (T+0) trades 3 days: 3/4.
    expect(settledByPayment(1000, 4, 1, 2)).toBeCloseTo(500, 12);
    expect(settledByPayment(1000, 4, 0, 2)).toBeCloseTo(750, 12);
    // A T+2 asset cannot fund a T+1 payment at all.
    expect(settledByPayment(1000, 0, 2, 1)).toBe(0);
    expect(settledByPayment(1000, 0, 1, 1)).toBe(1000);
    expect(settledByPayment(1000, Number.POSITIVE_INFINITY, 0, 5)).toBe(0);
  });

  it('refuses bad lags', () => {
    expect(() => settledByPayment(1, 1, -1, 2)).toThrow(InvalidInputError);
    expect(() => settledByPayment(1, 1, 1, 0.5)).toThrow(InvalidInputError);
  });
});
