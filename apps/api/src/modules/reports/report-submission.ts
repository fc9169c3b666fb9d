import { z } from 'zod';
import { isAnalysisType, ReportSectionSchema, type TokenClaims } from '@fonrisk/contracts';
import type { Executor, ReportRow } from '@fonrisk/db';
import type { FieldError } from '../../shared/domain-errors.ts';
import { submissionProblems } from '../analyses/run-submission.ts';
import { planSection, type SourceRunScope } from './report-section-plan.ts';
import { ReportInputsUnavailableError } from './reports.errors.ts';

/** The request's field a reason of a section's analysis belongs to. */
function reportField(
  field: string,
  dates: Pick<ReportRow, 'asOfDate' | 'fromDate' | 'toDate'>,
  analysisBased: boolean,
): string {
  if (analysisBased) return 'sourceRunId';
  const name = field.replace(/^inputs\./, '').replace(/\.\d+$/, '');
  if (['portfolioCode', 'portfolioCodes', 'fundCodes'].includes(name)) return 'portfolioCodes';
  if (['asOfDate', 'fromDate', 'toDate'].includes(name))
    return dates.asOfDate !== null ? 'asOfDate' : name === 'toDate' ? 'toDate' : 'fromDate';
  return 'templateId';
}

/**
 * Refuses a report request (422, no report row) whose analysis sections cannot run: an unknown
 * fund, a date without holdings (naming the nearest dates with data), a period without prices...
 * A section a finished run already covers is not checked (the report reuses that run).
 * Each analysis section of each fund is resolved as the report generator will resolve it
 * (`planSection`), and the run it would start is checked by the analyses' own submission checks
 * (SUBMISSION_CHECKS, decision 0049), so the report asks exactly what a run would. A reason
 * shared by several sections of a fund is given once, naming the sections.
 */
export async function checkReportSections(
  ex: Executor,
  p: {
    readonly user: TokenClaims;
    readonly sections: unknown;
    readonly portfolioCodes: readonly string[];
    readonly dates: Pick<ReportRow, 'asOfDate' | 'fromDate' | 'toDate'>;
    readonly source: SourceRunScope | undefined;
  },
): Promise<void> {
  const sections = z.array(ReportSectionSchema).parse(p.sections);
  const analysisBased = p.source !== undefined;
  const errors: FieldError[] = [];
  const chapters = analysisBased ? [null] : p.portfolioCodes;
  /** Reason → the titles of the sections it stops, in order. */
  const reasons = new Map<string, { field: string; titles: string[] }>();
  const modules: readonly number[] = p.user.modules;
  for (const code of chapters) {
    for (const section of sections) {
      if (section.kind !== 'analysis') continue;
      const plan = await planSection(ex, {
        section,
        code,
        source: p.source,
        row: p.dates,
        allowed: (module) => module === null || modules.includes(module),
      });
      if (plan.kind === 'invalid') errors.push({ field: 'templateId', message: plan.message });
      if (plan.kind !== 'start' || !isAnalysisType(plan.type.id)) continue;
      const title = section.title ?? plan.type.title;
      for (const problem of await submissionProblems(ex, plan.type.id, plan.inputs as never)) {
        const field = reportField(problem.field, p.dates, analysisBased);
        const entry = reasons.get(problem.message) ?? { field, titles: [] };
        if (!entry.titles.includes(title)) entry.titles.push(title);
        reasons.set(problem.message, entry);
      }
    }
  }
  for (const [message, { field, titles }] of reasons)
    errors.push({
      field,
      message: `${message.replace(/\.$/, '')} (${titles.length > 1 ? 'bölümler' : 'bölüm'}: ${titles.map((t) => `"${t}"`).join(', ')}).`,
    });
  if (errors.length > 0) throw new ReportInputsUnavailableError(errors);
}
