import type { CorporateActionInput, CorporateActionView, TokenClaims } from '@fonrisk/contracts';
import {
  corporateActions,
  eq,
  instruments,
  isUniqueViolation,
  type Database,
  type Executor,
} from '@fonrisk/db';
import { InvalidInputError as RiskInputError } from '@fonrisk/risk';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  CorporateActionImplausibleError,
  CorporateActionInstrumentError,
  CorporateActionNotFoundError,
  CorporateActionTakenError,
} from './corporate-actions.errors.ts';
import { listActions } from './corporate-actions.repository.ts';
import { refreshForInstruments } from './derived-series.ts';

export type CorporateActionsService = ReturnType<typeof createCorporateActionsService>;

async function checkInstrument(ex: Executor, code: string) {
  const [found] = await ex
    .select({ code: instruments.code })
    .from(instruments)
    .where(eq(instruments.code, code));
  if (!found) throw new CorporateActionInstrumentError(code);
}

/** Rebuilds the derived series, turning an implausible action into a Turkish 422. */
async function refresh(ex: Executor, codes: readonly string[], exDate: string) {
  try {
    await refreshForInstruments(ex, codes);
  } catch (error) {
    if (error instanceof RiskInputError) throw new CorporateActionImplausibleError(exDate);
    throw error;
  }
}

function values(input: CorporateActionInput) {
  return {
    instrumentCode: input.instrumentCode,
    kind: input.kind,
    exDate: input.exDate,
    ratio: input.ratio,
    amount: input.amount,
    subscriptionPrice: input.subscriptionPrice,
    note: input.note,
  };
}

/**
 * Corporate actions entered on the screen; each write rebuilds the adjusted and total-return
 * series of the instrument's price series in the same transaction, and is audited.
 */
export function createCorporateActionsService(db: Database) {
  async function one(ex: Executor, id: number): Promise<CorporateActionView> {
    const [found] = await listActions(ex, { id });
    if (!found) throw new CorporateActionNotFoundError(id);
    return found;
  }
  const unique = async <T>(input: CorporateActionInput, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error))
        throw new CorporateActionTakenError(input.instrumentCode, input.exDate);
      throw error;
    }
  };

  return {
    list: (instrumentCode: string | undefined) => listActions(db, { instrumentCode }),

    create: (actor: TokenClaims, input: CorporateActionInput) =>
      unique(input, () =>
        db.transaction(async (tx) => {
          await checkInstrument(tx, input.instrumentCode);
          const [row] = await tx
            .insert(corporateActions)
            .values(values(input))
            .returning({ id: corporateActions.id });
          await refresh(tx, [input.instrumentCode], input.exDate);
          const created = await one(tx, row!.id);
          await recordAudit(tx, {
            actor,
            action: 'corporate-action.create',
            entity: 'corporate-action',
            entityId: created.id,
            after: created,
          });
          return created;
        }),
      ),

    update: (actor: TokenClaims, id: number, input: CorporateActionInput) =>
      unique(input, () =>
        db.transaction(async (tx) => {
          const before = await one(tx, id);
          await checkInstrument(tx, input.instrumentCode);
          await tx.update(corporateActions).set(values(input)).where(eq(corporateActions.id, id));
          await refresh(
            tx,
            [...new Set([before.instrumentCode, input.instrumentCode])],
            input.exDate,
          );
          const after = await one(tx, id);
          await recordAudit(tx, {
            actor,
            action: 'corporate-action.update',
            entity: 'corporate-action',
            entityId: id,
            before,
            after,
          });
          return after;
        }),
      ),

    remove: (actor: TokenClaims, id: number) =>
      db.transaction(async (tx) => {
        const before = await one(tx, id);
        await tx.delete(corporateActions).where(eq(corporateActions.id, id));
        await refresh(tx, [before.instrumentCode], before.exDate);
        await recordAudit(tx, {
          actor,
          action: 'corporate-action.delete',
          entity: 'corporate-action',
          entityId: id,
          before,
        });
      }),
  };
}
