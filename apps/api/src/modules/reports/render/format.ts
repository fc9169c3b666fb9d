import { formatDecimal, formatPercent, type ColumnFormat } from '@fonrisk/contracts';

// tr-TR display of result-table values in the PDF (1.234,56; %5,12; 31.10.2026), following the
// column formats of result-tables.ts: `percent` values are fractions, `money` is TRY. The
// screen's formats (contracts display-format.ts): a value that rounds to zero has no sign.

const DATE_TIME = new Intl.DateTimeFormat('tr-TR', {
  timeZone: 'Europe/Istanbul',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** YYYY-MM-DD as GG.AA.YYYY (other strings unchanged). */
export function formatIsoDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]!}.${m[2]!}.${m[1]!}` : value;
}

/** An instant as Istanbul local time, GG.AA.YYYY SS:DD. */
export function formatDateTime(value: Date): string {
  return DATE_TIME.format(value);
}

/** One table cell as text. */
export function formatCell(format: ColumnFormat, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Evet' : 'Hayır';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '–';
    if (format === 'percent') return formatPercent(value, 2);
    if (format === 'money') return formatDecimal(value, 2);
    return formatDecimal(value, 4, 0);
  }
  if (typeof value === 'string')
    return format === 'date'
      ? formatIsoDate(value)
      : value.replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, '$3.$2.$1');
  return JSON.stringify(value);
}

/** Whether a column is right-aligned (figures). */
export function isNumericFormat(format: ColumnFormat): boolean {
  return format === 'number' || format === 'percent' || format === 'money';
}

/** Fills `{name}` placeholders; unknown names stay as written. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => values[name] ?? whole);
}
