import { formatDecimal } from '@fonrisk/contracts';

const TIME_ZONE = 'Europe/Istanbul';

/**
 * Turkish number format: 1234567.891 -> "1.234.567,89" (two decimals unless told otherwise). A
 * value that rounds to zero has no sign: -0.0001 -> "0,00", never "-0,00" (contracts
 * formatDecimal, the one format of screens and PDF).
 */
export function formatNumber(value: number | null | undefined, fractionDigits = 2): string {
  return formatDecimal(value, fractionDigits);
}

const dateFormat = new Intl.DateTimeFormat('tr-TR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: TIME_ZONE,
});

const dateTimeFormat = new Intl.DateTimeFormat('tr-TR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Turkish date in Istanbul time: "2026-11-21T09:00:00Z" -> "21.11.2026". */
export function formatDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? dateFormat.format(date) : '–';
}

/** Turkish date and time in Istanbul time: "21.11.2026 12:00". */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? dateTimeFormat.format(date).replace(',', '') : '–';
}
