import {
  benchmarks,
  eq,
  holdings,
  portfolios,
  sql,
  unifiedPortfolioMembers,
  unifiedPortfolios,
  type Executor,
  type PortfolioRow,
  holdingsDates,
} from '@fonrisk/db';

export interface SnapshotStats {
  readonly firstDate: string | null;
  readonly lastDate: string | null;
  readonly dateCount: number;
}

/** One stored holdings row with the instrument's issuer group. */
export interface StoredHolding {
  readonly portfolioCode: string;
  readonly portfolioDate: string;
  readonly rowNo: number;
  readonly instrumentCode: string;
  readonly instrumentName: string | null;
  readonly mainType: string | null;
  readonly currency: string | null;
  readonly nominalValue: number | null;
  readonly currentValue: number;
  readonly columns: Record<string, unknown>;
  readonly issuerGroup: string | null;
}

export interface UnifiedWithMembers {
  readonly id: number;
  readonly newPortfolioCode: string;
  readonly name: string;
  readonly isDemo: boolean;
  readonly members: string[];
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export async function listPortfolioRows(ex: Executor): Promise<PortfolioRow[]> {
  return ex.select().from(portfolios).orderBy(portfolios.code);
}

export async function findPortfolio(ex: Executor, code: string): Promise<PortfolioRow | undefined> {
  const [row] = await ex.select().from(portfolios).where(eq(portfolios.code, code));
  return row;
}

export async function benchmarkExists(ex: Executor, code: string): Promise<boolean> {
  const rows = await ex
    .select({ code: benchmarks.code })
    .from(benchmarks)
    .where(eq(benchmarks.code, code));
  return rows.length > 0;
}

/** First, last and number of snapshot dates of every portfolio with holdings. */
export async function snapshotStats(ex: Executor): Promise<Map<string, SnapshotStats>> {
  const result = await ex.execute<{ code: string; first: string; last: string; n: string }>(sql`
    SELECT portfolio_code AS code, to_char(min(portfolio_date), 'YYYY-MM-DD') AS first,
           to_char(max(portfolio_date), 'YYYY-MM-DD') AS last, count(DISTINCT portfolio_date) AS n
    FROM holdings GROUP BY portfolio_code`);
  return new Map(
    result.rows.map((r) => [
      r.code,
      { firstDate: r.first, lastDate: r.last, dateCount: Number(r.n) },
    ]),
  );
}

/** Snapshot dates, newest first; for several codes, only dates every one of them has. */
export async function commonSnapshotDates(
  ex: Executor,
  codes: readonly string[],
): Promise<string[]> {
  return (await holdingsDates(ex, codes)).reverse();
}

/** Holdings of the given portfolios on a date, in file order. */
export async function loadHoldings(
  ex: Executor,
  codes: readonly string[],
  date: string,
): Promise<StoredHolding[]> {
  if (codes.length === 0) return [];
  const result = await ex.execute(sql`
    SELECT h.portfolio_code, to_char(h.portfolio_date, 'YYYY-MM-DD') AS portfolio_date, h.row_no,
           h.instrument_code, h.instrument_name, h.main_type, h.currency, h.nominal_value,
           h.current_value, h.columns, i.issuer_group
    FROM holdings h LEFT JOIN instruments i ON i.code = h.instrument_code
    WHERE h.portfolio_code IN ${codes} AND h.portfolio_date = ${date}
    ORDER BY h.portfolio_code, h.row_no`);
  return result.rows.map((r) => ({
    portfolioCode: String(r.portfolio_code),
    portfolioDate: String(r.portfolio_date),
    rowNo: Number(r.row_no),
    instrumentCode: String(r.instrument_code),
    instrumentName: (r.instrument_name as string | null) ?? null,
    mainType: (r.main_type as string | null) ?? null,
    currency: (r.currency as string | null) ?? null,
    nominalValue: num(r.nominal_value),
    currentValue: Number(r.current_value),
    columns: (r.columns as Record<string, unknown> | null) ?? {},
    issuerGroup: (r.issuer_group as string | null) ?? null,
  }));
}

/** Codes among `codes` that have no snapshot on `date`. */
export async function codesWithoutSnapshot(
  ex: Executor,
  codes: readonly string[],
  date: string,
): Promise<string[]> {
  if (codes.length === 0) return [];
  const result = await ex.execute<{ code: string }>(sql`
    SELECT DISTINCT portfolio_code AS code FROM holdings
    WHERE portfolio_code IN ${codes} AND portfolio_date = ${date}`);
  const present = new Set(result.rows.map((r) => r.code));
  return codes.filter((c) => !present.has(c));
}

export async function listUnified(ex: Executor): Promise<UnifiedWithMembers[]> {
  const rows = await ex
    .select()
    .from(unifiedPortfolios)
    .orderBy(unifiedPortfolios.newPortfolioCode);
  const members = await ex.select().from(unifiedPortfolioMembers);
  return rows.map((u) => ({
    id: u.id,
    newPortfolioCode: u.newPortfolioCode,
    name: u.name,
    isDemo: u.isDemo,
    members: members
      .filter((m) => m.unifiedId === u.id)
      .map((m) => m.portfolioCode)
      .sort(),
  }));
}

export async function findUnifiedByCode(
  ex: Executor,
  code: string,
): Promise<UnifiedWithMembers | undefined> {
  return (await listUnified(ex)).find((u) => u.newPortfolioCode === code);
}

export async function findUnifiedById(
  ex: Executor,
  id: number,
): Promise<UnifiedWithMembers | undefined> {
  return (await listUnified(ex)).find((u) => u.id === id);
}

export async function saveUnifiedMembers(ex: Executor, id: number, members: readonly string[]) {
  await ex.delete(unifiedPortfolioMembers).where(eq(unifiedPortfolioMembers.unifiedId, id));
  if (members.length > 0) {
    await ex
      .insert(unifiedPortfolioMembers)
      .values(members.map((portfolioCode) => ({ unifiedId: id, portfolioCode })));
  }
}

export { holdings, portfolios, unifiedPortfolios };
