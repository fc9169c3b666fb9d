import type { Database } from '@fonrisk/db';
import type { CashFlow, CashFlowInput, TokenClaims } from '@fonrisk/contracts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  CashFlowInstrumentNotFoundError,
  CashFlowNotFoundError,
  CashFlowPortfolioNotFoundError,
} from './cash-flows.errors.ts';
import {
  deleteCashFlow,
  insertCashFlows,
  knownInstruments,
  listCashFlows,
  portfolioExists,
} from './cash-flows.repository.ts';

export type CashFlowsService = ReturnType<typeof createCashFlowsService>;

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
