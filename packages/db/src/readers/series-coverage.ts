import { sql, type SQL } from 'drizzle-orm';

/**
 * The coverage of series read from market_value_days (decision 0123): per year, which days hold a
 * value (bit k from the left: day-of-year k + 1), kept by market_values' triggers. A series of
 * ten years is ~10 rows here against its ~2,500 values, so that the lists of a house's 3,000
 * series count in milliseconds what counting their 6 million values took seconds for.
 */

/** The days of one calendar year as market_value_days' bits: 366 characters '0' or '1'. */
export interface YearDays {
  readonly year: number;
  readonly bits: string;
}

/** How many bits a year's row has (day 366 is set only in a leap year). */
export const YEAR_BITS = 366;

/** The year of an ISO date and its bit in that year's row (day-of-year − 1). */
export function dayBit(iso: string): { year: number; bit: number } {
  const year = Number(iso.slice(0, 4));
  const bit = Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.UTC(year, 0, 1)) / 86_400_000);
  return { year, bit };
}

/** The bits of `year` for the days `holds` (given each day's ISO date). */
export function yearDays(year: number, holds: (iso: string) => boolean): YearDays {
  const start = Date.UTC(year, 0, 1);
  let bits = '';
  for (let k = 0; k < YEAR_BITS; k++) {
    const at = new Date(start + k * 86_400_000);
    bits += at.getUTCFullYear() === year && holds(at.toISOString().slice(0, 10)) ? '1' : '0';
  }
  return { year, bits };
}

/**
 * A LATERAL subquery of one row for the series `ticker` (an SQL expression of the outer query):
 * first_date and last_date (ISO text, null without values), n (its values) and, when `counted`
 * names a relation of (year int, mask bit(366)) rows, counted_n (its values on the days of the
 * masks; a year without a mask counts none). Use as
 * `LEFT JOIN LATERAL (${seriesCoverage(sql`s.ticker`)}) c ON true`.
 */
export function seriesCoverage(ticker: SQL, counted?: SQL): SQL {
  return sql`
    SELECT to_char(min(make_date(d.year, 1, 1) + position('1' IN d.days::text) - 1), 'YYYY-MM-DD') AS first_date,
      to_char(max(make_date(d.year, 1, 1) + ${sql.raw(String(YEAR_BITS))} - position('1' IN reverse(d.days::text))), 'YYYY-MM-DD') AS last_date,
      coalesce(sum(bit_count(d.days)), 0)::int AS n
      ${counted ? sql`, coalesce(sum(bit_count(d.days & c.mask)), 0)::int AS counted_n` : sql``}
    FROM market_value_days d
    ${counted ? sql`LEFT JOIN ${counted} c ON c.year = d.year` : sql``}
    WHERE d.ticker = ${ticker}`;
}

/** The years of `masks` as a relation of (year, mask) for seriesCoverage's `counted`. */
export function yearMasks(masks: readonly YearDays[]): SQL {
  return sql`(SELECT * FROM unnest(${sql.param(masks.map((m) => m.year))}::int[],
    ${sql.param(masks.map((m) => m.bits))}::bit(366)[]) AS m(year, mask))`;
}
