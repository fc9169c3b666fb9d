import {
  DEFAULT_MARKET_DATA_VALIDATION,
  MARKET_DATA_VALIDATION_KEY,
  MarketDataValidationSchema,
  type MarketDataValidation,
  type SeriesCreate,
  type SeriesDetail,
  type SeriesUpdate,
  type TokenClaims,
} from '@fonrisk/contracts';
import {
  eq,
  instruments,
  isUniqueViolation,
  marketSeries,
  settings,
  sql,
  type Database,
  type Executor,
} from '@fonrisk/db';
import { recordAudit } from '../audit/audit.repository.ts';
import { refreshForTickers } from '../corporate-actions/derived-series.ts';
import {
  SeriesInstrumentUnknownError,
  SeriesKindLockedError,
  SeriesNotFoundError,
  SeriesTickerTakenError,
} from './market-data.errors.ts';
import { seriesRows, toSeriesDetail } from './series.repository.ts';

/** The stored validation rules, or the defaults when none were saved (or they no longer parse). */
export async function readValidation(ex: Executor): Promise<MarketDataValidation> {
  const [row] = await ex
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, MARKET_DATA_VALIDATION_KEY));
  const parsed = MarketDataValidationSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_MARKET_DATA_VALIDATION;
}

async function checkInstrument(ex: Executor, code: string | null): Promise<void> {
  if (code === null) return;
  const [found] = await ex
    .select({ code: instruments.code })
    .from(instruments)
    .where(eq(instruments.code, code));
  if (!found) throw new SeriesInstrumentUnknownError(code);
}

/** Inserts a series (inside the caller's transaction); a taken ticker is a conflict. */
export async function insertSeries(ex: Executor, s: SeriesCreate): Promise<SeriesDetail> {
  await checkInstrument(ex, s.instrumentCode);
  try {
    const [row] = await ex
      .insert(marketSeries)
      .values({
        ticker: s.ticker,
        name: s.name,
        kind: s.kind,
        currency: s.currency,
        unit: s.unit,
        source: s.source,
        instrumentCode: s.instrumentCode,
        tenorDays: s.tenorDays,
      })
      .returning();
    return toSeriesDetail(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new SeriesTickerTakenError(s.ticker);
    throw error;
  }
}

export type SeriesService = ReturnType<typeof createSeriesService>;

/** Series lifecycle: create, edit, retire and reactivate, each audited. */
export function createSeriesService(db: Database) {
  return {
    async get(ticker: string): Promise<SeriesDetail> {
      const [row] = await seriesRows(db, [ticker]);
      if (!row) throw new SeriesNotFoundError(ticker);
      return toSeriesDetail(row);
    },

    create(actor: TokenClaims, input: SeriesCreate): Promise<SeriesDetail> {
      return db.transaction(async (tx) => {
        const created = await insertSeries(tx, input);
        await recordAudit(tx, {
          actor,
          action: 'market-series.create',
          entity: 'market-series',
          entityId: input.ticker,
          after: created,
        });
        return created;
      });
    },

    update(actor: TokenClaims, ticker: string, input: SeriesUpdate): Promise<SeriesDetail> {
      return db.transaction(async (tx) => {
        const [row] = await seriesRows(tx, [ticker]);
        if (!row) throw new SeriesNotFoundError(ticker);
        const before = toSeriesDetail(row);
        if (input.kind !== row.kind) {
          const n = await tx.execute<{ n: string }>(
            sql`SELECT count(*) AS n FROM market_values WHERE ticker = ${ticker}`,
          );
          const count = Number(n.rows[0]?.n ?? 0);
          if (count > 0) throw new SeriesKindLockedError(ticker, count);
        }
        await checkInstrument(tx, input.instrumentCode);
        const retiredAt = input.retired ? (row.retiredAt ?? new Date()) : null;
        const [updated] = await tx
          .update(marketSeries)
          .set({
            name: input.name,
            kind: input.kind,
            currency: input.currency,
            unit: input.unit,
            source: input.source,
            instrumentCode: input.instrumentCode,
            tenorDays: input.tenorDays,
            retiredAt,
          })
          .where(eq(marketSeries.ticker, ticker))
          .returning();
        const after = toSeriesDetail(updated!);
        // A new instrument link changes which corporate actions adjust the series.
        if (before.instrumentCode !== after.instrumentCode) {
          await tx.execute(sql`DELETE FROM market_values_derived WHERE ticker = ${ticker}`);
          await refreshForTickers(tx, [ticker]);
        }
        const action =
          before.retiredAt === null && after.retiredAt !== null
            ? 'market-series.retire'
            : before.retiredAt !== null && after.retiredAt === null
              ? 'market-series.reactivate'
              : 'market-series.update';
        await recordAudit(tx, {
          actor,
          action,
          entity: 'market-series',
          entityId: ticker,
          before,
          after,
        });
        return after;
      });
    },

    getValidation: () => readValidation(db),

    putValidation(actor: TokenClaims, next: MarketDataValidation): Promise<MarketDataValidation> {
      return db.transaction(async (tx) => {
        const before = await readValidation(tx);
        const now = new Date();
        await tx
          .insert(settings)
          .values({ key: MARKET_DATA_VALIDATION_KEY, value: next, updatedAt: now })
          .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: now } });
        await recordAudit(tx, {
          actor,
          action: 'market-data-validation.update',
          entity: 'settings',
          entityId: MARKET_DATA_VALIDATION_KEY,
          before,
          after: next,
        });
        return next;
      });
    },
  };
}
