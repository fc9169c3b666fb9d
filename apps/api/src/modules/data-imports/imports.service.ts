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
  IMPORT_COLUMNS,
  type FxRateRow,
  type HoldingRow,
  type ImportConflict,
  type ImportKind,
  type ImportResponse,
  type Instrument,
  type PriceRow,
} from '@fonrisk/contracts';
import {
  normalizeName,
  parseImportFile,
  type ImportError,
  type ImportLookups,
} from '../../imports/index.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import {
  fromInstrument,
  instrumentCodes,
  upsertInstrument,
} from '../instruments/instruments.repository.ts';
import { ImportRejectedError, SnapshotsExistError, type RowError } from './imports.errors.ts';

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

/** The Turkish label of the column a file header names (the header itself when unknown). */
function labelOf(kind: ImportKind, header: string | null): string {
  if (header === null) return 'Dosya';
  const wanted = normalizeName(header);
  const column = IMPORT_COLUMNS[kind].find((c) =>
    [c.key, c.label, ...(c.aliases ?? [])].some((n) => normalizeName(n) === wanted),
  );
  return column?.label ?? header;
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
      case 'holdings': {
        const rows = await db.select({ code: portfolios.code }).from(portfolios);
        return {
          portfolioCodes: new Set(rows.map((r) => r.code)),
          instrumentCodes: await instrumentCodes(db),
        };
      }
      case 'prices': {
        const rows = await db.select({ ticker: marketSeries.ticker }).from(marketSeries);
        return { tickers: new Set(rows.map((r) => r.ticker)) };
      }
      case 'fxRates': {
        const rows = await db.selectDistinct({ currency: fxRates.currency }).from(fxRates);
        return { currencies: new Set([...TCMB_CURRENCIES, ...rows.map((r) => r.currency)]) };
      }
      case 'instruments':
        return {};
    }
  }

  async function writeHoldings(
    tx: Executor,
    rows: HoldingRow[],
    confirmReplace: boolean,
  ): Promise<Omit<ImportResponse, 'kind' | 'rowCount'>> {
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
    };
  }

  /** One statement for any number of rows: arrays unnested, upserted, counted by xmax. */
  async function writePrices(tx: Executor, rows: PriceRow[]) {
    const result = await tx.execute<{ inserted: boolean }>(sql`
      INSERT INTO market_values (ticker, date, value)
      SELECT * FROM unnest(${list(rows, (r) => r.ticker)}::text[], ${list(rows, (r) => r.date)}::date[],
                           ${list(rows, (r) => r.close)}::float8[])
      ON CONFLICT (ticker, date) DO UPDATE SET value = excluded.value
      RETURNING (xmax = 0) AS inserted`);
    const inserted = result.rows.filter((r) => r.inserted).length;
    return { inserted, updated: result.rows.length - inserted, replacedSnapshots: [] };
  }

  async function writeFxRates(tx: Executor, rows: FxRateRow[]) {
    const result = await tx.execute<{ inserted: boolean }>(sql`
      INSERT INTO fx_rates (currency, date, forex_buying, forex_selling, banknote_buying, banknote_selling)
      SELECT * FROM unnest(${list(rows, (r) => r.currency)}::text[], ${list(rows, (r) => r.date)}::date[],
        ${list(rows, (r) => r.forexBuying)}::numeric[], ${list(rows, (r) => r.forexSelling)}::numeric[],
        ${list(rows, (r) => r.banknoteBuying)}::numeric[], ${list(rows, (r) => r.banknoteSelling)}::numeric[])
      ON CONFLICT (currency, date) DO UPDATE SET forex_buying = excluded.forex_buying,
        forex_selling = excluded.forex_selling, banknote_buying = excluded.banknote_buying,
        banknote_selling = excluded.banknote_selling
      RETURNING (xmax = 0) AS inserted`);
    const inserted = result.rows.filter((r) => r.inserted).length;
    return { inserted, updated: result.rows.length - inserted, replacedSnapshots: [] };
  }

  async function writeInstruments(tx: Executor, rows: Instrument[]) {
    let inserted = 0;
    for (const row of rows) if (await upsertInstrument(tx, fromInstrument(row))) inserted++;
    return { inserted, updated: rows.length - inserted, replacedSnapshots: [] };
  }

  return {
    /**
     * `actor` null: the scheduler (FTP pulls). `within` runs in the import's transaction after
     * the rows are written, so that a caller's own record of the import (the FTP transfer log)
     * is written with it or not at all.
     */
    async importFile(
      actor: AuditActor | null,
      kind: ImportKind,
      data: Uint8Array,
      fileName: string,
      confirmReplace: boolean,
      within?: (tx: Executor, response: ImportResponse) => Promise<void>,
    ): Promise<ImportResponse> {
      const parsed = await parseImportFile(kind, data, { lookups: await lookups(kind) });
      if (!parsed.ok) throw new ImportRejectedError(toRowErrors(kind, parsed.errors));
      const rows = parsed.rows;
      return db.transaction(async (tx) => {
        const written =
          kind === 'holdings'
            ? await writeHoldings(tx, rows as HoldingRow[], confirmReplace)
            : kind === 'prices'
              ? await writePrices(tx, rows as PriceRow[])
              : kind === 'fxRates'
                ? await writeFxRates(tx, rows as FxRateRow[])
                : await writeInstruments(tx, rows as Instrument[]);
        const response: ImportResponse = { kind, rowCount: rows.length, ...written };
        await recordAudit(tx, {
          actor,
          action: `import.${kind}`,
          entity: 'import',
          entityId: fileName,
          before:
            written.replacedSnapshots.length > 0
              ? { replacedSnapshots: written.replacedSnapshots }
              : null,
          after: response,
        });
        await within?.(tx, response);
        return response;
      });
    },
  };
}

export { instruments };
