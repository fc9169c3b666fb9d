import type { StressScenario, StressScenarioRequest, TokenClaims } from '@fonrisk/contracts';
import { eq, isUniqueViolation, stressScenarios, type Database, type Executor } from '@fonrisk/db';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  ShippedScenarioDeleteError,
  StressComponentError,
  StressScenarioInUseError,
  StressScenarioNameTakenError,
  StressScenarioNotFoundError,
} from './stress-scenarios.errors.ts';
import {
  ensureShippedScenarios,
  findScenarioRow,
  findScenarioRows,
  listScenarioRows,
  requestColumns,
  toStressScenario,
} from './stress-scenarios.repository.ts';

export interface StressScenariosService {
  list(): Promise<StressScenario[]>;
  create(actor: TokenClaims, body: StressScenarioRequest): Promise<StressScenario>;
  update(actor: TokenClaims, id: number, body: StressScenarioRequest): Promise<StressScenario>;
  remove(actor: TokenClaims, id: number): Promise<void>;
}

/** A combination's components must exist, differ from it and not be combinations themselves. */
async function checkComponents(
  ex: Executor,
  body: StressScenarioRequest,
  selfId: number | null,
): Promise<void> {
  if (body.kind !== 'combination') return;
  const ids = [...new Set(body.componentIds)];
  if (ids.length !== body.componentIds.length)
    throw new StressComponentError('aynı senaryo birleşimde bir kez yer alabilir');
  if (selfId !== null && ids.includes(selfId))
    throw new StressComponentError('bir birleşim kendisini içeremez');
  const rows = await findScenarioRows(ex, ids);
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0)
    throw new StressComponentError(`${missing.join(', ')} numaralı senaryo bulunamadı`);
  const nested = rows.find((r) => r.kind === 'combination');
  if (nested)
    throw new StressComponentError(
      `'${nested.name}' bir birleşim; birleşimler yalnızca varsayımsal ve tarihsel senaryolardan oluşur`,
    );
}

async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new StressScenarioNameTakenError(name);
    throw error;
  }
}

export function createStressScenariosService(db: Database): StressScenariosService {
  let seeded = false;
  async function seed(): Promise<void> {
    if (seeded) return;
    await ensureShippedScenarios(db);
    seeded = true;
  }
  return {
    async list() {
      await seed();
      return (await listScenarioRows(db)).map(toStressScenario);
    },
    async create(actor, body) {
      await seed();
      return uniqueName(body.name, () =>
        db.transaction(async (tx) => {
          await checkComponents(tx, body, null);
          const [row] = await tx
            .insert(stressScenarios)
            .values({ ...requestColumns(body), createdBy: actor.userId })
            .returning();
          const created = toStressScenario(row!);
          await recordAudit(tx, {
            actor,
            action: 'stress-scenario.create',
            entity: 'stress-scenario',
            entityId: created.id,
            after: created,
          });
          return created;
        }),
      );
    },
    async update(actor, id, body) {
      return uniqueName(body.name, () =>
        db.transaction(async (tx) => {
          const before = await findScenarioRow(tx, id);
          if (!before) throw new StressScenarioNotFoundError(id);
          await checkComponents(tx, body, id);
          if (before.kind !== 'combination' && body.kind === 'combination') {
            // A scenario used in a combination cannot become one (no nesting).
            const users = (await listScenarioRows(tx)).find((r) => r.componentIds.includes(id));
            if (users) throw new StressScenarioInUseError(before.name, users.name);
          }
          const [row] = await tx
            .update(stressScenarios)
            .set({ ...requestColumns(body), updatedAt: new Date() })
            .where(eq(stressScenarios.id, id))
            .returning();
          const updated = toStressScenario(row!);
          await recordAudit(tx, {
            actor,
            action: 'stress-scenario.update',
            entity: 'stress-scenario',
            entityId: id,
            before: toStressScenario(before),
            after: updated,
          });
          return updated;
        }),
      );
    },
    async remove(actor, id) {
      await db.transaction(async (tx) => {
        const before = await findScenarioRow(tx, id);
        if (!before) throw new StressScenarioNotFoundError(id);
        if (before.isShipped) throw new ShippedScenarioDeleteError(before.name);
        const users = (await listScenarioRows(tx)).find((r) => r.componentIds.includes(id));
        if (users) throw new StressScenarioInUseError(before.name, users.name);
        await tx.delete(stressScenarios).where(eq(stressScenarios.id, id));
        await recordAudit(tx, {
          actor,
          action: 'stress-scenario.delete',
          entity: 'stress-scenario',
          entityId: id,
          before: toStressScenario(before),
        });
      });
    },
  };
}
