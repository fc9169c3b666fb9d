// A corporate-actions file: actions upserted by instrument, kind and ex-date (the replaced ones
// kept in the audit entry), and the adjusted and total-return series of their instruments rebuilt
// in the same transaction.
import { sql, type Executor } from '@fonrisk/db';
import type { CorporateActionInput } from '@fonrisk/contracts';
import { InvalidInputError as RiskInputError } from '@fonrisk/risk';
import { formatError } from '../../imports/index.ts';
import { refreshForInstruments } from '../corporate-actions/derived-series.ts';
import { labelOf } from './import-labels.ts';
import { ImportRejectedError } from './imports.errors.ts';
import {
  NOTHING_MORE,
  refuseAmbiguousNumbers,
  writeImport,
  type KindImport,
  type Written,
} from './import-writes.ts';

export const importCorporateActions: KindImport<'corporateActions'> = (db, request) => {
  refuseAmbiguousNumbers(request);
  return writeImport(db, 'corporateActions', request, async (tx) => {
    const { before, ...written } = await writeCorporateActions(
      tx,
      request.rows,
      request.rowNumbers,
    );
    return { written, before: before.length > 0 ? { replacedActions: before } : null };
  });
};

/**
 * Corporate actions: upserted by instrument, kind and ex-date (the replaced action is kept in
 * the audit entry); the adjusted and total-return series of the instruments are rebuilt in the
 * same transaction. An action the price history cannot carry (a dividend above the price)
 * rejects the file.
 */
async function writeCorporateActions(
  tx: Executor,
  rows: readonly CorporateActionInput[],
  rowNumbers: readonly number[],
): Promise<Written & { before: unknown[] }> {
  let inserted = 0;
  const before: unknown[] = [];
  for (const r of rows) {
    const old = await tx.execute(sql`
      SELECT kind, to_char(ex_date, 'YYYY-MM-DD') AS ex_date, ratio, amount, subscription_price, note
      FROM corporate_actions WHERE instrument_code = ${r.instrumentCode} AND kind = ${r.kind} AND ex_date = ${r.exDate}`);
    if (old.rows.length > 0) before.push({ instrumentCode: r.instrumentCode, ...old.rows[0] });
    else inserted++;
    await tx.execute(sql`
      INSERT INTO corporate_actions (instrument_code, kind, ex_date, ratio, amount, subscription_price, note)
      VALUES (${r.instrumentCode}, ${r.kind}, ${r.exDate}, ${r.ratio}, ${r.amount}, ${r.subscriptionPrice}, ${r.note})
      ON CONFLICT (instrument_code, kind, ex_date) DO UPDATE SET ratio = excluded.ratio,
        amount = excluded.amount, subscription_price = excluded.subscription_price, note = excluded.note`);
  }
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
