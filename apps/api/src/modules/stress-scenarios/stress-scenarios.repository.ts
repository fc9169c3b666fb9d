import {
  asc,
  eq,
  inArray,
  stressScenarios,
  type Executor,
  type StressScenarioRow,
} from '@fonrisk/db';
import {
  StressShocksSchema,
  type StressScenario,
  type StressScenarioRequest,
} from '@fonrisk/contracts';
import { SHIPPED_SCENARIOS } from './shipped-scenarios.ts';

export function toStressScenario(row: StressScenarioRow): StressScenario {
  return {
    id: row.id,
    kind: row.kind as StressScenario['kind'],
    name: row.name,
    description: row.description,
    shocks: row.shocks === null ? null : StressShocksSchema.parse(row.shocks),
    fromDate: row.fromDate,
    toDate: row.toDate,
    componentIds: row.componentIds,
    shipped: row.isShipped,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns of a request (the fields of other kinds cleared). */
export function requestColumns(body: StressScenarioRequest) {
  return {
    kind: body.kind,
    name: body.name,
    description: body.description,
    shocks: body.kind === 'hypothetical' ? (body.shocks as Record<string, unknown>) : null,
    fromDate: body.kind === 'historical' ? body.fromDate : null,
    toDate: body.kind === 'historical' ? body.toDate : null,
    componentIds: body.kind === 'combination' ? body.componentIds : [],
  };
}

/** Inserts the shipped scenarios not yet present (by code); an edited one is kept as edited. */
export async function ensureShippedScenarios(ex: Executor): Promise<void> {
  await ex
    .insert(stressScenarios)
    .values(
      SHIPPED_SCENARIOS.map((s) => ({
        kind: 'hypothetical',
        name: s.name,
        description: s.description,
        shocks: s.shocks,
        shippedCode: s.code,
        isShipped: true,
      })),
    )
    .onConflictDoNothing();
}

export async function listScenarioRows(ex: Executor): Promise<StressScenarioRow[]> {
  return ex.select().from(stressScenarios).orderBy(asc(stressScenarios.id));
}

export async function findScenarioRows(
  ex: Executor,
  ids: readonly number[],
): Promise<StressScenarioRow[]> {
  if (ids.length === 0) return [];
  return ex
    .select()
    .from(stressScenarios)
    .where(inArray(stressScenarios.id, [...ids]));
}

export async function findScenarioRow(ex: Executor, id: number): Promise<StressScenarioRow | null> {
  const [row] = await ex.select().from(stressScenarios).where(eq(stressScenarios.id, id));
  return row ?? null;
}
