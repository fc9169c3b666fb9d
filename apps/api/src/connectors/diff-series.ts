/** One value of a daily series. */
export interface SeriesPoint {
  readonly date: string;
  readonly value: number;
}

export interface ChangedPoint {
  readonly date: string;
  readonly storedValue: number;
  readonly fetchedValue: number;
}

/**
 * What a fetch would do to a stored series. `added` dates are new; `unchanged` match the stored
 * value; `changed` differ and must be shown to the user (a fetch never overwrites history
 * silently). Stored dates the fetch did not return are left alone and listed in `notFetched`.
 */
export interface SeriesDiff {
  readonly added: SeriesPoint[];
  readonly unchanged: SeriesPoint[];
  readonly changed: ChangedPoint[];
  readonly notFetched: SeriesPoint[];
}

/**
 * Compares fetched points with stored ones, date by date. Values are equal when they differ by
 * at most `tolerance` relative to the larger magnitude (default 1e-12: the same decimal read
 * twice, whatever the storage round trip). A date fetched twice with different values throws.
 */
export function diffSeries(
  stored: readonly SeriesPoint[],
  fetched: readonly SeriesPoint[],
  options: { tolerance?: number } = {},
): SeriesDiff {
  const tolerance = options.tolerance ?? 1e-12;
  const storedByDate = new Map(stored.map((p) => [p.date, p.value]));
  const fetchedByDate = new Map<string, number>();
  for (const p of fetched) {
    const earlier = fetchedByDate.get(p.date);
    if (earlier !== undefined && earlier !== p.value) {
      throw new Error(`Aynı tarih (${p.date}) iki farklı değerle geldi: ${earlier} ve ${p.value}.`);
    }
    fetchedByDate.set(p.date, p.value);
  }
  const diff: SeriesDiff = { added: [], unchanged: [], changed: [], notFetched: [] };
  for (const [date, value] of [...fetchedByDate].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const old = storedByDate.get(date);
    if (old === undefined) diff.added.push({ date, value });
    else if (Math.abs(old - value) <= tolerance * Math.max(Math.abs(old), Math.abs(value)))
      diff.unchanged.push({ date, value });
    else diff.changed.push({ date, storedValue: old, fetchedValue: value });
  }
  for (const p of stored) if (!fetchedByDate.has(p.date)) diff.notFetched.push(p);
  return diff;
}
