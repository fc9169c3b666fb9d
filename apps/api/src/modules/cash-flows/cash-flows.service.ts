import type { Database, Executor } from '@fonrisk/db';
import {
  CASH_FLOW_KIND_LABELS,
  firstOverdraft,
  type CashFlow,
  type CashFlowImportRow,
  type CashFlowInput,
  type ImportConflict,
  type TokenClaims,
} from '@fonrisk/contracts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  CashFlowInstrumentNotFoundError,
  CashFlowNotFoundError,
  CashFlowOverdraftError,
  CashFlowPortfolioNotFoundError,
} from './cash-flows.errors.ts';
import {
  cashFlowsBetween,
  cashFlowsOnDates,
  deleteCashFlow,
  deleteCashFlowsOnDates,
  insertCashFlows,
  knownInstruments,
  listCashFlows,
  portfolioExists,
  valuationBefore,
  valuationDateFrom,
} from './cash-flows.repository.ts';

export type CashFlowsService = ReturnType<typeof createCashFlowsService>;

/** A flow without its identity: what a file row and a stored row are compared on. */
const flowKey = (f: CashFlowInput) =>
  JSON.stringify([f.kind, f.amountTry, f.instrumentCode, f.nominal, f.note ?? null]);

/** One portfolio date of a cash-flows file: what is stored and what the file brings. */
export interface CashFlowDateChange {
  readonly portfolioCode: string;
  readonly flowDate: string;
  readonly stored: readonly CashFlow[];
  readonly incoming: readonly CashFlowInput[];
}

/** What a cash-flows import wrote (imports/cashFlows). */
export interface CashFlowImportPlan {
  /** Portfolio dates whose stored flows differ from the file's (the change list to confirm). */
  readonly conflicts: ImportConflict[];
  readonly changes: CashFlowDateChange[];
  /** Portfolio dates that had no stored flow. */
  readonly fresh: CashFlowDateChange[];
  /** Portfolio dates whose stored flows are exactly the file's (nothing to write). */
  readonly unchanged: number;
}

/**
 * The change list of a cash-flows file against the stored model: the file's flows replace the
 * stored flows of each portfolio date it names; a date whose stored flows are the same (as a
 * multiset of kind, amount, security, nominal and note) is left as it is.
 */
export async function planCashFlowImport(
  ex: Executor,
  rows: readonly CashFlowImportRow[],
): Promise<CashFlowImportPlan> {
  const byPortfolio = new Map<string, Map<string, CashFlowInput[]>>();
  for (const { portfolioCode, ...flow } of rows) {
    const dates = byPortfolio.get(portfolioCode) ?? new Map<string, CashFlowInput[]>();
    dates.set(flow.flowDate, [...(dates.get(flow.flowDate) ?? []), flow]);
    byPortfolio.set(portfolioCode, dates);
  }
  const changes: CashFlowDateChange[] = [];
  const fresh: CashFlowDateChange[] = [];
  let unchanged = 0;
  for (const [portfolioCode, dates] of byPortfolio) {
    const stored = await cashFlowsOnDates(ex, portfolioCode, [...dates.keys()]);
    for (const [flowDate, incoming] of dates) {
      const old = stored.filter((f) => f.flowDate === flowDate);
      const entry = { portfolioCode, flowDate, stored: old, incoming };
      if (old.length === 0) fresh.push(entry);
      else if (old.map(flowKey).sort().join('\n') === incoming.map(flowKey).sort().join('\n'))
        unchanged++;
      else changes.push(entry);
    }
  }
  return {
    conflicts: changes.map((c) => ({
      portfolioCode: c.portfolioCode,
      portfolioDate: c.flowDate,
      existingRows: c.stored.length,
    })),
    changes,
    fresh,
    unchanged,
  };
}

/** A flow being entered: its place in the request (1-based, or the file row) and the flow. */
export interface EnteredFlow {
  readonly position: number;
  readonly flow: CashFlowInput;
}

/** A refused outgoing flow: the entered flow it is charged to and the Turkish reason. */
export interface Overdraft {
  readonly position: number;
  readonly message: string;
}

const money = (x: number) =>
  x.toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const trDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

/**
 * Outgoing flows larger than the portfolio's value on their date once `entered` is stored (issue
 * 21): per sub-period between valuations (holdings dates), the value at its start plus the flows
 * since, in date order, stored flows before entered ones of a day, as the customer performance
 * report computes (`firstOverdraft`). Stored flows on `replacedDates` are left out (a file
 * replaces them). A flow before the portfolio's first valuation has no value to compare with.
 */
export async function findOverdrafts(
  ex: Executor,
  code: string,
  entered: readonly EnteredFlow[],
  replacedDates: ReadonlySet<string> = new Set(),
): Promise<Overdraft[]> {
  const out: Overdraft[] = [];
  const checked = new Set<string>();
  for (const e of [...entered].sort((a, b) => a.flow.flowDate.localeCompare(b.flow.flowDate))) {
    const start = await valuationBefore(ex, code, e.flow.flowDate);
    if (!start || checked.has(start.date)) continue;
    checked.add(start.date);
    const end = await valuationDateFrom(ex, code, e.flow.flowDate);
    const inPeriod = (date: string) => date > start.date && (end === null || date <= end);
    const flows = [
      ...(await cashFlowsBetween(ex, code, start.date, end))
        .filter((f) => !replacedDates.has(f.flowDate))
        .map((f) => ({ ...f, position: null as number | null })),
      ...entered
        .filter((x) => inPeriod(x.flow.flowDate))
        .map((x) => ({ ...x.flow, position: x.position })),
    ].sort((a, b) => a.flowDate.localeCompare(b.flowDate));
    const hit = firstOverdraft(start.value, flows);
    if (!hit) continue;
    const f = hit.flow;
    const what = `${trDate(f.flowDate)} tarihli ${CASH_FLOW_KIND_LABELS[f.kind].toLocaleLowerCase('tr-TR')} (${money(f.amountTry)} TL)`;
    const limit = `portföyün o günkü değerini (${money(Math.max(0, hit.available))} TL; ${trDate(start.date)} değerlemesi ve sonraki akışlar)`;
    out.push(
      f.position !== null
        ? { position: f.position, message: `${code} portföyü: ${what}, ${limit} aşıyor.` }
        : {
            position: e.position,
            message: `${code} portföyü: bu akışla kayıtlı ${what}, ${limit} aşar hale geliyor.`,
          },
    );
  }
  return out;
}

/** Writes a planned cash-flows import in the caller's transaction. */
export async function applyCashFlowImport(ex: Executor, plan: CashFlowImportPlan): Promise<void> {
  for (const c of plan.changes) await deleteCashFlowsOnDates(ex, c.portfolioCode, [c.flowDate]);
  const byPortfolio = new Map<string, CashFlowInput[]>();
  for (const c of [...plan.changes, ...plan.fresh])
    byPortfolio.set(c.portfolioCode, [...(byPortfolio.get(c.portfolioCode) ?? []), ...c.incoming]);
  for (const [code, flows] of byPortfolio) await insertCashFlows(ex, code, flows);
}

/** The cash-flow model of portfolios: read, add (all or nothing, audited), delete. */
export function createCashFlowsService(db: Database) {
  async function mustExist(code: string): Promise<void> {
    if (!(await portfolioExists(db, code))) throw new CashFlowPortfolioNotFoundError(code);
  }
  return {
    async list(code: string): Promise<CashFlow[]> {
      await mustExist(code);
      return listCashFlows(db, code);
    },
    async create(
      actor: TokenClaims,
      code: string,
      flows: readonly CashFlowInput[],
    ): Promise<CashFlow[]> {
      await mustExist(code);
      const codes = [
        ...new Set(flows.flatMap((f) => (f.instrumentCode ? [f.instrumentCode] : []))),
      ];
      const known = await knownInstruments(db, codes);
      flows.forEach((f, i) => {
        if (f.instrumentCode !== null && !known.has(f.instrumentCode))
          throw new CashFlowInstrumentNotFoundError(i + 1, f.instrumentCode);
      });
      return db.transaction(async (tx) => {
        const refused = await findOverdrafts(
          tx,
          code,
          flows.map((flow, i) => ({ position: i + 1, flow })),
        );
        if (refused.length > 0) throw new CashFlowOverdraftError(refused);
        const created = await insertCashFlows(tx, code, flows);
        await recordAudit(tx, {
          actor: { userId: actor.userId, username: actor.fullName },
          action: 'cash-flow.create',
          entity: 'portfolio',
          entityId: code,
          after: created,
        });
        return created;
      });
    },
    async remove(actor: TokenClaims, code: string, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const removed = await deleteCashFlow(tx, code, id);
        if (!removed) throw new CashFlowNotFoundError(id);
        await recordAudit(tx, {
          actor: { userId: actor.userId, username: actor.fullName },
          action: 'cash-flow.delete',
          entity: 'portfolio',
          entityId: code,
          before: removed,
        });
      });
    },
  };
}
