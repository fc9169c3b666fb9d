import {
  and,
  desc,
  eq,
  lte,
  marketSeries,
  marketValues,
  tickerMappings,
  type Database,
} from '@fonrisk/db';
import type {
  BondCashflows,
  Instrument,
  InstrumentListQuery,
  TokenClaims,
} from '@fonrisk/contracts';
import { recordAudit } from '../audit/audit.repository.ts';
import { bondCashflows, type BondQuote } from './bond-cashflows.ts';
import {
  InstrumentCodeMismatchError,
  InstrumentCodeTakenError,
  InstrumentHeldError,
  InstrumentNotFoundError,
  NotABondError,
} from './instruments.errors.ts';
import {
  deleteInstrument,
  findInstrument,
  fromInstrument,
  listInstruments,
  portfoliosHolding,
  toInstrument,
  updateInstrument,
  upsertInstrument,
} from './instruments.repository.ts';

export type InstrumentsService = ReturnType<typeof createInstrumentsService>;

const YIELD_KINDS = new Set(['yield', 'curvePoint']);

/** The instrument master: CRUD with audit, and bond cash flows from the mapped series. */
export function createInstrumentsService(db: Database) {
  async function mustFind(code: string): Promise<Instrument> {
    const row = await findInstrument(db, code);
    if (!row) throw new InstrumentNotFoundError(code);
    return toInstrument(row);
  }

  /** Latest value of the mapped series on or before `date`: a clean price or a yield. */
  async function quoteOf(code: string, date: string): Promise<BondQuote> {
    const [row] = await db
      .select({ kind: marketSeries.kind, value: marketValues.value })
      .from(tickerMappings)
      .innerJoin(marketSeries, eq(marketSeries.ticker, tickerMappings.seriesTicker))
      .innerJoin(marketValues, eq(marketValues.ticker, tickerMappings.seriesTicker))
      .where(and(eq(tickerMappings.instrumentCode, code), lte(marketValues.date, date)))
      .orderBy(desc(marketValues.date))
      .limit(1);
    if (!row) return null;
    return YIELD_KINDS.has(row.kind)
      ? { kind: 'yield', valuePct: row.value }
      : { kind: 'price', value: row.value };
  }

  return {
    async list(query: InstrumentListQuery): Promise<Instrument[]> {
      return (await listInstruments(db, query)).map(toInstrument);
    },

    get: mustFind,

    async create(actor: TokenClaims, instrument: Instrument): Promise<Instrument> {
      return db.transaction(async (tx) => {
        if (await findInstrument(tx, instrument.code))
          throw new InstrumentCodeTakenError(instrument.code);
        await upsertInstrument(tx, fromInstrument(instrument));
        await recordAudit(tx, {
          actor,
          action: 'instrument.create',
          entity: 'instrument',
          entityId: instrument.code,
          after: instrument,
        });
        return instrument;
      });
    },

    async update(actor: TokenClaims, code: string, instrument: Instrument): Promise<Instrument> {
      if (instrument.code !== code) throw new InstrumentCodeMismatchError();
      return db.transaction(async (tx) => {
        const before = await findInstrument(tx, code);
        if (!before) throw new InstrumentNotFoundError(code);
        await updateInstrument(tx, fromInstrument(instrument));
        await recordAudit(tx, {
          actor,
          action: 'instrument.update',
          entity: 'instrument',
          entityId: code,
          before: toInstrument(before),
          after: instrument,
        });
        return instrument;
      });
    },

    async remove(actor: TokenClaims, code: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await findInstrument(tx, code);
        if (!before) throw new InstrumentNotFoundError(code);
        const held = await portfoliosHolding(tx, code);
        if (held.length > 0) throw new InstrumentHeldError(code, held);
        await deleteInstrument(tx, code);
        await recordAudit(tx, {
          actor,
          action: 'instrument.delete',
          entity: 'instrument',
          entityId: code,
          before: toInstrument(before),
        });
      });
    },

    async cashflows(code: string, settlement: string): Promise<BondCashflows> {
      const instrument = await mustFind(code);
      if (instrument.terms.kind !== 'bond') throw new NotABondError(code);
      return bondCashflows(instrument.terms, settlement, await quoteOf(code, settlement));
    },
  };
}
