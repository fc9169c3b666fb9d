import {
  inArray,
  instruments,
  portfolios,
  sql,
  type Database,
  type Executor,
  type InstrumentRow,
} from '@fonrisk/db';
import {
  FUND_CATEGORY_LABELS,
  type CreatePortfolioRequest,
  type FundCategory,
  type HoldingRow,
  type UnknownPortfolio,
} from '@fonrisk/contracts';
import { formatError } from '../../imports/index.ts';
import type { AuditActor } from '../audit/audit.repository.ts';
import { UnknownPortfoliosError } from '../portfolios/portfolios.errors.ts';
import { createPortfolioRecord } from '../portfolios/portfolios.service.ts';
import { ImportRejectedError } from './imports.errors.ts';

/** The Turkish label of the holdings file's portfolio-code column. */
const PORTFOLIO_CODE_LABEL = 'Portföy Kodu';

const isFundCategory = (v: string | null): v is FundCategory =>
  v !== null && Object.hasOwn(FUND_CATEGORY_LABELS, v);

/** The portfolios a confirmed holdings upload creates, in file order. */
export type NewPortfolioPlan = readonly CreatePortfolioRequest[];

/**
 * A fund defined on `fund-creation` (an instrument with fund terms whose code or fund code is the
 * portfolio code) proposes its portfolio: that code, the fund's name, currency and category
 * (docs/decisions/0046-portfolio-records.md).
 */
async function fundProposals(ex: Executor, codes: readonly string[]) {
  const list = sql.param([...codes]);
  const rows = await ex
    .select()
    .from(instruments)
    .where(
      sql`${instruments.terms}->>'kind' = 'fund' AND (${instruments.code} = ANY(${list}::text[]) OR ${instruments.terms}->>'fundCode' = ANY(${list}::text[]))`,
    )
    .orderBy(instruments.code);
  const byCode = new Map<string, InstrumentRow>();
  for (const r of rows) {
    const terms = r.terms as { fundCode?: string };
    // The instrument's own code wins over another instrument's fund code.
    if (codes.includes(r.code)) byCode.set(r.code, r);
    else if (terms.fundCode !== undefined && !byCode.has(terms.fundCode))
      byCode.set(terms.fundCode, r);
  }
  return byCode;
}

/**
 * Checks the portfolio codes of a parsed holdings file before anything is written: a retired
 * portfolio refuses the file (422 naming its rows); codes that are no portfolio yet answer 409
 * listing them until the request carries a confirmed portfolio for each (`newPortfolios`).
 * Returns the portfolios to create with the file.
 */
export async function planNewPortfolios(
  db: Database,
  rows: readonly HoldingRow[],
  rowNumbers: readonly number[],
  confirmed: readonly CreatePortfolioRequest[],
): Promise<NewPortfolioPlan> {
  const codes = [...new Set(rows.map((r) => r.portfolioCode))];
  const stored = new Map(
    (
      await db
        .select({ code: portfolios.code, retiredAt: portfolios.retiredAt })
        .from(portfolios)
        .where(inArray(portfolios.code, codes))
    ).map((p) => [p.code, p]),
  );
  const retired = rows.flatMap((r, i) =>
    stored.get(r.portfolioCode)?.retiredAt != null
      ? [{ row: rowNumbers[i]!, code: r.portfolioCode }]
      : [],
  );
  if (retired.length > 0)
    throw new ImportRejectedError(
      retired.map(({ row, code }) => ({
        row,
        field: PORTFOLIO_CODE_LABEL,
        value: code,
        message: formatError(
          row,
          PORTFOLIO_CODE_LABEL,
          code,
          'kullanımdan kaldırılmış portföy (önce yeniden etkinleştirin)',
        ).message,
      })),
    );

  const unknown = new Map<string, { row: number; rows: number }>();
  rows.forEach((r, i) => {
    if (stored.has(r.portfolioCode)) return;
    const entry = unknown.get(r.portfolioCode);
    if (entry) entry.rows++;
    else unknown.set(r.portfolioCode, { row: rowNumbers[i]!, rows: 1 });
  });
  const choices = new Map(confirmed.map((c) => [c.code, c]));
  const unresolved = [...unknown.keys()].filter((code) => !choices.has(code));
  if (unresolved.length > 0) {
    const funds = await fundProposals(db, unresolved);
    throw new UnknownPortfoliosError(
      unresolved.map((code): UnknownPortfolio => {
        const fund = funds.get(code);
        const category = fund?.fundCategory ?? null;
        return {
          portfolioCode: code,
          row: unknown.get(code)!.row,
          rows: unknown.get(code)!.rows,
          kind: fund ? 'fund' : null,
          name: fund?.name ?? null,
          currency: fund?.currency ?? null,
          fundCategory: isFundCategory(category) ? category : null,
        };
      }),
    );
  }
  return [...unknown.keys()].map((code) => choices.get(code)!);
}

/** Creates the confirmed portfolios in the import's transaction; returns their codes. */
export async function createPlannedPortfolios(
  tx: Executor,
  actor: AuditActor | null,
  plan: NewPortfolioPlan,
  fileName: string,
): Promise<string[]> {
  for (const request of plan) await createPortfolioRecord(tx, actor, request, fileName);
  return plan.map((p) => p.code);
}
