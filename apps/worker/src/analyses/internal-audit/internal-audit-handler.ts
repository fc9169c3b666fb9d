// 'internal-audit': chosen portfolios against their investment-limit criteria on a date or over
// a range; with updateTracking, the daily outcomes open, extend and close tracked breaches.
import {
  AUDIT_STATUS_LABELS,
  CRITERION_SEVERITY_LABELS,
  CriterionRuleSchema,
  type AuditLine,
  type AuditSeries,
  type AuditedCriterion,
  type DailyOutcome,
  type InternalAuditInputs,
  type InternalAuditResult,
  aggregationUnit,
  criterionApplies,
  evaluateCriterion,
  formatAuditValue,
  formatLimit,
  buildTable,
  INTERNAL_AUDIT_TABLES,
} from '@fonrisk/contracts';
import { type Database, and, auditCriteria, isNull } from '@fonrisk/db';
import { AnalysisInputError, RunCancelledError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import { loadAuditBooks } from './audit-book.ts';
import type { AuditCriterion } from './audit-criterion.ts';
import { applyBreachTracking } from './breach-tracking.ts';

export type { AuditCriterion } from './audit-criterion.ts';

/** A criterion version as the audit uses it. */
/** Current (not superseded, not retired) enabled criteria, by code; `codes` narrows them. */
export async function currentCriteria(
  db: Database,
  codes?: readonly string[],
): Promise<AuditCriterion[]> {
  const rows = await db
    .select()
    .from(auditCriteria)
    .where(and(isNull(auditCriteria.supersededAt), isNull(auditCriteria.retiredAt)))
    .orderBy(auditCriteria.code);
  const wanted = codes && codes.length > 0 ? new Set(codes) : null;
  const out: AuditCriterion[] = [];
  for (const r of rows) {
    if (wanted && !wanted.has(r.code)) continue;
    const rule = CriterionRuleSchema.safeParse(r.rule);
    if (!rule.success || !rule.data.enabled) continue;
    out.push({ id: r.id, version: r.version, rule: rule.data });
  }
  if (wanted) {
    const missing = [...wanted].filter((c) => !out.some((x) => x.rule.code === c));
    if (missing.length)
      throw new AnalysisInputError(`Kriter bulunamadı veya devre dışı: ${missing.join(', ')}.`);
  }
  return out;
}

/** Most offending holdings and keys kept per line (the full lists stay in the preview). */
const TOP = 25;

async function runInternalAudit(ctx: RunContext<InternalAuditInputs>) {
  const { inputs } = ctx;
  const criteria = await currentCriteria(ctx.db, inputs.criterionCodes);
  if (criteria.length === 0) throw new AnalysisInputError('Denetlenecek etkin kriter yok.');
  await ctx.progress(0.05, 'Portföy dağılımları okunuyor');
  const books = await loadAuditBooks(
    ctx.db,
    inputs.portfolioCodes,
    inputs.asOfDate !== undefined
      ? { asOfDate: inputs.asOfDate }
      : { fromDate: inputs.fromDate!, toDate: inputs.toDate! },
    criteria.flatMap((c) =>
      c.rule.filters.flatMap((f) =>
        f.kind === 'values' && f.field === 'column' && f.column !== undefined ? [f.column] : [],
      ),
    ),
  );
  const range = inputs.asOfDate === undefined;
  const outcomes: DailyOutcome[] = [];
  const last = new Map<string, AuditLine>();
  const failing = new Map<string, number>();
  const series = new Map<string, AuditSeries>();
  const names = new Map<string, string>();
  for (const [k, book] of books.entries()) {
    if (ctx.signal.aborted) throw new RunCancelledError();
    if (k % 50 === 0)
      await ctx.progress(
        0.1 + (0.8 * k) / books.length,
        `${book.portfolioCode} ${book.date} denetleniyor`,
      );
    names.set(book.portfolioCode, book.portfolioName);
    const context = { asOfDate: book.date, nav: book.nav, fundCategory: book.fundCategory };
    for (const c of criteria) {
      if (c.rule.effectiveFrom > book.date) continue;
      if (!criterionApplies(c.rule.scope, book.portfolioCode, book.fundCategory)) continue;
      const r = evaluateCriterion(c.rule, book.holdings, context);
      const key = `${book.portfolioCode}|${c.rule.code}`;
      outcomes.push({
        portfolioCode: book.portfolioCode,
        criterionCode: c.rule.code,
        criterionId: c.id,
        date: book.date,
        status: r.status,
        value: r.value,
      });
      if (r.status !== 'pass') failing.set(key, (failing.get(key) ?? 0) + 1);
      last.set(key, {
        portfolioCode: book.portfolioCode,
        portfolioName: book.portfolioName,
        criterionCode: c.rule.code,
        date: book.date,
        value: r.value,
        status: r.status,
        margin: r.margin,
        failingDays: 0,
        keys: r.keys.slice(0, TOP),
        contributions: (r.status === 'pass'
          ? r.contributions
          : [
              ...r.contributions.filter((x) => x.offending),
              ...r.contributions.filter((x) => !x.offending),
            ]
        ).slice(0, TOP),
      });
      if (range) {
        let s = series.get(key);
        if (!s)
          series.set(
            key,
            (s = {
              portfolioCode: book.portfolioCode,
              criterionCode: c.rule.code,
              dates: [],
              values: [],
              statuses: [],
            }),
          );
        s.dates.push(book.date);
        s.values.push(r.value);
        s.statuses.push(r.status);
      }
    }
  }
  const lines = [...last.entries()].map(([key, l]) => ({
    ...l,
    failingDays: failing.get(key) ?? 0,
  }));
  const byCode = new Map(criteria.map((c) => [c.rule.code, c]));
  const audited: AuditedCriterion[] = criteria
    .filter((c) => lines.some((l) => l.criterionCode === c.rule.code))
    .map((c) => {
      const unit = aggregationUnit(c.rule.measure.aggregation);
      return {
        id: c.id,
        code: c.rule.code,
        version: c.version,
        name: c.rule.name,
        group: c.rule.group,
        source: c.rule.source,
        confirmed: c.rule.confirmed,
        severity: c.rule.severity,
        unit,
        comparison: c.rule.comparison,
        limitText: formatLimit(c.rule.comparison, unit),
      };
    });
  const info = new Map(audited.map((a) => [a.code, a]));

  let tracking: InternalAuditResult['tracking'] = null;
  if (inputs.updateTracking === true) {
    await ctx.progress(0.92, 'İhlal takibi güncelleniyor');
    tracking = await applyBreachTracking(ctx.db, outcomes, byCode, info);
  }
  await ctx.progress(1, 'İç denetim tamamlandı');
  const dates = [...new Set(books.map((b) => b.date))].sort();
  const count = (s: string) => lines.filter((l) => l.status === s).length;
  const result: InternalAuditResult = {
    asOfDate: inputs.asOfDate ?? null,
    fromDate: inputs.fromDate ?? null,
    toDate: inputs.toDate ?? null,
    dates,
    criteria: audited,
    lines,
    series: [...series.values()],
    summary: {
      portfolios: names.size,
      checks: lines.length,
      pass: count('pass'),
      warning: count('warning'),
      breach: count('breach'),
    },
    tracking,
    tables: {
      results: buildTable(
        INTERNAL_AUDIT_TABLES.results,
        lines.map((l) => {
          const a = info.get(l.criterionCode)!;
          return {
            portfolioCode: l.portfolioCode,
            portfolioName: l.portfolioName,
            date: l.date,
            criterionCode: l.criterionCode,
            criterionName: a.name,
            valueText: formatAuditValue(l.value, a.unit),
            limitText: a.limitText,
            marginText: formatAuditValue(l.margin, a.unit),
            statusLabel: AUDIT_STATUS_LABELS[l.status],
            severityLabel: CRITERION_SEVERITY_LABELS[a.severity],
            failingDays: l.failingDays,
            confirmedLabel: a.confirmed ? 'Teyitli' : 'Teyit edilecek',
          };
        }),
      ),
      offending: buildTable(
        INTERNAL_AUDIT_TABLES.offending,
        lines.flatMap((l) =>
          l.contributions
            .filter((x) => x.offending)
            .map((x) => ({
              portfolioCode: l.portfolioCode,
              criterionCode: l.criterionCode,
              instrumentCode: x.instrumentCode,
              instrumentName: x.instrumentName,
              key: x.key,
              valueTry: x.valueTry,
              weight: x.weight,
            })),
        ),
      ),
    },
  };
  return {
    result,
    dataSnapshot: {
      holdingsDates: Object.fromEntries(
        [...names.keys()].map((p) => [
          p,
          books
            .filter((b) => b.portfolioCode === p)
            .map((b) => b.date)
            .at(-1),
        ]),
      ),
      criteriaVersions: Object.fromEntries(criteria.map((c) => [c.rule.code, c.version])),
    },
  };
}

export const internalAuditHandler: AnalysisHandler<'internal-audit'> = {
  run: runInternalAudit,
};
