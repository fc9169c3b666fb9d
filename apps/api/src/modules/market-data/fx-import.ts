import { columnParam, countedUpsert, sql, type Executor } from '@fonrisk/db';
import type { FieldChange, FxRateRow } from '@fonrisk/contracts';
import {
  columnLabel,
  mergeFields,
  StoredFieldsChangeError,
} from '../data-imports/field-changes.ts';
import { confirmedImport, NOTHING_MORE } from '../data-imports/import-writes.ts';

const RATE_FIELDS = [
  { key: 'forexBuying', column: 'forexBuying' },
  { key: 'forexSelling', column: 'forexSelling' },
  { key: 'banknoteBuying', column: 'banknoteBuying' },
  { key: 'banknoteSelling', column: 'banknoteSelling' },
] as const;
type RateKey = (typeof RATE_FIELDS)[number]['key'];
type Rates = Record<RateKey, number | null>;

const keyOf = (currency: string, date: string) => `${currency}\u0000${date}`;

/**
 * An FX-rate file (issue 22) follows the prices rule: a rate the file leaves blank, or a column
 * it lacks, keeps the stored value; every stored value the file changes is listed (currency,
 * date, field, old, new) and replaced only on confirmation. Rows are written in key order, so
 * two uploads of the same dates cannot deadlock.
 */
async function writeFxRateImport(
  tx: Executor,
  rows: readonly FxRateRow[],
  blankColumns: readonly (readonly string[])[],
  confirmReplace: boolean,
): Promise<{ inserted: number; updated: number; fieldChanges: FieldChange[] }> {
  const order = rows
    .map((row, i) => ({ row, blank: new Set(blankColumns[i] ?? []) }))
    .sort((a, b) =>
      a.row.currency === b.row.currency
        ? a.row.date.localeCompare(b.row.date)
        : a.row.currency.localeCompare(b.row.currency),
    );
  const stored = await tx.execute<Rates & { currency: string; date: string }>(sql`
    SELECT r.currency, to_char(r.date, 'YYYY-MM-DD') AS date, r.forex_buying::float8 AS "forexBuying",
      r.forex_selling::float8 AS "forexSelling", r.banknote_buying::float8 AS "banknoteBuying",
      r.banknote_selling::float8 AS "banknoteSelling"
    FROM fx_rates r
    JOIN unnest(${columnParam(order, (o) => o.row.currency)}::text[], ${columnParam(order, (o) => o.row.date)}::date[]) AS f(currency, date)
      ON r.currency = f.currency AND r.date = f.date
    ORDER BY r.currency, r.date
    FOR UPDATE OF r`);
  const byKey = new Map(stored.rows.map((r) => [keyOf(r.currency, r.date), r]));
  const fieldChanges: FieldChange[] = [];
  const written = order.map(({ row, blank }) => {
    const { merged, changes } = mergeFields(
      RATE_FIELDS,
      byKey.get(keyOf(row.currency, row.date)),
      row,
      blank,
      (column, old, next) => ({
        record: row.currency,
        date: row.date,
        field: column,
        label: columnLabel('fxRates', column),
        old,
        new: next,
      }),
    );
    fieldChanges.push(...changes);
    return { currency: row.currency, date: row.date, ...(merged as unknown as Rates) };
  });
  if (fieldChanges.length > 0 && !confirmReplace) throw new StoredFieldsChangeError(fieldChanges);
  const counts = await countedUpsert(
    tx,
    sql`INSERT INTO fx_rates (currency, date, forex_buying, forex_selling, banknote_buying, banknote_selling)
      SELECT * FROM unnest(${columnParam(written, (r) => r.currency)}::text[], ${columnParam(written, (r) => r.date)}::date[],
        ${columnParam(written, (r) => r.forexBuying)}::numeric[], ${columnParam(written, (r) => r.forexSelling)}::numeric[],
        ${columnParam(written, (r) => r.banknoteBuying)}::numeric[], ${columnParam(written, (r) => r.banknoteSelling)}::numeric[])
      ON CONFLICT (currency, date) DO UPDATE SET forex_buying = excluded.forex_buying,
        forex_selling = excluded.forex_selling, banknote_buying = excluded.banknote_buying,
        banknote_selling = excluded.banknote_selling
      RETURNING (xmax = 0) AS inserted`,
  );
  return { ...counts, fieldChanges };
}

/** An FX-rate file as an import (the changed rates kept in the audit entry). */
export const importFxRates = confirmedImport('fxRates', async (tx, request) => {
  const result = await writeFxRateImport(
    tx,
    request.rows,
    request.blankColumns,
    request.options.confirmReplace,
  );
  return {
    written: { replacedSnapshots: [], ...NOTHING_MORE, ...result },
    before: result.fieldChanges.length > 0 ? { changedRates: result.fieldChanges } : null,
  };
});
