import { formatPercent, type ColumnFormat } from '@fonrisk/contracts';
import { formatDate, formatNumber } from '../../../lib/format.ts';

/** A fraction as a Turkish percent: 0.05123 -> "%5,12", -0.0018 -> "-%0,18" (decision 0060). */
export function formatPct(fraction: number | null | undefined, fractionDigits = 2): string {
  return formatPercent(fraction, fractionDigits);
}

/** TRY amount: 1234567.891 -> "1.234.567,89 TL". */
export function formatTry(value: number | null | undefined, fractionDigits = 2): string {
  const text = formatNumber(value, fractionDigits);
  return text === '–' ? text : `${text} TL`;
}

/** A confidence level as the form shows it: 0.99 -> "%99", 0.975 -> "%97,5". */
export function formatConfidence(level: number): string {
  const pct = level * 100;
  return `%${formatNumber(pct, Number.isInteger(Math.round(pct * 100) / 100) ? 0 : 1)}`;
}

/** One cell of a generic result table in tr-TR format (the same rules as the Excel export). */
function plain(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === undefined ? '–' : JSON.stringify(value);
}

export function formatCell(format: ColumnFormat, value: unknown): string {
  if (value === null || value === undefined) return '–';
  switch (format) {
    case 'money':
      return typeof value === 'number' ? formatNumber(value, 2) : plain(value);
    case 'number':
      return typeof value === 'number'
        ? formatNumber(value, Number.isInteger(value) ? 0 : 4)
        : plain(value);
    case 'percent':
      return typeof value === 'number' ? formatPct(value) : plain(value);
    case 'date':
      return typeof value === 'string' ? formatDate(value) : plain(value);
    case 'text':
      return typeof value === 'boolean' ? (value ? 'Evet' : 'Hayır') : plain(value);
  }
}
