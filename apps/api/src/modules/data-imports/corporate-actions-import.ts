// A corporate-actions file: actions upserted by instrument, kind and ex-date (the replaced ones
// kept in the audit entry), and the adjusted and total-return series of their instruments rebuilt
// in the same transaction.
import { columnParam, sql, type Executor } from '@fonrisk/db';
import type { CorporateActionInput } from '@fonrisk/contracts';
import { InvalidInputError as RiskInputError } from '@fonrisk/risk';
import { formatError } from '../../imports/index.ts';
import { refreshForInstruments } from '../corporate-actions/derived-series.ts';
import { labelOf } from './import-labels.ts';
import { ImportRejectedError } from './imports.errors.ts';
import { confirmedImport, NOTHING_MORE, type Written } from './import-writes.ts';

export const importCorporateActions = confirmedImport('corporateActions', async (tx, request) => {
  const { before, ...written } = await writeCorporateActions(tx, request.rows, request.rowNumbers);
  return { written, before: before.length > 0 ? { replacedActions: before } : null };
});

/**
 * Corporate actions: upserted by instrument, kind and ex-date (the replaced actions are kept in
 * the audit entry, in the file's order); the adjusted and total-return series of the instruments
 * are rebuilt in the same transaction. An action the price history cannot carry (a dividend above
 * the price) rejects the file. Two statements whatever the count (decision 0120): the stored
 * actions the file replaces, then the upsert, in key order so that two imports of the same
 * actions lock them in the same order (a file names an action once: the parser refuses a repeat).
 */
async function writeCorporateActions(
  tx: Executor,
  rows: readonly CorporateActionInput[],
  rowNumbers: readonly number[],
): Promise<Written & { before: unknown[] }> {
  const code = columnParam(rows, (r) => r.instrumentCode);
  const kind = columnParam(rows, (r) => r.kind);
  const exDate = columnParam(rows, (r) => r.exDate);
  const replaced = await tx.execute(sql`
    SELECT c.instrument_code AS "instrumentCode", c.kind, to_char(c.ex_date, 'YYYY-MM-DD') AS ex_date,
      c.ratio, c.amount, c.subscription_price, c.note
    FROM unnest(${code}::text[], ${kind}::text[], ${exDate}::date[]) WITH ORDINALITY AS f(code, kind, ex_date, at)
    JOIN corporate_actions c ON c.instrument_code = f.code AND c.kind = f.kind AND c.ex_date = f.ex_date
    ORDER BY f.at`);
  const before: unknown[] = replaced.rows;
  const inserted = rows.length - before.length;
  await tx.execute(sql`
    INSERT INTO corporate_actions (instrument_code, kind, ex_date, ratio, amount, subscription_price, note)
    SELECT * FROM unnest(${code}::text[], ${kind}::text[], ${exDate}::date[],
      ${columnParam(rows, (r) => r.ratio)}::float8[], ${columnParam(rows, (r) => r.amount)}::float8[],
      ${columnParam(rows, (r) => r.subscriptionPrice)}::float8[], ${columnParam(rows, (r) => r.note)}::text[])
      AS f(instrument_code, kind, ex_date, ratio, amount, subscription_price, note)
    ORDER BY f.instrument_code, f.kind, f.ex_date
    ON CONFLICT (instrument_code, kind, ex_date) DO UPDATE SET ratio = excluded.ratio,
      amount = excluded.amount, subscription_price = excluded.subscription_price, note = excluded.note`);
  try {
    await refreshForInstruments(tx, [...new Set(rows.map((r) => r.instrumentCode))]);
  } catch (error) {
    if (!(error instanceof RiskInputError)) throw error;
    const at = rows.findIndex((r) => error.message.includes(r.exDate));
    const row = at >= 0 ? rowNumbers[at]! : undefined;
    const field = labelOf('corporateActions', 'amount');
    const message = 'temettü, hak kullanım tarihinden önceki kapanış fiyatından küçük olmalı';
    throw new ImportRejectedError([
      {
        ...(row === undefined ? {} : { row }),
        field,
        message: formatError(row ?? null, field, '', message).message,
      },
    ]);
  }
  return {
    inserted,
    updated: rows.length - inserted,
    replacedSnapshots: [],
    ...NOTHING_MORE,
    before,
  };
}
