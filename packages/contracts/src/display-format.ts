/**
 * The one Turkish display of numbers, percentages and dates that screens, messages, Excel labels
 * and PDF texts share (decision 0060). tr-TR as Intl (CLDR) writes it: dot thousands and comma
 * decimals, "1.234.567,89"; the percent sign before the number and the minus sign before both,
 * "%5,12" and "-%0,18"; never "%-0,18" nor "10 %". A value that rounds to zero has no sign.
 */
const formats = new Map<string, Intl.NumberFormat>();

/** The tr-TR format of a style and decimals (kept: one per kind), signed only below zero. */
function trFormat(
  style: 'decimal' | 'percent',
  minDigits: number,
  maxDigits: number,
): Intl.NumberFormat {
  const key = `${style}:${String(minDigits)}:${String(maxDigits)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('tr-TR', {
      style,
      minimumFractionDigits: minDigits,
      maximumFractionDigits: maxDigits,
      // -0, or a value that rounds to zero, without a sign: "0,00" and "%0,00", never "-0,00".
      signDisplay: 'negative',
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A number in Turkish: 1234567.891 -> "1.234.567,89". `digits` fixes the decimals; `minDigits`
 * below it lets trailing zeros drop (0.5, 4, 0 -> "0,5"). A value that rounds to zero has no sign
 * ("0,00", never "-0,00"). Not finite or null: "–".
 */
export function formatDecimal(
  value: number | null | undefined,
  digits = 2,
  minDigits = digits,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return trFormat('decimal', minDigits, digits).format(value);
}

/**
 * A fraction as a Turkish percentage: 0.05123 -> "%5,12", -0.0018 -> "-%0,18". `digits` fixes the
 * decimals; `minDigits` below it lets trailing zeros drop (0.1, 0, 2 -> "%10"). A value that
 * rounds to zero loses its sign ("%0,00", never "-%0,00"). Not finite or null: "–".
 */
export function formatPercent(
  fraction: number | null | undefined,
  digits = 2,
  minDigits = digits,
): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '–';
  return trFormat('percent', minDigits, digits).format(fraction);
}

/** A value already in percent points: 36.92 -> "%36,92", -0.18 -> "-%0,18" (see formatPercent). */
export function formatPercentPoints(
  points: number | null | undefined,
  digits = 2,
  minDigits = digits,
): string {
  if (points === null || points === undefined || !Number.isFinite(points)) return '–';
  return formatPercent(points / 100, digits, minDigits);
}

/** An ISO date (or date-time) as dd.mm.yyyy: "2026-04-09" -> "09.04.2026"; other text unchanged. */
export function isoToTurkishDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]!}.${m[2]!}.${m[1]!}` : value;
}
