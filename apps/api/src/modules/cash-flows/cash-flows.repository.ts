import {
  and,
  asc,
  eq,
  inArray,
  instruments,
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
