/** Calendar helpers on YYYY-MM-DD strings, computed in UTC so no local zone leaks in. */

const MS_PER_DAY = 86_400_000;

function toUtc(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}
function fromUtc(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return fromUtc(new Date(toUtc(iso).getTime() + days * MS_PER_DAY));
}

/** Adds calendar months, clamping to the month's last day (31.01 + 1 month = 28/29.02). */
export function addMonths(iso: string, months: number): string {
  const d = toUtc(iso);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return fromUtc(target);
}

/** 2025-01-03 → "03.01.2025". */
export function toDottedDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

/** "03.01.2025" → 2025-01-03, or null when it is not a real DD.MM.YYYY date. */
export function fromDottedDate(text: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return fromUtc(toUtc(iso)) === iso ? iso : null;
}

/** 2025-01-03 → "20250103" (TEFAS JSON API). */
export function toCompactDate(iso: string): string {
  return iso.replace(/-/g, '');
}

const ISTANBUL_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Istanbul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in Europe/Istanbul of an epoch-milliseconds instant (TEFAS legacy TARIH). */
export function istanbulDateOfEpochMs(ms: number): string {
  const parts = ISTANBUL_DATE.formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Today's date in Europe/Istanbul. */
export function istanbulToday(nowMs: number): string {
  return istanbulDateOfEpochMs(nowMs);
}

/** Splits [from, to] into consecutive periods of at most `months` calendar months. */
export function splitByMonths(
  from: string,
  to: string,
  months: number,
): { from: string; to: string }[] {
  const chunks: { from: string; to: string }[] = [];
  for (let start = from; start <= to;) {
    const end = addDays(addMonths(start, months), -1);
    const chunkEnd = end < to ? end : to;
    chunks.push({ from: start, to: chunkEnd });
    start = addDays(chunkEnd, 1);
  }
  return chunks;
}
