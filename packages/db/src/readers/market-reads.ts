// What the worker may answer from its cache of market reads (decision 0078). The migration 0019
// triggers note every statement that writes market_values or market_values_derived in
// market_writes, and migration 0022's those that write fx_rates (decision 0096); a snapshot's
// count of those notes (and their highest transaction) names which of the writes it sees, since
// the writes a snapshot sees grow with the time it was taken. Two snapshots with the same version
// read the same market values and FX rates, so a statement that reads only those three tables has
// the same answer in both.

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
