import { formatIsoDate, isoWeekday, parseIsoDate, type DayNumber } from './date.ts';
import type { BusinessCalendar } from './calendar.ts';

/**
 * The Turkish business-day calendar as data (docs/decisions/0016-turkish-calendar.md).
 *
 * Fixed public holidays, Law 2429 (Ulusal Bayram ve Genel Tatiller Hakkında Kanun, Resmî Gazete
 * 19.03.1981, as amended): 1 January, 23 April, 1 May, 19 May, 15 July (since 2017, Law 6752),
 * 30 August, 29 October; 28 October is a half day (from 13:00).
 *
 * Religious holidays (same law): Ramazan Bayramı 3 days and Kurban Bayramı 4 days, each with its
 * eve (arife) a half day from 13:00. Their first days move with the Hijri calendar; the dates
 * below are Diyanet İşleri Başkanlığı's Hijri-to-Gregorian conversion
 * (https://vakithesaplama.diyanet.gov.tr/hicriden_miladiye.php, "Dini Günler" calendar), the
 * dates announced each year. 2015-2032 were checked against that table; the years after the last
 * officially announced one (`RELIGIOUS_HOLIDAYS_ANNOUNCED_THROUGH`) are Diyanet's computed calendar,
 * marked provisional (`confirmed: false`, with their source) until the year's announcement: other
 * public calendars differ by a day (e.g. Ramazan Bayramı 2027, 9-11 March here, 10-12 March in an
 * astronomical calendar: 9 and 12 March differ). Every date is editable through the overrides
 * (decision 0057).
 *
 * A half day is a business day (Borsa İstanbul trades the morning session and Takasbank settles);
 * it is flagged so that screens and checks can tell.
 */

/** First day of each Bayram, per Gregorian year. Two Ramazan Bayramı fall in 2033. */
export const TURKISH_RELIGIOUS_HOLIDAYS: readonly {
  readonly year: number;
  readonly ramazan: readonly string[];
  readonly kurban: readonly string[];
  readonly confirmed: boolean;
}[] = [
  { year: 2015, ramazan: ['2015-07-17'], kurban: ['2015-09-24'], confirmed: true },
  { year: 2016, ramazan: ['2016-07-05'], kurban: ['2016-09-12'], confirmed: true },
  { year: 2017, ramazan: ['2017-06-25'], kurban: ['2017-09-01'], confirmed: true },
  { year: 2018, ramazan: ['2018-06-15'], kurban: ['2018-08-21'], confirmed: true },
  { year: 2019, ramazan: ['2019-06-04'], kurban: ['2019-08-11'], confirmed: true },
  { year: 2020, ramazan: ['2020-05-24'], kurban: ['2020-07-31'], confirmed: true },
  { year: 2021, ramazan: ['2021-05-13'], kurban: ['2021-07-20'], confirmed: true },
  { year: 2022, ramazan: ['2022-05-02'], kurban: ['2022-07-09'], confirmed: true },
  { year: 2023, ramazan: ['2023-04-21'], kurban: ['2023-06-28'], confirmed: true },
  { year: 2024, ramazan: ['2024-04-10'], kurban: ['2024-06-16'], confirmed: true },
  { year: 2025, ramazan: ['2025-03-30'], kurban: ['2025-06-06'], confirmed: true },
  { year: 2026, ramazan: ['2026-03-20'], kurban: ['2026-05-27'], confirmed: true },
  { year: 2027, ramazan: ['2027-03-09'], kurban: ['2027-05-16'], confirmed: false },
  { year: 2028, ramazan: ['2028-02-26'], kurban: ['2028-05-05'], confirmed: false },
  { year: 2029, ramazan: ['2029-02-14'], kurban: ['2029-04-24'], confirmed: false },
  { year: 2030, ramazan: ['2030-02-04'], kurban: ['2030-04-13'], confirmed: false },
  { year: 2031, ramazan: ['2031-01-24'], kurban: ['2031-04-02'], confirmed: false },
  { year: 2032, ramazan: ['2032-01-14'], kurban: ['2032-03-22'], confirmed: false },
  { year: 2033, ramazan: ['2033-01-02', '2033-12-23'], kurban: ['2033-03-11'], confirmed: false },
  { year: 2034, ramazan: ['2034-12-12'], kurban: ['2034-03-01'], confirmed: false },
  { year: 2035, ramazan: ['2035-12-01'], kurban: ['2035-02-18'], confirmed: false },
];

/** The last year whose religious holidays are officially announced (Diyanet's yearly calendar). */
export const RELIGIOUS_HOLIDAYS_ANNOUNCED_THROUGH = 2026;

/** Where each built-in day comes from (shown beside the day on the calendar screen). */
export const CALENDAR_DAY_SOURCES = {
  law: '2429 sayılı Ulusal Bayram ve Genel Tatiller Hakkında Kanun',
  announced: 'Diyanet İşleri Başkanlığı dini günler takvimi (yılın resmî ilanı)',
  provisional:
    'Geçici: Diyanet İşleri Başkanlığı hicrî-miladî dönüşüm hesabı (vakithesaplama.diyanet.gov.tr); yılın resmî ilanı bekleniyor, başka takvimler bir gün farklı olabilir',
  override: 'Kullanıcı değişikliği',
} as const;

/** Years the built-in data covers. */
export const TURKISH_CALENDAR_YEARS = { first: 2015, last: 2035 } as const;

/** What a calendar day is: closed all day, or open until 13:00 (business day). */
export type CalendarDayKind = 'holiday' | 'halfDay';

export interface CalendarDay {
  readonly date: string;
  readonly kind: CalendarDayKind;
  /** Turkish name, e.g. "Kurban Bayramı 2. gün". */
  readonly name: string;
  /** False for religious dates not yet confirmed by the year's official announcement. */
  readonly confirmed: boolean;
  /** Where the day comes from: the law, the announced or the computed (provisional) calendar, a user. */
  readonly source: string;
}

const FIXED: readonly { md: string; name: string; since?: number }[] = [
  { md: '01-01', name: 'Yılbaşı' },
  { md: '04-23', name: 'Ulusal Egemenlik ve Çocuk Bayramı' },
  { md: '05-01', name: 'Emek ve Dayanışma Günü' },
  { md: '05-19', name: "Atatürk'ü Anma, Gençlik ve Spor Bayramı" },
  { md: '07-15', name: 'Demokrasi ve Millî Birlik Günü', since: 2017 },
  { md: '08-30', name: 'Zafer Bayramı' },
  { md: '10-29', name: 'Cumhuriyet Bayramı' },
];

/**
 * The built-in holidays and half days of the years `from`..`to` (within 2015-2035 for the
 * religious ones), sorted by date. Where a Bayram day falls on a fixed holiday the day is listed
 * once, as a holiday, under the Bayram's name.
 */
export function turkishCalendarDays(
  from: number = TURKISH_CALENDAR_YEARS.first,
  to: number = TURKISH_CALENDAR_YEARS.last,
): CalendarDay[] {
  const days = new Map<string, CalendarDay>();
  const put = (day: CalendarDay) => {
    const existing = days.get(day.date);
    if (existing?.kind === 'holiday' && day.kind === 'halfDay') return;
    days.set(day.date, day);
  };
  for (let year = from; year <= to; year++) {
    for (const f of FIXED) {
      if (f.since !== undefined && year < f.since) continue;
      put({
        date: `${year}-${f.md}`,
        kind: 'holiday',
        name: f.name,
        confirmed: true,
        source: CALENDAR_DAY_SOURCES.law,
      });
    }
    put({
      date: `${year}-10-28`,
      kind: 'halfDay',
      name: 'Cumhuriyet Bayramı arifesi',
      confirmed: true,
      source: CALENDAR_DAY_SOURCES.law,
    });
  }
  for (const entry of TURKISH_RELIGIOUS_HOLIDAYS) {
    if (entry.year < from || entry.year > to) continue;
    const bayram = (first: string, name: string, length: number) => {
      const start = parseIsoDate(first);
      const confirmed = entry.confirmed;
      const source = confirmed ? CALENDAR_DAY_SOURCES.announced : CALENDAR_DAY_SOURCES.provisional;
      put({
        date: formatIsoDate(start - 1),
        kind: 'halfDay',
        name: `${name} arifesi`,
        confirmed,
        source,
      });
      for (let i = 0; i < length; i++) {
        days.set(formatIsoDate(start + i), {
          date: formatIsoDate(start + i),
          kind: 'holiday',
          name: `${name} ${i + 1}. gün`,
          confirmed,
          source,
        });
      }
    };
    for (const first of entry.ramazan) bayram(first, 'Ramazan Bayramı', 3);
    for (const first of entry.kurban) bayram(first, 'Kurban Bayramı', 4);
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** A user's change to the built-in calendar: a day made a holiday, a half day, or open again. */
export interface CalendarOverride {
  readonly date: string;
  readonly kind: CalendarDayKind | 'businessDay';
  readonly name: string;
}

/** A business-day calendar that also tells half days and names the closed days. */
export interface TurkishCalendar extends BusinessCalendar {
  isHalfDay(day: DayNumber): boolean;
  /** The holiday or half day on that date, if any (weekends are not listed). */
  dayOf(day: DayNumber): CalendarDay | undefined;
  /** Every holiday and half day, sorted (built-in days with the overrides applied). */
  readonly days: readonly CalendarDay[];
}

/**
 * The Turkish calendar: weekends closed, the built-in days of turkishCalendarDays(), then the
 * overrides (a `businessDay` override removes a built-in day).
 * @throws InvalidInputError (from parseIsoDate) when an override's date is not a valid ISO date.
 */
export function createTurkishCalendar(
  overrides: readonly CalendarOverride[] = [],
): TurkishCalendar {
  const byDate = new Map<DayNumber, CalendarDay>();
  for (const d of turkishCalendarDays()) byDate.set(parseIsoDate(d.date), d);
  for (const o of overrides) {
    const day = parseIsoDate(o.date);
    if (o.kind === 'businessDay') byDate.delete(day);
    else
      byDate.set(day, {
        date: o.date,
        kind: o.kind,
        name: o.name,
        confirmed: true,
        source: CALENDAR_DAY_SOURCES.override,
      });
  }
  const days = [...byDate.entries()].sort((a, b) => a[0] - b[0]).map(([, d]) => d);
  return {
    isBusinessDay: (day) => isoWeekday(day) <= 5 && byDate.get(day)?.kind !== 'holiday',
    isHalfDay: (day) => isoWeekday(day) <= 5 && byDate.get(day)?.kind === 'halfDay',
    dayOf: (day) => byDate.get(day),
    days,
  };
}

/** The built-in calendar without overrides (the demo generator and tests use it). */
export const TURKISH_CALENDAR: TurkishCalendar = createTurkishCalendar();

/** Business days from `start` to `end`, both inclusive, as ISO dates. */
export function businessDaysInRange(
  start: string,
  end: string,
  calendar: BusinessCalendar,
): string[] {
  const out: string[] = [];
  for (let day = parseIsoDate(start), last = parseIsoDate(end); day <= last; day += 1) {
    if (calendar.isBusinessDay(day)) out.push(formatIsoDate(day));
  }
  return out;
}
