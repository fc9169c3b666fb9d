// A prices file (issue 10): unknown tickers, implausible values, changes of stored values and
// day-over-day jumps are all found before anything is written; the values, the series the user
// confirmed creating and the derived series of the tickers are then written in one transaction.
import { columnParam, countedUpsert, sql, type Database, type Executor } from '@fonrisk/db';
import type { MarketSeriesKind, PriceImportRow, UnknownTicker } from '@fonrisk/contracts';
import { formatError } from '../../imports/index.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { refreshForTickers } from '../corporate-actions/derived-series.ts';
import { PriceImportNeedsConfirmationError } from '../market-data/market-data.errors.ts';
import { compareWithStored, valueRefusal, type StoredValue } from '../market-data/price-checks.ts';
import { seriesRows } from '../market-data/series.repository.ts';
import { insertSeries, readValidation } from '../market-data/series.service.ts';
import { labelOf } from './import-labels.ts';
import { ImportRejectedError, type RowError } from './imports.errors.ts';
import type { KindImport, WriteResponse } from './import-writes.ts';

/**
 * One statement for any number of rows: arrays unnested, upserted, counted in the database
 * (`countedUpsert`). Rows are written in key order, so two uploads of the same dates lock them in
 * the same order and wait for each other instead of deadlocking (issue 22).
 */
function upsertValues(tx: Executor, rows: readonly PriceImportRow[]) {
  return countedUpsert(
    tx,
    sql`INSERT INTO market_values (ticker, date, value)
      SELECT * FROM unnest(${columnParam(rows, (r) => r.ticker)}::text[], ${columnParam(rows, (r) => r.date)}::date[],
                           ${columnParam(rows, (r) => r.close)}::float8[]) AS f(ticker, date, value)
      ORDER BY f.ticker, f.date
      ON CONFLICT (ticker, date) DO UPDATE SET value = excluded.value
      RETURNING (xmax = 0) AS inserted`,
  );
}

/**
 * The stored values of the file's tickers on the file's date range of each ticker, plus the
 * last value before that range (the base of the first day-over-day move).
 */
async function storedAround(db: Database, rows: readonly PriceImportRow[]): Promise<StoredValue[]> {
  const ranges = new Map<string, { from: string; to: string }>();
  for (const r of rows) {
    const range = ranges.get(r.ticker);
    if (!range) ranges.set(r.ticker, { from: r.date, to: r.date });
    else {
      if (r.date < range.from) range.from = r.date;
      if (r.date > range.to) range.to = r.date;
    }
  }
  const t = [...ranges.keys()];
  const from = t.map((k) => ranges.get(k)!.from);
  const to = t.map((k) => ranges.get(k)!.to);
  const result = await db.execute<{ ticker: string; date: string; value: number }>(sql`
    WITH f AS (SELECT * FROM unnest(${sql.param(t)}::text[], ${sql.param(from)}::date[], ${sql.param(to)}::date[]) AS f(ticker, lo, hi))
    SELECT v.ticker, to_char(v.date, 'YYYY-MM-DD') AS date, v.value FROM f
      JOIN market_values v ON v.ticker = f.ticker AND v.date BETWEEN f.lo AND f.hi
    UNION ALL
    SELECT f.ticker, to_char(p.date, 'YYYY-MM-DD'), p.value FROM f
      CROSS JOIN LATERAL (SELECT date, value FROM market_values m
        WHERE m.ticker = f.ticker AND m.date < f.lo ORDER BY m.date DESC LIMIT 1) p`);
  return result.rows;
}

/**
 * Prices (issue 10): unknown tickers, values implausible for their kind, changes of stored
 * values and day-over-day jumps are all found before anything is written. Implausible values
 * answer 422; the rest answer one 409 listing what needs confirming, until the request
 * confirms it (newSeries for each unknown ticker, confirmReplace, acceptWarnings).
 */
export const importPrices: KindImport<'prices'> = async (
  db,
  { actor, rows, rowNumbers, fileName, options, ambiguousNumbers },
) => {
  const tickers = [...new Set(rows.map((r) => r.ticker))];
  const known = new Map((await seriesRows(db, tickers)).map((r) => [r.ticker, r]));
  const choices = new Map(options.newSeries.map((c) => [c.ticker, c]));
  const unknown = new Map<string, UnknownTicker>();
  rows.forEach((r, i) => {
    if (known.has(r.ticker)) return;
    const entry = unknown.get(r.ticker);
    if (entry) {
      unknown.set(r.ticker, {
        ...entry,
        rows: entry.rows + 1,
        kind: entry.kind ?? r.seriesKind,
        currency: entry.currency ?? r.currency,
        name: entry.name ?? r.seriesName,
      });
    } else {
      unknown.set(r.ticker, {
        ticker: r.ticker,
        row: rowNumbers[i]!,
        rows: 1,
        kind: r.seriesKind,
        currency: r.currency,
        name: r.seriesName,
      });
    }
  });
  const kindOf = (ticker: string) =>
    known.get(ticker)?.kind ?? choices.get(ticker)?.kind ?? unknown.get(ticker)?.kind ?? null;

  const rules = await readValidation(db);
  const errors: RowError[] = [];
  const label = labelOf('prices', 'close');
  rows.forEach((r, i) => {
    const kind = kindOf(r.ticker) as MarketSeriesKind | null;
    if (kind === null) return;
    const reason = valueRefusal(kind, r.close, rules);
    if (reason === null) return;
    const value = String(r.close).replace('.', ',');
    const row = rowNumbers[i]!;
    errors.push({
      row,
      field: label,
      value,
      message: formatError(row, label, value, reason).message,
    });
  });
  if (errors.length > 0) throw new ImportRejectedError(errors);

  const checkable = rows
    .map((r, i) => ({ row: rowNumbers[i]!, ticker: r.ticker, date: r.date, value: r.close }))
    .filter((r) => kindOf(r.ticker) !== null);
  const { changes, warnings } = compareWithStored(
    checkable,
    await storedAround(
      db,
      rows.filter((r) => known.has(r.ticker)),
    ),
    (t) => kindOf(t) as MarketSeriesKind,
    rules,
  );
  const unresolved = [...unknown.values()].filter((u) => !choices.has(u.ticker));
  const needChanges = changes.length > 0 && !options.confirmReplace;
  const needWarnings = warnings.length > 0 && !options.acceptWarnings;
  if (unresolved.length > 0 || needChanges || needWarnings || ambiguousNumbers.length > 0)
    throw new PriceImportNeedsConfirmationError(
      [...unknown.values()].filter((u) => !choices.has(u.ticker)),
      needChanges ? changes : [],
      needWarnings ? warnings : [],
      ambiguousNumbers,
    );

  return db.transaction(async (tx) => {
    const createdSeries: string[] = [];
    for (const u of unknown.values()) {
      const choice = choices.get(u.ticker)!;
      const created = await insertSeries(tx, {
        ticker: u.ticker,
        name: choice.name ?? u.name ?? u.ticker,
        kind: choice.kind,
        currency: choice.currency,
        unit: null,
        source: 'file',
        instrumentCode: null,
        tenorDays: choice.kind === 'curvePoint' ? choice.tenorDays : null,
      });
      await recordAudit(tx, {
        actor,
        action: 'market-series.create',
        entity: 'market-series',
        entityId: u.ticker,
        after: { ...created, createdBy: `import ${fileName}` },
      });
      createdSeries.push(u.ticker);
    }
    const { inserted, updated } = await upsertValues(tx, rows);
    await refreshForTickers(tx, tickers);
    const response: WriteResponse = {
      kind: 'prices',
      rowCount: rows.length,
      inserted,
      updated,
      replacedSnapshots: [],
      createdSeries,
      createdPortfolios: [],
      changes,
      acceptedWarnings: warnings.length,
      fieldChanges: [],
    };
    await recordAudit(tx, {
      actor,
      action: 'import.prices',
      entity: 'import',
      entityId: fileName,
      // The old values of every replaced point stay in the trail.
      before: changes.length > 0 ? { changes } : null,
      // The accepted jumps (the first 1,000; the count in full).
      after: {
        ...response,
        changes: changes.length,
        warnings: warnings.slice(0, 1_000),
        warningCount: warnings.length,
      },
    });
    await options.within?.(tx, response);
    return response;
  });
};
