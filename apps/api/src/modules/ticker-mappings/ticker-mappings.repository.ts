import { inArray, sql, tickerMappings, type Executor, type TickerMappingRow } from '@fonrisk/db';
import type { MappingKind } from '@fonrisk/contracts';

/** A mapping as it is written: the instrument, its series, direct or proxy, an optional note. */
export interface MappingWrite {
  readonly instrumentCode: string;
  readonly seriesTicker: string;
  readonly mappingKind: MappingKind;
  readonly note: string | null;
}

/** Rows a statement: 4 parameters a row, far below PostgreSQL's 65,535 a statement. */
export const MAPPINGS_CHUNK = 1_000;

/** The stored mappings of `codes`, by instrument code (codes without one are absent). */
export async function mappingsOf(
  ex: Executor,
  codes: readonly string[],
): Promise<Map<string, TickerMappingRow>> {
  const found = new Map<string, TickerMappingRow>();
  for (let i = 0; i < codes.length; i += MAPPINGS_CHUNK) {
    const rows = await ex
      .select()
      .from(tickerMappings)
      .where(inArray(tickerMappings.instrumentCode, codes.slice(i, i + MAPPINGS_CHUNK)));
    for (const row of rows) found.set(row.instrumentCode, row);
  }
  return found;
}

/**
 * Writes the mappings, a chunk a statement (a bulk rule maps thousands of instruments): a code
 * already mapped takes the new series, kind and note and `updated_at = now()`. In code order, so
 * two writes of the same codes lock them in the same order.
 */
export async function upsertMappings(ex: Executor, rows: readonly MappingWrite[]): Promise<void> {
  const ordered = [...rows].sort((a, b) =>
    a.instrumentCode < b.instrumentCode ? -1 : a.instrumentCode > b.instrumentCode ? 1 : 0,
  );
  for (let i = 0; i < ordered.length; i += MAPPINGS_CHUNK) {
    await ex
      .insert(tickerMappings)
      .values(ordered.slice(i, i + MAPPINGS_CHUNK))
      .onConflictDoUpdate({
        target: tickerMappings.instrumentCode,
        set: {
          seriesTicker: sql`excluded.series_ticker`,
          mappingKind: sql`excluded.mapping_kind`,
          note: sql`excluded.note`,
          updatedAt: sql`now()`,
        },
      });
  }
}
