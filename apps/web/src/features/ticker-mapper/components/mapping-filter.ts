import { matchesFolded, type TickerMapping } from '@fonrisk/contracts';

/** What the mappings list is narrowed to: a text and, optionally, gaps only. */
export interface MappingFilter {
  /** Part of the instrument's code or name or of the series' ticker (folded: `matchesFolded`). */
  readonly text: string;
  /** Only mappings whose series misses business days. */
  readonly onlyMissing: boolean;
}

export const NO_MAPPING_FILTER: MappingFilter = { text: '', onlyMissing: false };

/**
 * The mappings the filter keeps, in their order: a house maps thousands of instruments, and the
 * one with a gap or the one asked about is found by its code, its name or its series.
 */
export function filterMappings(
  mappings: readonly TickerMapping[],
  filter: MappingFilter,
): TickerMapping[] {
  return mappings.filter(
    (m) =>
      (!filter.onlyMissing || m.coverage.missingBusinessDays > 0) &&
      matchesFolded(filter.text, [m.instrumentCode, m.instrumentName, m.seriesTicker]),
  );
}
