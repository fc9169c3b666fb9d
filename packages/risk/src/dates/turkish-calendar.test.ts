import { describe, expect, it } from 'vitest';
import { formatIsoDate, parseIsoDate } from './date.ts';
import { addBusinessDays, adjustBusinessDay } from './calendar.ts';
import {
  CALENDAR_DAY_SOURCES,
  RELIGIOUS_HOLIDAYS_ANNOUNCED_THROUGH,
  TURKISH_CALENDAR,
  TURKISH_RELIGIOUS_HOLIDAYS,
  businessDaysInRange,
  createTurkishCalendar,
  turkishCalendarDays,
} from './turkish-calendar.ts';

const d = parseIsoDate;
const cal = TURKISH_CALENDAR;

// Expected values: Law 2429 and the 2025 holidays as announced (Diyanet "Dini Günler 2025":
// Ramazan Bayramı 30.03-01.04.2025, arife 29.03; Kurban Bayramı 06-09.06.2025, arife 05.06).
describe('the Turkish calendar around Kurban Bayramı 2025', () => {
  it('closes 6-9 June, keeps the eve as a half day and reopens on 10 June', () => {
    expect(cal.isBusinessDay(d('2025-06-04'))).toBe(true);
    expect(cal.isBusinessDay(d('2025-06-05'))).toBe(true);
    expect(cal.isHalfDay(d('2025-06-05'))).toBe(true);
    expect(cal.dayOf(d('2025-06-05'))?.name).toBe('Kurban Bayramı arifesi');
    for (const day of ['2025-06-06', '2025-06-07', '2025-06-08', '2025-06-09'])
      expect(cal.isBusinessDay(d(day)), day).toBe(false);
    expect(cal.dayOf(d('2025-06-09'))?.name).toBe('Kurban Bayramı 4. gün');
    expect(cal.isBusinessDay(d('2025-06-10'))).toBe(true);
    expect(cal.isHalfDay(d('2025-06-10'))).toBe(false);
  });
  it('settles a trade of the eve on the next business day after the Bayram (T+1, T+2)', () => {
    expect(formatIsoDate(addBusinessDays(d('2025-06-05'), 1, cal))).toBe('2025-06-10');
    expect(formatIsoDate(addBusinessDays(d('2025-06-05'), 2, cal))).toBe('2025-06-11');
    expect(formatIsoDate(adjustBusinessDay(d('2025-06-07'), cal, 'following'))).toBe('2025-06-10');
    expect(formatIsoDate(adjustBusinessDay(d('2025-06-07'), cal, 'preceding'))).toBe('2025-06-05');
  });
  it('lists the business days of the week of the Bayram', () => {
    expect(businessDaysInRange('2025-06-02', '2025-06-13', cal)).toEqual([
      '2025-06-02',
      '2025-06-03',
      '2025-06-04',
      '2025-06-05',
      '2025-06-10',
      '2025-06-11',
      '2025-06-12',
      '2025-06-13',
    ]);
  });
});

describe('built-in days', () => {
  it('has the fixed holidays, 15 July only from 2017, and the 28 October half day', () => {
    expect(cal.isBusinessDay(d('2024-04-23'))).toBe(false);
    expect(cal.isBusinessDay(d('2016-07-15'))).toBe(true);
    expect(cal.isBusinessDay(d('2019-07-15'))).toBe(false);
    expect(cal.isHalfDay(d('2025-10-28'))).toBe(true);
    expect(cal.isBusinessDay(d('2025-10-29'))).toBe(false);
  });
  it('has Ramazan Bayramı 2025 (30 March - 1 April) with the eve on Saturday 29 March', () => {
    expect(cal.isBusinessDay(d('2025-03-28'))).toBe(true);
    expect(cal.isBusinessDay(d('2025-03-31'))).toBe(false);
    expect(cal.isBusinessDay(d('2025-04-01'))).toBe(false);
    expect(cal.isBusinessDay(d('2025-04-02'))).toBe(true);
    expect(cal.dayOf(d('2025-03-29'))?.kind).toBe('halfDay');
  });
  it('covers 2015-2035, each year with 3 + 4 Bayram days and their eves', () => {
    expect(TURKISH_RELIGIOUS_HOLIDAYS.map((y) => y.year)).toEqual(
      Array.from({ length: 21 }, (_, i) => 2015 + i),
    );
    const days2024 = turkishCalendarDays(2024, 2024);
    expect(
      days2024.filter((x) => x.kind === 'holiday' && x.name.startsWith('Ramazan')).length,
    ).toBe(3);
    expect(days2024.filter((x) => x.kind === 'holiday' && x.name.startsWith('Kurban')).length).toBe(
      4,
    );
    expect(days2024.filter((x) => x.kind === 'halfDay').map((x) => x.date)).toEqual([
      '2024-04-09',
      '2024-06-15',
      '2024-10-28',
    ]);
    // Two Ramazan Bayramı in 2033; not yet confirmed officially.
    const y2033 = turkishCalendarDays(2033, 2033).filter(
      (x) => x.name === 'Ramazan Bayramı 1. gün',
    );
    expect(y2033.map((x) => [x.date, x.confirmed])).toEqual([
      ['2033-01-02', false],
      ['2033-12-23', false],
    ]);
  });
  it('marks religious holidays after the announced years provisional, with their source (decision 0057)', () => {
    const ramazan = (year: number) =>
      turkishCalendarDays(year, year).filter((x) => x.name.startsWith('Ramazan Bayramı'));
    // 2027: 8 March eve, 9-11 March here; another public calendar has 10-12 March.
    expect(ramazan(2027).map((x) => [x.date, x.confirmed])).toEqual([
      ['2027-03-08', false],
      ['2027-03-09', false],
      ['2027-03-10', false],
      ['2027-03-11', false],
    ]);
    expect(ramazan(2027)[1]!.source).toBe(CALENDAR_DAY_SOURCES.provisional);
    expect(CALENDAR_DAY_SOURCES.provisional).toMatch(/^Geçici: Diyanet.*resmî ilanı bekleniyor/);
    expect(ramazan(2026).every((x) => x.confirmed)).toBe(true);
    expect(ramazan(2026)[0]!.source).toBe(CALENDAR_DAY_SOURCES.announced);
    expect(RELIGIOUS_HOLIDAYS_ANNOUNCED_THROUGH).toBe(2026);
    const fixed = turkishCalendarDays(2030, 2030).find((x) => x.date === '2030-04-23')!;
    expect([fixed.confirmed, fixed.source]).toEqual([true, CALENDAR_DAY_SOURCES.law]);
    const edited = createTurkishCalendar([{ date: '2027-03-12', kind: 'holiday', name: 'Bayram' }]);
    expect(edited.dayOf(d('2027-03-12'))?.source).toBe(CALENDAR_DAY_SOURCES.override);
  });
  it('applies overrides: an extra holiday, a half day, a built-in day opened', () => {
    const edited = createTurkishCalendar([
      { date: '2025-06-10', kind: 'holiday', name: 'İdari izin' },
      { date: '2025-06-09', kind: 'businessDay', name: '' },
      { date: '2025-12-31', kind: 'halfDay', name: 'Yılsonu' },
    ]);
    expect(edited.isBusinessDay(d('2025-06-10'))).toBe(false);
    expect(edited.isBusinessDay(d('2025-06-09'))).toBe(true);
    expect(edited.isHalfDay(d('2025-12-31'))).toBe(true);
    expect(edited.dayOf(d('2025-06-10'))?.name).toBe('İdari izin');
  });
});
