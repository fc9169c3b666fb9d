// A holdings file: the snapshots (portfolio and date) it holds replace the stored ones only on
// confirmation, and the portfolio codes the database does not know are created as the user
// confirmed them, in the same transaction.
import { columnParam, sql, type Executor } from '@fonrisk/db';
import type { HoldingRow, ImportConflict } from '@fonrisk/contracts';
import { SnapshotsExistError } from './imports.errors.ts';
import {
  NOTHING_MORE,
  refuseAmbiguousNumbers,
  writeImport,
  type KindImport,
  type Written,
} from './import-writes.ts';
import { createPlannedPortfolios, planNewPortfolios } from './new-portfolios.ts';

/** Serialises holdings and cash-flow imports so two uploads of one date cannot interleave. */
export const HOLDINGS_LOCK_KEY = 72_610_004;
const HOLDING_CORE_KEYS = new Set([
  'portfolioCode',
  'portfolioDate',
  'investmentInstrumentCode',
  'investmentInstrumentName',
  'investmentInstrumentMainType',
  'currency',
  'nominalValue',
  'currentValue',
]);
/**
 * Holdings rows per insert statement: each field of the rows is one array parameter (unnest), so
 * the statement is the same few parameters whatever the count; the chunk bounds the parameters'
 * text (an import's 160,000 rows in 16 statements).
 */
const HOLDINGS_CHUNK = 10_000;

const snapshotKey = (code: string, date: string) => `${code}\u0000${date}`;

/** A holding and its row number in its snapshot (1-based, in the file's order). */
export interface NumberedHolding {
  readonly row: HoldingRow;
  readonly rowNo: number;
}

/** The JSON of the columns a holding has beyond the typed ones (empty cells left out). */
function extraColumns(row: HoldingRow): string {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    if (!HOLDING_CORE_KEYS.has(key) && value !== null) columns[key] = value;
  return JSON.stringify(columns);
}

/**
 * Inserts holdings rows (the import's and the demo's): the typed columns, and every other
 * non-empty field in the jsonb `columns`. Numbers go as their JavaScript text, as drizzle sends
 * them: the numeric columns hold the file's value exactly.
 */
export async function insertHoldings(
  tx: Executor,
  rows: readonly NumberedHolding[],
): Promise<void> {
  for (let at = 0; at < rows.length; at += HOLDINGS_CHUNK) {
    const chunk = rows.slice(at, at + HOLDINGS_CHUNK);
    const field = <V>(pick: (row: HoldingRow) => V) => columnParam(chunk, (h) => pick(h.row));
    await tx.execute(sql`
      INSERT INTO holdings (portfolio_code, portfolio_date, row_no, instrument_code, instrument_name,
        main_type, currency, nominal_value, current_value, columns)
      SELECT p, d, r, i, n, m, c, nv, cv, j::jsonb
      FROM unnest(${field((h) => h.portfolioCode)}::text[], ${field((h) => h.portfolioDate)}::date[],
        ${columnParam(chunk, (h) => h.rowNo)}::int[], ${field((h) => h.investmentInstrumentCode)}::text[],
        ${field((h) => h.investmentInstrumentName)}::text[], ${field((h) => h.investmentInstrumentMainType)}::text[],
        ${field((h) => h.currency)}::text[], ${field((h) => h.nominalValue)}::numeric[],
        ${field((h) => h.currentValue)}::numeric[], ${field(extraColumns)}::text[])
        AS x(p, d, r, i, n, m, c, nv, cv, j)`);
  }
}

/** Holdings: new portfolios planned (409 until confirmed) before the transaction that writes them. */
export const importHoldings: KindImport<'holdings'> = async (db, request) => {
  refuseAmbiguousNumbers(request);
  const newPortfolios = await planNewPortfolios(
    db,
    request.rows,
    request.rowNumbers,
    request.options.newPortfolios ?? [],
  );
  return writeImport(db, 'holdings', request, async (tx) => {
    const created = await createPlannedPortfolios(
      tx,
      request.actor,
      newPortfolios,
      request.fileName,
    );
    const written = {
      ...(await writeHoldings(tx, request.rows, request.options.confirmReplace)),
      createdPortfolios: created,
    };
    const before =
      written.replacedSnapshots.length > 0
        ? { replacedSnapshots: written.replacedSnapshots }
        : null;
    return { written, before };
  });
};

/** The snapshots of the file, replacing the stored ones of the same portfolio and date (409 until confirmed). */
async function writeHoldings(
  tx: Executor,
  rows: readonly HoldingRow[],
  confirmReplace: boolean,
): Promise<Written> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${HOLDINGS_LOCK_KEY})`);
  const snapshots = new Map<
    string,
    { portfolioCode: string; portfolioDate: string; rows: HoldingRow[] }
  >();
  for (const row of rows) {
    const key = snapshotKey(row.portfolioCode, row.portfolioDate);
    const entry = snapshots.get(key) ?? {
      portfolioCode: row.portfolioCode,
      portfolioDate: row.portfolioDate,
      rows: [],
    };
    entry.rows.push(row);
    snapshots.set(key, entry);
  }
  const codes = [...new Set(rows.map((r) => r.portfolioCode))];
  const dates = [...new Set(rows.map((r) => r.portfolioDate))];
  const existing = await tx.execute<{ code: string; date: string; n: string }>(sql`
    SELECT portfolio_code AS code, to_char(portfolio_date, 'YYYY-MM-DD') AS date, count(*) AS n
    FROM holdings WHERE portfolio_code IN ${codes} AND portfolio_date IN ${dates}
    GROUP BY 1, 2 ORDER BY 1, 2`);
  const conflicts: ImportConflict[] = existing.rows
    .filter((r) => snapshots.has(snapshotKey(r.code, r.date)))
    .map((r) => ({ portfolioCode: r.code, portfolioDate: r.date, existingRows: Number(r.n) }));
  if (conflicts.length > 0 && !confirmReplace) throw new SnapshotsExistError(conflicts);
  for (const c of conflicts) {
    await tx.execute(
      sql`DELETE FROM holdings WHERE portfolio_code = ${c.portfolioCode} AND portfolio_date = ${c.portfolioDate}`,
    );
  }
  const replaced = new Set(conflicts.map((c) => snapshotKey(c.portfolioCode, c.portfolioDate)));
  let inserted = 0;
  let updated = 0;
  const numbered: NumberedHolding[] = [];
  for (const [key, snapshot] of snapshots) {
    snapshot.rows.forEach((row, i) => numbered.push({ row, rowNo: i + 1 }));
    if (replaced.has(key)) updated += snapshot.rows.length;
    else inserted += snapshot.rows.length;
  }
  await insertHoldings(tx, numbered);
  return {
    inserted,
    updated,
    replacedSnapshots: conflicts.map(({ portfolioCode, portfolioDate }) => ({
      portfolioCode,
      portfolioDate,
    })),
    ...NOTHING_MORE,
  };
}
