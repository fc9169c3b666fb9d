/** Look-back periods offered above charts. */
export const RANGE_PRESETS = ['1M', '3M', '6M', '1Y', '3Y', 'ALL'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const MONTHS: Readonly<Record<Exclude<RangePreset, 'ALL'>, number>> = {
  '1M': 1,
  '3M': 3,
  '6M': 6,
  '1Y': 12,
  '3Y': 36,
};

/**
 * The first date of a look-back period ending on `end` (ISO): the same day `n` months earlier,
 * clamped to the month's last day (31.03 - 1 month = 28.02 or 29.02); `null` for the whole history.
 */
export function presetStart(end: string, preset: RangePreset): string | null {
  if (preset === 'ALL') return null;
  const [y, m, d] = end.split('-').map(Number) as [number, number, number];
  const monthIndex = y * 12 + (m - 1) - MONTHS[preset];
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today in Istanbul as ISO (default settlement and range end dates). */
export function todayIso(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(now);
}
