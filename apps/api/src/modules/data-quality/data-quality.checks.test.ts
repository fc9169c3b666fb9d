// The morning-view checks on hand-made data (issue 26, decision 0065); every expected number is
// worked out in the comment next to it.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_QUALITY_SETTINGS } from '@fonrisk/contracts';
import type { SeriesPoints } from '../market-data/quality.ts';
import {
  fundQuality,
  fxFindings,
  holdingsArrival,
  jumpFinding,
  jumpOf,
  mappingFindings,
  navComparison,
  reportedNav,
  sampleStdev,
  unchangedMarketDays,
  type CheckedLine,
  type FundCheckInput,
} from './data-quality.checks.ts';

const TODAY = '2026-03-10';

function line(p: Partial<CheckedLine> & { instrumentCode: string }): CheckedLine {
  return {
    instrumentName: null,
    currency: 'TRY',
    valueTry: 100,
    ticker: p.instrumentCode,
    needsSeries: true,
    reportedWeightPct: null,
    ...p,
  };
}

function series(ticker: string, dates: string[], values: number[]): SeriesPoints {
  return { ticker, kind: 'price', dates, values };
}

/** Business-day-like dates 2026-01-01.. counting `n` days back from today. */
function datesEndingToday(n: number): string[] {
  const end = Date.parse(`${TODAY}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) =>
    new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

describe('holdings arrival', () => {
  it('passes today, warns on an older snapshot and refuses when there is none', () => {
    expect(holdingsArrival('ABC', TODAY, TODAY)).toBeNull();
    const older = holdingsArrival('ABC', TODAY, '2026-03-09');
    expect(older).toMatchObject({
      check: 'holdingsMissing',
      severity: 'warning',
      fixRoute: 'portfolios',
    });
    expect(older?.message).toBe(
      'ABC: 10.03.2026 tarihli portföy dağılımı gelmedi; son dağılım 09.03.2026 tarihli.',
    );
    expect(holdingsArrival('ABC', TODAY, null)).toMatchObject({ severity: 'refuse' });
  });
});

describe('mapping and price', () => {
  it('weighs unmapped and unpriced lines in the NAV from holdings and skips cash', () => {
    // NAV = 600 + 300 + 100 + 0 = 1000: X unmapped 30 %, Y unpriced 10 %.
    const lines = [
      line({ instrumentCode: 'CASH', valueTry: 600, ticker: null, needsSeries: false }),
      line({ instrumentCode: 'X', instrumentName: 'X Hisse', valueTry: 300, ticker: null }),
      line({ instrumentCode: 'Y', valueTry: 100, ticker: 'YS' }),
      line({ instrumentCode: 'Z', valueTry: 0, ticker: null }),
    ];
    const found = mappingFindings('ABC', lines, new Map([['YS', series('YS', [], [])]]), TODAY);
    expect(found.map((f) => [f.check, f.instrumentCode, f.weightPct, f.fixRoute])).toEqual([
      ['unmapped', 'X', 30, 'ticker-mapper'],
      ['unpriced', 'Y', 10, 'symbol-search'],
    ]);
    expect(found[0]!.message).toBe(
      'ABC: X (X Hisse) bir fiyat serisiyle eşleştirilmemiş (FTD payı %30).',
    );
  });
});

describe('stale prices', () => {
  const moved = new Set(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-09', '2026-03-10']);
  it('counts the days the market moved since the price took its value', () => {
    // Value 5 since 03-05 (03-04 was 4): moves after 03-05 are 03-06, 03-09, 03-10 = 3 days.
    const s = series('P', ['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-09'], [4, 5, 5, 5]);
    expect(unchangedMarketDays(s, moved, TODAY)).toEqual({ days: 3, since: '2026-03-05' });
    // A value on every date since 03-03, all equal: 5 moved days after 03-03.
    const flat = series('Q', ['2026-03-03', '2026-03-10'], [7, 7]);
    expect(unchangedMarketDays(flat, moved, TODAY)).toEqual({ days: 5, since: '2026-03-03' });
    expect(unchangedMarketDays(series('E', [], []), moved, TODAY)).toBeNull();
  });

  it('finds a stale price in a fund at the threshold, not below it', () => {
    const s = series('P', ['2026-03-03', '2026-03-10'], [7, 7]);
    const input: FundCheckInput = {
      code: 'ABC',
      name: 'ABC Fonu',
      today: TODAY,
      holdingsDate: TODAY,
      lines: [line({ instrumentCode: 'P' })],
      series: new Map([['P', s]]),
      moved: new Map([['price', moved]]),
      fxDates: new Map(),
    };
    const t = { ...DEFAULT_DATA_QUALITY_SETTINGS, unmappedTolerancePct: 5 };
    expect(fundQuality(input, { ...t, staleDays: 5 }).findings.map((f) => f.check)).toEqual([
      'stalePrice',
    ]);
    expect(fundQuality(input, { ...t, staleDays: 6 }).findings).toEqual([]);
  });
});

describe('jumps', () => {
  it('sample standard deviation', () => {
    // mean 5; squares 9+1+1+9 = 20; 20 / 3.
    expect(sampleStdev([2, 4, 6, 8])).toBeCloseTo(Math.sqrt(20 / 3), 12);
  });

  it("flags today's move beyond n standard deviations of the previous moves", () => {
    // 21 previous moves alternating +1 % and -1 % around 100: 100, 101, 99.99, 100.9899...
    // The moves are ±1 % exactly, their sample stdev is about 1.0247 (21 values, mean 1/21).
    const values = [100];
    for (let i = 0; i < 21; i++) values.push(values[i]! * (i % 2 === 0 ? 1.01 : 0.99));
    values.push(values[21]! * 1.06); // today: +6 %
    const s = series('J', datesEndingToday(values.length), values);
    const moves = Array.from({ length: 21 }, (_, i) => (i % 2 === 0 ? 1 : -1));
    const sd = sampleStdev(moves);
    const j = jumpOf(s, TODAY, 5, 60);
    expect(j?.move).toBeCloseTo(6, 9);
    expect(j?.stdev).toBeCloseTo(sd, 9);
    expect(j?.ratio).toBeCloseTo(6 / sd, 9);
    expect(jumpOf(s, TODAY, 6, 60)).toBeNull(); // 6 / 1.0247 = 5.86 < 6
    // Fewer than 20 previous moves: no standard deviation to judge by.
    expect(jumpOf(s, TODAY, 5, 19)).toBeNull();
    // The latest value is not today's: nothing to judge.
    expect(jumpOf(series('J', s.dates.slice(0, -1), values.slice(0, -1)), TODAY, 5, 60)).toBeNull();
    // The message gives the move and the deviation in the series' unit: percent of a price,
    // points of a rate (the same moves read as a yield series' points: 6.00 and 1.02).
    const message = (kind: SeriesPoints['kind']) =>
      jumpFinding('F', line({ instrumentCode: 'J' }), { ...s, kind }, TODAY, DEFAULTS, 10)?.message;
    const DEFAULTS = { jumpSigma: 5, jumpWindowDays: 60 };
    expect(message('price')).toBe(
      'F: J fiyatı (J) 10.03.2026 günü %6 değişti; son 60 günün standart sapması %1,02, değişim 5,9 standart sapma (eşik 5).',
    );
    expect(message('yield')).toContain('günü puan ');
  });
});

describe('FX rates', () => {
  it('lists a currency without a rate in the last 7 days with its weight', () => {
    // NAV 1000; USD 250 (25 %), EUR 150 with a rate of 03-05 (5 days old: present).
    const lines = [
      line({ instrumentCode: 'T', valueTry: 600 }),
      line({ instrumentCode: 'U', valueTry: 250, currency: 'USD' }),
      line({ instrumentCode: 'E', valueTry: 150, currency: 'EUR' }),
    ];
    const found = fxFindings(
      'ABC',
      lines,
      new Map([
        ['USD', '2026-03-02'],
        ['EUR', '2026-03-05'],
      ]),
      TODAY,
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ check: 'fxMissing', weightPct: 25 });
    expect(found[0]!.message).toContain('son kur 02.03.2026 tarihli');
  });
});

describe('NAV comparison', () => {
  it('reads the reported NAV from the FTD (%) column and compares with the tolerance', () => {
    // The file says NAV 1000: A 600 (60 %), B 300 (30 %), C 100 (10 %). C missing from the
    // holdings: NAV from holdings 900, reported 900 / 0.9 = 1000, gap -10 %.
    const lines = [
      line({ instrumentCode: 'A', valueTry: 600, reportedWeightPct: 60 }),
      line({ instrumentCode: 'B', valueTry: 300, reportedWeightPct: 30 }),
    ];
    expect(reportedNav(lines)).toBeCloseTo(1000, 9);
    const c = navComparison('ABC', lines, 0.5);
    expect(c.nav).toBe(900);
    expect(c.gapPct).toBeCloseTo(-10, 9);
    expect(c.finding?.check).toBe('navMismatch');
    expect(navComparison('ABC', lines, 10.5).finding).toBeNull();
    expect(reportedNav([line({ instrumentCode: 'A' })])).toBeNull();
  });
});

describe('a whole fund', () => {
  it('adds the unmapped total above the tolerance and stops at a fund without holdings', () => {
    const t = { ...DEFAULT_DATA_QUALITY_SETTINGS, unmappedTolerancePct: 5 };
    const base: FundCheckInput = {
      code: 'ABC',
      name: 'ABC Fonu',
      today: TODAY,
      holdingsDate: '2026-03-09',
      lines: [
        line({ instrumentCode: 'T', valueTry: 900, ticker: null, needsSeries: false }),
        line({ instrumentCode: 'X', valueTry: 100, ticker: null }),
      ],
      series: new Map(),
      moved: new Map(),
      fxDates: new Map(),
    };
    const q = fundQuality(base, t);
    expect(q.findings.map((f) => f.check)).toEqual(['holdingsMissing', 'unmapped', 'unmapped']);
    expect(q.unmappedWeightPct).toBe(10);
    expect(q.holdingsArrived).toBe(false);
    expect(q.navFromHoldings).toBe(1000);
    const none = fundQuality({ ...base, holdingsDate: null, lines: [] }, t);
    expect(none.findings.map((f) => f.severity)).toEqual(['refuse']);
    expect(none.navFromHoldings).toBeNull();
  });
});
