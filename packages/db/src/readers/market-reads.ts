// What the worker may answer from its cache of market reads (decision 0078). The migration 0019
// triggers note every statement that writes market_values or market_values_derived in
// market_writes, and migration 0022's those that write fx_rates (decision 0096); a snapshot's
// count of those notes (and their highest transaction) names which of the writes it sees, since
// the writes a snapshot sees grow with the time it was taken. Two snapshots with the same version
// read the same market values and FX rates, so a statement that reads only those three tables has
// the same answer in both. Migration 0023 notes the writes of the reference data the analyses read
// with them (instruments, ticker_mappings, market_series) in reference_writes, a version of their
// own (decision 0115): an instrument import leaves the cached market values in use. Since
// migration 0024 each writing transaction is noted once, however many statements it sends
// (decision 0119): a snapshot sees a transaction's writes all or none.
import type { BuiltSelect } from '../select-arrays.ts';

/**
 * The first words of a statement that reads only market_values, market_values_derived and
 * fx_rates (and its own parameters): the worker may answer it from its cache for a snapshot of the
 * same version. A statement that reads any other table must not carry it.
 */
export const MARKET_READ_MARK = '/* market values only */';

/** The first words of the FX rates' read of a window (readFxRates; a market read). */
export const FX_RATES_MARK = `${MARKET_READ_MARK} /* fx rates */`;

/** The market-data version a snapshot sees: `<notes>:<highest transaction>`. */
export const MARKET_DATA_VERSION_SQL =
  "SELECT count(*)::text || ':' || coalesce(max(xid), 0)::text AS version FROM market_writes";

/**
 * The first words of a statement that reads only instruments, ticker_mappings and market_series
 * (and its own parameters): the worker may answer it from its cache for a snapshot of the same
 * reference-data version (decision 0115). A statement that reads any other table must not carry
 * it.
 */
export const REFERENCE_READ_MARK = '/* reference data only */';

/** The reference-data version a snapshot sees: `<notes>:<highest transaction>`. */
export const REFERENCE_DATA_VERSION_SQL =
  "SELECT count(*)::text || ':' || coalesce(max(xid), 0)::text AS version FROM reference_writes";

/** A drizzle select with `mark` before its text: the same statement, the same values. */
export function markedSelect(mark: string, query: BuiltSelect): BuiltSelect {
  return {
    toSQL() {
      const built = query.toSQL();
      return { sql: `${mark} ${built.sql}`, params: built.params };
    },
  };
}
