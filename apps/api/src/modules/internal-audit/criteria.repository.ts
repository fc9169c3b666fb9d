import { CriterionRuleSchema, type Criterion, type CriterionRule } from '@fonrisk/contracts';
import {
  type AuditCriterionRow,
  type Executor,
  and,
  asc,
  auditCriteria,
  desc,
  eq,
  isNull,
} from '@fonrisk/db';

/** A stored version as the API returns it (a rule that no longer parses is skipped). */
export function toCriterion(row: AuditCriterionRow): Criterion | null {
  const rule = CriterionRuleSchema.safeParse(row.rule);
  if (!rule.success) return null;
  return {
    ...rule.data,
    id: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
  };
}

/** Current versions (not superseded), retired ones left out unless asked for. */
export async function currentRows(ex: Executor, withRetired = false): Promise<AuditCriterionRow[]> {
  return ex
    .select()
    .from(auditCriteria)
    .where(
      withRetired
        ? isNull(auditCriteria.supersededAt)
        : and(isNull(auditCriteria.supersededAt), isNull(auditCriteria.retiredAt)),
    )
    .orderBy(asc(auditCriteria.code));
}

export async function currentRow(ex: Executor, code: string): Promise<AuditCriterionRow | null> {
  const [row] = await ex
    .select()
    .from(auditCriteria)
    .where(and(eq(auditCriteria.code, code), isNull(auditCriteria.supersededAt)))
    .for('update');
  return row ?? null;
}

export async function versionRows(ex: Executor, code: string): Promise<AuditCriterionRow[]> {
  return ex
    .select()
    .from(auditCriteria)
    .where(eq(auditCriteria.code, code))
    .orderBy(desc(auditCriteria.version));
}

export interface Author {
  readonly userId: number | null;
  readonly name: string | null;
}

/** Inserts version `version` of a rule (the caller superseded the previous one). */
export async function insertVersion(
  ex: Executor,
  rule: CriterionRule,
  version: number,
  author: Author,
): Promise<AuditCriterionRow> {
  const [row] = await ex
    .insert(auditCriteria)
    .values({
      code: rule.code,
      version,
      rule,
      createdBy: author.userId,
      createdByName: author.name,
    })
    .returning();
  return row!;
}

export async function supersede(ex: Executor, id: number, at: Date): Promise<void> {
  await ex.update(auditCriteria).set({ supersededAt: at }).where(eq(auditCriteria.id, id));
}

export async function retire(ex: Executor, id: number, at: Date): Promise<void> {
  await ex.update(auditCriteria).set({ retiredAt: at }).where(eq(auditCriteria.id, id));
}
