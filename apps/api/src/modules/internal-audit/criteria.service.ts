import {
  CriterionRuleSchema,
  SPK_CRITERIA,
  criterionApplies,
  evaluateCriterion,
  type CriteriaImportResponse,
  type Criterion,
  type CriterionPreviewRequest,
  type CriterionPreviewResponse,
  type CriterionRule,
  type NumberFormat,
  type TokenClaims,
} from '@fonrisk/contracts';
import { type Database, type Executor, auditCriteria } from '@fonrisk/db';
import { loadAuditBooks, type AuditBook } from '@fonrisk/worker';
import { recordAudit } from '../audit/audit.repository.ts';
import { readImportSettings } from '../data-imports/import-settings.repository.ts';
import { AmbiguousNumbersError } from '../data-imports/imports.errors.ts';
import {
  criteriaJson,
  criteriaWorkbook,
  parseCriteriaJson,
  parseCriteriaXlsx,
} from './criteria-file.ts';
import {
  type Author,
  currentRow,
  currentRows,
  insertVersion,
  retire,
  supersede,
  toCriterion,
  versionRows,
} from './criteria.repository.ts';
import {
  CriteriaFileError,
  CriterionCodeChangeError,
  CriterionCodeTakenError,
  CriterionNotFoundError,
  PreviewPortfolioError,
} from './internal-audit.errors.ts';

/** What the user confirmed with a criteria upload (see CriteriaImportQuerySchema). */
export interface CriteriaImportOptions {
  readonly acceptWarnings: boolean;
  /** How numbers the file shows no format for are read (decision 0069); else the setting. */
  readonly numberFormat?: NumberFormat;
}

/**
 * The rules of an Excel criteria file; numbers read by the user's default format in a file that
 * shows none wait for confirmation (409 `ambiguousNumbers`), as in every import.
 */
async function readCriteriaXlsx(
  db: Database,
  data: Buffer,
  options: CriteriaImportOptions,
): Promise<CriterionRule[]> {
  const { rules, ambiguousNumbers } = await parseCriteriaXlsx(
    data,
    options.numberFormat ?? (await readImportSettings(db)).numberFormat,
  );
  if (ambiguousNumbers.length > 0 && !options.acceptWarnings)
    throw new AmbiguousNumbersError(ambiguousNumbers);
  return rules;
}

const author = (actor: TokenClaims): Author => ({ userId: actor.userId, name: actor.fullName });
/** Key-order-free JSON (jsonb stores object keys sorted). */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object' && v !== null)
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}
const same = (stored: unknown, rule: CriterionRule): boolean => {
  const parsed = CriterionRuleSchema.safeParse(stored);
  return parsed.success && canonical(parsed.data) === canonical(rule);
};
const present = (c: Criterion | null): c is Criterion => c !== null;

/**
 * Saves a rule: a new code becomes version 1 (or the next version of a retired code); a changed
 * rule supersedes the current version with version n + 1; an unchanged rule is left alone.
 */
async function saveRule(
  tx: Executor,
  rule: CriterionRule,
  who: Author,
  mode: 'create' | 'update' | 'upsert',
): Promise<{ outcome: 'created' | 'updated' | 'unchanged'; row: Criterion }> {
  const current = await currentRow(tx, rule.code);
  const now = new Date();
  if (mode === 'create' && current !== null && current.retiredAt === null)
    throw new CriterionCodeTakenError(rule.code);
  if (mode === 'update' && (current === null || current.retiredAt !== null))
    throw new CriterionNotFoundError(rule.code);
  if (current !== null && current.retiredAt === null && same(current.rule, rule))
    return { outcome: 'unchanged', row: toCriterion(current)! };
  if (current !== null) await supersede(tx, current.id, now);
  const row = await insertVersion(tx, rule, (current?.version ?? 0) + 1, who);
  return {
    outcome: current === null || current.retiredAt !== null ? 'created' : 'updated',
    row: toCriterion(row)!,
  };
}

/** Inserts the shipped SPK criteria whose codes were never stored (a retired one stays retired). */
export async function ensureShippedCriteria(db: Executor): Promise<number> {
  const known = new Set((await currentRows(db, true)).map((r) => r.code));
  const missing = SPK_CRITERIA.filter((c) => !known.has(c.code));
  if (missing.length === 0) return 0;
  await db
    .insert(auditCriteria)
    .values(
      missing.map((rule) => ({
        code: rule.code,
        version: 1,
        rule,
        createdByName: 'Sistem (SPK kural seti)',
      })),
    )
    .onConflictDoNothing();
  return missing.length;
}

export function createCriteriaService(db: Database) {
  return {
    async list(): Promise<Criterion[]> {
      return (await currentRows(db)).map(toCriterion).filter(present);
    },
    async versions(code: string): Promise<Criterion[]> {
      const rows = await versionRows(db, code);
      if (rows.length === 0) throw new CriterionNotFoundError(code);
      return rows.map(toCriterion).filter(present);
    },
    create(actor: TokenClaims, rule: CriterionRule): Promise<Criterion> {
      return db.transaction(async (tx) => {
        const { row } = await saveRule(tx, rule, author(actor), 'create');
        await recordAudit(tx, {
          actor,
          action: 'criterion.create',
          entity: 'audit-criterion',
          entityId: rule.code,
          after: rule,
        });
        return row;
      });
    },
    update(actor: TokenClaims, code: string, rule: CriterionRule): Promise<Criterion> {
      if (rule.code !== code) throw new CriterionCodeChangeError();
      return db.transaction(async (tx) => {
        const before = await currentRow(tx, code);
        const { row, outcome } = await saveRule(tx, rule, author(actor), 'update');
        if (outcome !== 'unchanged')
          await recordAudit(tx, {
            actor,
            action: 'criterion.update',
            entity: 'audit-criterion',
            entityId: code,
            before: before?.rule ?? null,
            after: rule,
          });
        return row;
      });
    },
    remove(actor: TokenClaims, code: string): Promise<void> {
      return db.transaction(async (tx) => {
        const current = await currentRow(tx, code);
        if (current === null || current.retiredAt !== null) throw new CriterionNotFoundError(code);
        await retire(tx, current.id, new Date());
        await recordAudit(tx, {
          actor,
          action: 'criterion.retire',
          entity: 'audit-criterion',
          entityId: code,
          before: current.rule,
        });
      });
    },
    /** All or nothing: the file is checked first, then every rule is saved in one transaction. */
    async importFile(
      actor: TokenClaims,
      data: Buffer,
      fileName: string,
      options: CriteriaImportOptions = { acceptWarnings: false },
    ): Promise<CriteriaImportResponse> {
      const lower = fileName.toLowerCase();
      const rules = lower.endsWith('.json')
        ? parseCriteriaJson(data)
        : lower.endsWith('.xlsx')
          ? await readCriteriaXlsx(db, data, options)
          : (() => {
              throw new CriteriaFileError(
                'Desteklenmeyen dosya türü: .json veya .xlsx uzantılı bir dosya seçin.',
              );
            })();
      return db.transaction(async (tx) => {
        const counts = { created: 0, updated: 0, unchanged: 0 };
        for (const rule of rules)
          counts[(await saveRule(tx, rule, author(actor), 'upsert')).outcome]++;
        await recordAudit(tx, {
          actor,
          action: 'criterion.import',
          entity: 'audit-criterion',
          entityId: fileName,
          after: { ...counts, codes: rules.map((r) => r.code) },
        });
        return counts;
      });
    },
    async exportFile(format: 'json' | 'xlsx'): Promise<Buffer> {
      const rules = (await currentRows(db))
        .map(toCriterion)
        .filter(present)
        .map(({ id: _i, version: _v, createdAt: _c, createdByName: _n, ...rule }) => rule);
      return format === 'json' ? Buffer.from(criteriaJson(rules)) : criteriaWorkbook(rules);
    },
    /** The rule's value on a portfolio's latest holdings on or before the date (not saved). */
    async preview(request: CriterionPreviewRequest): Promise<CriterionPreviewResponse> {
      let books: AuditBook[];
      try {
        books = await loadAuditBooks(db, [request.portfolioCode], { asOfDate: request.asOfDate });
      } catch (error) {
        if (error instanceof Error && error.name === 'AnalysisInputError')
          throw new PreviewPortfolioError(error.message);
        throw error;
      }
      const b = books[0]!;
      const r = evaluateCriterion(request.rule, b.holdings, {
        asOfDate: b.date,
        nav: b.nav,
        fundCategory: b.fundCategory,
      });
      return {
        portfolioCode: b.portfolioCode,
        holdingsDate: b.date,
        navTry: b.nav,
        applies:
          criterionApplies(request.rule.scope, b.portfolioCode, b.fundCategory) &&
          request.rule.effectiveFrom <= b.date,
        value: r.value,
        status: r.status,
        margin: r.margin,
        keys: r.keys.slice(0, 50),
        contributions: r.contributions.slice(0, 100),
      };
    },
  };
}

export type CriteriaService = ReturnType<typeof createCriteriaService>;
