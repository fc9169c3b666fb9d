import {
  fxRates,
  holdings,
  instruments,
  marketSeries,
  portfolios,
  sql,
  type Database,
  type Executor,
  type NewHoldingDbRow,
} from '@fonrisk/db';
import {
  type AmbiguousNumber,
  CASH_FLOW_DIRECTION,
  IMPORT_COLUMNS,
  type CashFlowImportRow,
  type CashFlowInput,
  type CreatePortfolioRequest,
  type CorporateActionInput,
  type NewSeriesChoice,
  type PriceImportRow,
  type UnknownTicker,
  type FxRateRow,
  type HoldingRow,
  type ImportConflict,
  type ImportKind,
  type ImportResponse,
  CACHED_FORMULA_CELLS_LISTED,
  type Instrument,
  type MarketSeriesKind,
  type NumberFormat,
} from '@fonrisk/contracts';
import { InvalidInputError as RiskInputError } from '@fonrisk/risk';
import {
  formatError,
  normalizeName,
  parseImportFile,
  type ImportError,
  type ImportLookups,
} from '../../imports/index.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { instrumentCodes } from '../instruments/instruments.repository.ts';
import { writeInstrumentImport } from '../instruments/instruments-import.ts';
import { writeFxRateImport } from '../market-data/fx-import.ts';
import { readImportSettings } from './import-settings.repository.ts';
import {
  AmbiguousNumbersError,
  CashFlowsChangeError,
  ImportRejectedError,
  SnapshotsExistError,
  type RowError,
} from './imports.errors.ts';
import {
  applyCashFlowImport,
  findOverdrafts,
  planCashFlowImport,
  type EnteredFlow,
  type Overdraft,
} from '../cash-flows/cash-flows.service.ts';
import { refreshForInstruments, refreshForTickers } from '../corporate-actions/derived-series.ts';
import { PriceImportNeedsConfirmationError } from '../market-data/market-data.errors.ts';
import { compareWithStored, valueRefusal, type StoredValue } from '../market-data/price-checks.ts';
import { seriesRows } from '../market-data/series.repository.ts';
import { insertSeries, readValidation } from '../market-data/series.service.ts';
import { createPlannedPortfolios, planNewPortfolios } from './new-portfolios.ts';

/** What the user confirmed with the upload (see ImportQuerySchema). */
export interface ImportOptions {
  readonly confirmReplace: boolean;
  readonly acceptWarnings: boolean;
  /**
   * How numbers the file shows no format for are read, as the user chose on the 409 (decision
   * 0069); else the imports setting.
   */
  readonly numberFormat?: NumberFormat;
  /** Series to create for tickers the file names and the database does not know. */
  readonly newSeries: readonly NewSeriesChoice[];
  /** Portfolios to create for portfolio codes a holdings file names and the database does not know. */
  readonly newPortfolios?: readonly CreatePortfolioRequest[];
  /**
   * Runs in the import's transaction after the rows are written, so that a caller's own record of
   * the import (the FTP transfer log) is written with it or not at all.
   */
  readonly within?: (tx: Executor, response: WriteResponse) => Promise<void>;
}

/** What the writers answer; the reading notes (cached formula cells) are added by `importFile`. */
type WriteResponse = Omit<ImportResponse, 'cachedFormulaCount' | 'cachedFormulaCells'>;
type Written = Omit<WriteResponse, 'kind' | 'rowCount'>;
const NOTHING_MORE: Pick<
  Written,
  'createdSeries' | 'createdPortfolios' | 'changes' | 'acceptedWarnings' | 'fieldChanges'
> = {
  createdSeries: [],
  createdPortfolios: [],
  changes: [],
  acceptedWarnings: 0,
  fieldChanges: [],
};

export type ImportsService = ReturnType<typeof createImportsService>;

/** Currencies TCMB publishes (plus gold), accepted in FX-rate files besides those already stored. */
const TCMB_CURRENCIES = [
  'USD',
  'AUD',
  'DKK',
  'EUR',
  'GBP',
  'CHF',
  'SEK',
  'CAD',
  'KWD',
  'NOK',
  'SAR',
  'JPY',
  'BGN',
  'RON',
  'RUB',
  'IRR',
  'CNY',
  'PKR',
  'QAR',
  'KRW',
  'AZN',
  'AED',
  'XDR',
  'XAU',
];
/** Serialises holdings imports so two uploads of one date cannot interleave. */
const HOLDINGS_LOCK_KEY = 72_610_004;
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
const HOLDINGS_CHUNK = 2_000;

/** Per kind, built once: each folded spelling of a header → the label of the first column it names. */
const LABELS_BY_NAME = new Map<ImportKind, ReadonlyMap<string, string>>();

function labelsByName(kind: ImportKind): ReadonlyMap<string, string> {
  const known = LABELS_BY_NAME.get(kind);
  if (known) return known;
  const labels = new Map<string, string>();
  for (const c of IMPORT_COLUMNS[kind]) {
    for (const name of [c.key, c.label, ...(c.aliases ?? [])]) {
      const folded = normalizeName(name);
      if (!labels.has(folded)) labels.set(folded, c.label);
    }
  }
  LABELS_BY_NAME.set(kind, labels);
  return labels;
}

/** The Turkish label of the column a file header names (the header itself when unknown). */
function labelOf(kind: ImportKind, header: string | null): string {
  if (header === null) return 'Dosya';
  return labelsByName(kind).get(normalizeName(header)) ?? header;
}

function toRowErrors(kind: ImportKind, errors: readonly ImportError[]): RowError[] {
  return errors.map((e) => ({
    ...(e.row === null ? {} : { row: e.row }),
    field: labelOf(kind, e.column),
    value: e.value,
    message: e.message,
  }));
}

function toHoldingRow(row: HoldingRow, rowNo: number): NewHoldingDbRow {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (!HOLDING_CORE_KEYS.has(key) && value !== null) columns[key] = value;
  }
  return {
    portfolioCode: row.portfolioCode,
    portfolioDate: row.portfolioDate,
    rowNo,
    instrumentCode: row.investmentInstrumentCode,
    instrumentName: row.investmentInstrumentName,
    mainType: row.investmentInstrumentMainType,
    currency: row.currency,
    nominalValue: row.nominalValue,
    currentValue: row.currentValue,
    columns,
  };
}

/** One array parameter (drizzle would expand a bare array into a list of parameters). */
const list = <T, V>(rows: readonly T[], pick: (row: T) => V) => sql.param(rows.map(pick));

const snapshotKey = (code: string, date: string) => `${code}\u0000${date}`;

/**
 * All-or-nothing imports: the file is parsed and every row validated (with the codes the
 * database knows) before anything is written; then everything is written in one transaction.
 */
export function createImportsService(db: Database) {
  async function lookups(kind: ImportKind): Promise<ImportLookups> {
    switch (kind) {
      // Unknown portfolio codes are no row errors: planNewPortfolios lists them for confirmation.
      case 'holdings':
        return { instrumentCodes: await instrumentCodes(db) };
      case 'prices': {
        const rows = await db
          .select({ ticker: marketSeries.ticker })
          .from(marketSeries)
          .where(sql`${marketSeries.retiredAt} IS NOT NULL`);
        return { retiredTickers: new Set(rows.map((r) => r.ticker)) };
      }
      case 'corporateActions':
        return { instrumentCodes: await instrumentCodes(db) };
      case 'fxRates': {
        const rows = await db.selectDistinct({ currency: fxRates.currency }).from(fxRates);
        return { currencies: new Set([...TCMB_CURRENCIES, ...rows.map((r) => r.currency)]) };
      }
      case 'cashFlows': {
        const rows = await db.select({ code: portfolios.code }).from(portfolios);
        return {
          portfolioCodes: new Set(rows.map((r) => r.code)),
          instrumentCodes: await instrumentCodes(db),
        };
      }
      case 'instruments':
        return {};
    }
  }

  async function writeHoldings(
    tx: Executor,
    rows: HoldingRow[],
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
    const values: NewHoldingDbRow[] = [];
    for (const [key, snapshot] of snapshots) {
      snapshot.rows.forEach((row, i) => values.push(toHoldingRow(row, i + 1)));
      if (replaced.has(key)) updated += snapshot.rows.length;
      else inserted += snapshot.rows.length;
    }
    for (let i = 0; i < values.length; i += HOLDINGS_CHUNK) {
      await tx.insert(holdings).values(values.slice(i, i + HOLDINGS_CHUNK));
    }
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

  /**
   * One statement for any number of rows: arrays unnested, upserted, counted by xmax. Rows are
   * written in key order, so two uploads of the same dates lock them in the same order and wait
   * for each other instead of deadlocking (issue 22).
   */
  async function upsertValues(tx: Executor, rows: readonly PriceImportRow[]) {
    const result = await tx.execute<{ inserted: boolean }>(sql`
      INSERT INTO market_values (ticker, date, value)
      SELECT * FROM unnest(${list(rows, (r) => r.ticker)}::text[], ${list(rows, (r) => r.date)}::date[],
                           ${list(rows, (r) => r.close)}::float8[]) AS f(ticker, date, value)
      ORDER BY f.ticker, f.date
      ON CONFLICT (ticker, date) DO UPDATE SET value = excluded.value
      RETURNING (xmax = 0) AS inserted`);
    const inserted = result.rows.filter((r) => r.inserted).length;
    return { inserted, updated: result.rows.length - inserted };
  }

  /**
   * The stored values of the file's tickers on the file's date range of each ticker, plus the
   * last value before that range (the base of the first day-over-day move).
   */
  async function storedAround(rows: readonly PriceImportRow[]): Promise<StoredValue[]> {
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
  async function importPrices(
    actor: AuditActor | null,
    rows: PriceImportRow[],
    rowNumbers: readonly number[],
    fileName: string,
    options: ImportOptions,
    ambiguousNumbers: readonly AmbiguousNumber[],
  ): Promise<WriteResponse> {
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
      await storedAround(rows.filter((r) => known.has(r.ticker))),
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
  }

  /**
   * Corporate actions: upserted by instrument, kind and ex-date (the replaced action is kept in
   * the audit entry); the adjusted and total-return series of the instruments are rebuilt in the
   * same transaction. An action the price history cannot carry (a dividend above the price)
   * rejects the file.
   */
  async function writeCorporateActions(
    tx: Executor,
    rows: CorporateActionInput[],
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

  /**
   * Cash flows (issue 13): the file's flows replace the stored flows of each portfolio date it
   * names. A date whose stored flows differ is a change the user confirms (409 with the change
   * list, then confirmReplace); a date whose stored flows are the same is left untouched.
   */
  async function writeCashFlows(
    tx: Executor,
    rows: CashFlowImportRow[],
    confirmReplace: boolean,
    rowNumbers: readonly number[],
  ): Promise<Written & { before: unknown[] }> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${HOLDINGS_LOCK_KEY})`);
    // A withdrawal larger than the portfolio's value on its date is refused with its row (issue
    // 21): the file's flows replace the stored ones of the dates it names.
    const byPortfolio = new Map<string, EnteredFlow[]>();
    rows.forEach(({ portfolioCode, ...flow }, i) =>
      byPortfolio.set(portfolioCode, [
        ...(byPortfolio.get(portfolioCode) ?? []),
        { position: rowNumbers[i]!, flow },
      ]),
    );
    const refused: Overdraft[] = [];
    for (const [code, entered] of byPortfolio)
      refused.push(
        ...(await findOverdrafts(tx, code, entered, new Set(entered.map((e) => e.flow.flowDate)))),
      );
    if (refused.length > 0) {
      const field = labelOf('cashFlows', 'amountTry');
      throw new ImportRejectedError(
        refused.map((r) => ({
          row: r.position,
          field,
          message: formatError(r.position, field, '', r.message).message,
        })),
      );
    }
    const plan = await planCashFlowImport(tx, rows);
    if (plan.conflicts.length > 0 && !confirmReplace) {
      const net = (flows: readonly CashFlowInput[]) =>
        flows.reduce((s, f) => s + CASH_FLOW_DIRECTION[f.kind] * f.amountTry, 0);
      const money = (x: number) =>
        x.toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      throw new CashFlowsChangeError(
        plan.conflicts,
        plan.changes.map((c) => ({
          label: `${c.portfolioCode} ${c.flowDate}`,
          stored: `${c.stored.length} akış, net ${money(net(c.stored))} TL`,
          incoming: `${c.incoming.length} akış, net ${money(net(c.incoming))} TL`,
        })),
      );
    }
    await applyCashFlowImport(tx, plan);
    const count = (list: readonly { incoming: readonly unknown[] }[]) =>
      list.reduce((s, c) => s + c.incoming.length, 0);
    return {
      inserted: count(plan.fresh),
      updated: count(plan.changes),
      replacedSnapshots: plan.conflicts.map(({ portfolioCode, portfolioDate }) => ({
        portfolioCode,
        portfolioDate,
      })),
      ...NOTHING_MORE,
      before: plan.changes.flatMap((c) => c.stored),
    };
  }

  return {
    /**
     * `actor` null: the scheduler (FTP pulls).
     */
    async importFile(
      actor: AuditActor | null,
      kind: ImportKind,
      data: Uint8Array,
      fileName: string,
      options: ImportOptions,
    ): Promise<ImportResponse> {
      const parsed = await parseImportFile(kind, data, {
        // Read once the file's headers are known: a file refused before costs no query.
        load: async () => ({
          lookups: await lookups(kind),
          defaultNumberFormat: options.numberFormat ?? (await readImportSettings(db)).numberFormat,
        }),
      });
      if (!parsed.ok) throw new ImportRejectedError(toRowErrors(kind, parsed.errors));
      const rows = parsed.rows;
      const ambiguous = options.acceptWarnings ? [] : parsed.ambiguousNumbers;
      // Cells read from a saved formula result are named in the answer (decision 0056).
      const notes = {
        cachedFormulaCount: parsed.cachedFormulaCells.length,
        cachedFormulaCells: parsed.cachedFormulaCells.slice(0, CACHED_FORMULA_CELLS_LISTED),
      };
      if (kind === 'prices')
        return {
          ...notes,
          ...(await importPrices(
            actor,
            rows as PriceImportRow[],
            parsed.rowNumbers,
            fileName,
            options,
            ambiguous,
          )),
        };
      if (ambiguous.length > 0) throw new AmbiguousNumbersError(ambiguous);
      const newPortfolios =
        kind === 'holdings'
          ? await planNewPortfolios(
              db,
              rows as HoldingRow[],
              parsed.rowNumbers,
              options.newPortfolios ?? [],
            )
          : [];
      const written = await db.transaction(async (tx) => {
        let before: unknown = null;
        let written: Written;
        if (kind === 'holdings') {
          const created = await createPlannedPortfolios(tx, actor, newPortfolios, fileName);
          written = {
            ...(await writeHoldings(tx, rows as HoldingRow[], options.confirmReplace)),
            createdPortfolios: created,
          };
          if (written.replacedSnapshots.length > 0)
            before = { replacedSnapshots: written.replacedSnapshots };
        } else if (kind === 'fxRates') {
          const result = await writeFxRateImport(
            tx,
            rows as FxRateRow[],
            parsed.blankColumns,
            options.confirmReplace,
          );
          written = { replacedSnapshots: [], ...NOTHING_MORE, ...result };
          if (result.fieldChanges.length > 0) before = { changedRates: result.fieldChanges };
        } else if (kind === 'corporateActions') {
          const result = await writeCorporateActions(
            tx,
            rows as CorporateActionInput[],
            parsed.rowNumbers,
          );
          const { before: replaced, ...rest } = result;
          written = rest;
          if (replaced.length > 0) before = { replacedActions: replaced };
        } else if (kind === 'cashFlows') {
          const result = await writeCashFlows(
            tx,
            rows as CashFlowImportRow[],
            options.confirmReplace,
            parsed.rowNumbers,
          );
          const { before: replaced, ...rest } = result;
          written = rest;
          if (replaced.length > 0) before = { replacedFlows: replaced };
        } else {
          const { replaced, ...result } = await writeInstrumentImport(
            tx,
            rows as Instrument[],
            parsed.blankColumns,
            options.confirmReplace,
          );
          written = { replacedSnapshots: [], ...NOTHING_MORE, ...result };
          if (replaced.length > 0) before = { replacedInstruments: replaced };
        }
        const response: WriteResponse = { kind, rowCount: rows.length, ...written };
        await recordAudit(tx, {
          actor,
          action: `import.${kind}`,
          entity: 'import',
          entityId: fileName,
          before,
          after: response,
        });
        await options.within?.(tx, response);
        return response;
      });
      return { ...written, ...notes };
    },
  };
}

export { instruments };
