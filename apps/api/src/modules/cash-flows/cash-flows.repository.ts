import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  holdings,
  inArray,
  instruments,
  lt,
  lte,
  sql,
  portfolioCashFlows,
  portfolios,
  type Executor,
  type PortfolioCashFlowRow,
} from '@fonrisk/db';
import type { CashFlow, CashFlowInput, CashFlowKind } from '@fonrisk/contracts';

export function toCashFlow(row: PortfolioCashFlowRow): CashFlow {
  return {
    id: row.id,
    portfolioCode: row.portfolioCode,
    flowDate: row.flowDate,
    kind: row.kind as CashFlowKind,
    amountTry: row.amountTry,
    instrumentCode: row.instrumentCode,
    nominal: row.nominal,
    note: row.note,
    isDemo: row.isDemo,
  };
}

export async function portfolioExists(ex: Executor, code: string): Promise<boolean> {
  const [row] = await ex
    .select({ code: portfolios.code })
    .from(portfolios)
    .where(eq(portfolios.code, code));
  return row !== undefined;
}

export async function listCashFlows(ex: Executor, code: string): Promise<CashFlow[]> {
  const rows = await ex
    .select()
    .from(portfolioCashFlows)
    .where(eq(portfolioCashFlows.portfolioCode, code))
    .orderBy(asc(portfolioCashFlows.flowDate), asc(portfolioCashFlows.id));
  return rows.map(toCashFlow);
}

export async function knownInstruments(
  ex: Executor,
  codes: readonly string[],
): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await ex
    .select({ code: instruments.code })
    .from(instruments)
    .where(inArray(instruments.code, [...codes]));
  return new Set(rows.map((r) => r.code));
}

export async function insertCashFlows(
  ex: Executor,
  code: string,
  flows: readonly CashFlowInput[],
): Promise<CashFlow[]> {
  const rows = await ex
    .insert(portfolioCashFlows)
    .values(
      flows.map((f) => ({
        portfolioCode: code,
        flowDate: f.flowDate,
        kind: f.kind,
        amountTry: f.amountTry,
        instrumentCode: f.instrumentCode,
        nominal: f.nominal,
        note: f.note,
      })),
    )
    .returning();
  return rows.map(toCashFlow);
}

export async function deleteCashFlow(
  ex: Executor,
  code: string,
  id: number,
): Promise<CashFlow | null> {
  const [row] = await ex
    .delete(portfolioCashFlows)
    .where(and(eq(portfolioCashFlows.portfolioCode, code), eq(portfolioCashFlows.id, id)))
    .returning();
  return row ? toCashFlow(row) : null;
}

/** The stored flows of a portfolio on the given dates (a re-import's change list). */
export async function cashFlowsOnDates(
  ex: Executor,
  code: string,
  dates: readonly string[],
): Promise<CashFlow[]> {
  if (dates.length === 0) return [];
  const rows = await ex
    .select()
    .from(portfolioCashFlows)
    .where(
      and(
        eq(portfolioCashFlows.portfolioCode, code),
        inArray(portfolioCashFlows.flowDate, [...dates]),
      ),
    )
    .orderBy(asc(portfolioCashFlows.flowDate), asc(portfolioCashFlows.id));
  return rows.map(toCashFlow);
}

/** Deletes a portfolio's flows on the given dates (replaced by a confirmed re-import). */
export async function deleteCashFlowsOnDates(
  ex: Executor,
  code: string,
  dates: readonly string[],
): Promise<void> {
  if (dates.length === 0) return;
  await ex
    .delete(portfolioCashFlows)
    .where(
      and(
        eq(portfolioCashFlows.portfolioCode, code),
        inArray(portfolioCashFlows.flowDate, [...dates]),
      ),
    );
}

/** The portfolio's value (Σ current values) at its latest holdings date before `date`, or null. */
export async function valuationBefore(
  ex: Executor,
  code: string,
  date: string,
): Promise<{ readonly date: string; readonly value: number } | null> {
  const [row] = await ex
    .select({
      date: holdings.portfolioDate,
      value: sql<number>`sum(${holdings.currentValue})::float8`,
    })
    .from(holdings)
    .where(and(eq(holdings.portfolioCode, code), lt(holdings.portfolioDate, date)))
    .groupBy(holdings.portfolioDate)
    .orderBy(desc(holdings.portfolioDate))
    .limit(1);
  return row ?? null;
}

/** The first holdings date of the portfolio on or after `date`, or null. */
export async function valuationDateFrom(
  ex: Executor,
  code: string,
  date: string,
): Promise<string | null> {
  const [row] = await ex
    .select({ date: sql<string | null>`min(${holdings.portfolioDate})` })
    .from(holdings)
    .where(and(eq(holdings.portfolioCode, code), gte(holdings.portfolioDate, date)));
  return row?.date ?? null;
}

/** Stored flows of the portfolio dated after `after` and up to `upTo` (null: no end), in order. */
export async function cashFlowsBetween(
  ex: Executor,
  code: string,
  after: string,
  upTo: string | null,
): Promise<CashFlow[]> {
  const rows = await ex
    .select()
    .from(portfolioCashFlows)
    .where(
      and(
        eq(portfolioCashFlows.portfolioCode, code),
        gt(portfolioCashFlows.flowDate, after),
        upTo === null ? undefined : lte(portfolioCashFlows.flowDate, upTo),
      ),
    )
    .orderBy(asc(portfolioCashFlows.flowDate), asc(portfolioCashFlows.id));
  return rows.map(toCashFlow);
}
