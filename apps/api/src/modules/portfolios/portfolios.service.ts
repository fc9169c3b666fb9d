import { eq, sql, type Database, type Executor } from '@fonrisk/db';
import type {
  CreatePortfolioRequest,
  FundCategory,
  HoldingsComparison,
  HoldingsSnapshot,
  PortfolioKind,
  PortfolioSummary,
  TokenClaims,
  UnifiedPortfolio,
  UnifiedPortfolioRequest,
  UpdatePortfolioRequest,
} from '@fonrisk/contracts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import {
  aggregateHoldings,
  buildSnapshot,
  compareSnapshots,
  toViewFields,
} from './holdings-view.ts';
import {
  InvalidMemberError,
  MemberSnapshotMissingError,
  PortfolioCodeTakenError,
  PortfolioNotFoundError,
  SnapshotNotFoundError,
  UnifiedPortfolioNotFoundError,
  UnknownReferenceBenchmarkError,
} from './portfolios.errors.ts';
import {
  benchmarkExists,
  codesWithoutSnapshot,
  commonSnapshotDates,
  findPortfolio,
  findUnifiedByCode,
  findUnifiedById,
  listPortfolioRows,
  listUnified,
  loadHoldings,
  portfolios,
  saveUnifiedMembers,
  snapshotStats,
  unifiedPortfolios,
  type UnifiedWithMembers,
} from './portfolios.repository.ts';

export type PortfoliosService = ReturnType<typeof createPortfoliosService>;

/** A fund, customer portfolio or unified portfolio, resolved from a code. */
type Resolved =
  | { readonly kind: 'stored'; readonly code: string; readonly currency: string }
  | { readonly kind: 'unified'; readonly unified: UnifiedWithMembers };

const toUnified = (u: UnifiedWithMembers): UnifiedPortfolio => ({
  id: u.id,
  newPortfolioCode: u.newPortfolioCode,
  name: u.name,
  members: u.members,
});

/** The stored fields of a fund or customer portfolio as the user set them. */
function recordFields(request: Omit<CreatePortfolioRequest, 'code'>) {
  return {
    name: request.name,
    kind: request.kind,
    fundCategory: request.fundCategory,
    currency: request.currency,
    referenceBenchmarkCode: request.referenceBenchmarkCode,
    managementCompany: request.managementCompany,
  };
}

async function checkBenchmark(ex: Executor, code: string | null): Promise<void> {
  if (code !== null && !(await benchmarkExists(ex, code)))
    throw new UnknownReferenceBenchmarkError(code);
}

/**
 * Creates a fund or customer portfolio in the caller's transaction (the portfolio screens, or a
 * holdings upload the user confirmed: `via` names the file in the audit entry).
 */
export async function createPortfolioRecord(
  tx: Executor,
  actor: AuditActor | null,
  request: CreatePortfolioRequest,
  via: string | null = null,
): Promise<void> {
  if ((await findPortfolio(tx, request.code)) || (await findUnifiedByCode(tx, request.code))) {
    throw new PortfolioCodeTakenError(request.code);
  }
  await checkBenchmark(tx, request.referenceBenchmarkCode);
  const row = { code: request.code, ...recordFields(request) };
  await tx.insert(portfolios).values(row);
  await recordAudit(tx, {
    actor,
    action: 'portfolio.create',
    entity: 'portfolio',
    entityId: request.code,
    after: via === null ? row : { ...row, createdBy: `import ${via}` },
  });
}

/**
 * Portfolios and their holdings snapshots. A unified portfolio is usable wherever a portfolio is:
 * its dates are those every member has, its holdings the members' summed per instrument.
 */
export function createPortfoliosService(db: Database) {
  async function resolve(ex: Executor, code: string): Promise<Resolved> {
    const stored = await findPortfolio(ex, code);
    if (stored) return { kind: 'stored', code, currency: stored.currency };
    const unified = await findUnifiedByCode(ex, code);
    if (unified) return { kind: 'unified', unified };
    throw new PortfolioNotFoundError(code);
  }

  async function snapshot(code: string, date: string): Promise<HoldingsSnapshot> {
    const target = await resolve(db, code);
    if (target.kind === 'stored') {
      const rows = await loadHoldings(db, [code], date);
      if (rows.length === 0) throw new SnapshotNotFoundError(code, date);
      return buildSnapshot(code, date, target.currency, rows.map(toViewFields));
    }
    const { unified } = target;
    const missing = await codesWithoutSnapshot(db, unified.members, date);
    if (missing.length > 0) throw new MemberSnapshotMissingError(code, missing, date);
    const rows = await loadHoldings(db, unified.members, date);
    return buildSnapshot(code, date, 'TRY', aggregateHoldings(rows, code));
  }

  /** Members must exist as funds or customer portfolios; the code must be free. */
  async function validateUnified(
    ex: Executor,
    request: UnifiedPortfolioRequest,
    id: number | null,
  ) {
    if (await findPortfolio(ex, request.newPortfolioCode)) {
      throw new PortfolioCodeTakenError(request.newPortfolioCode);
    }
    const other = await findUnifiedByCode(ex, request.newPortfolioCode);
    if (other && other.id !== id) throw new PortfolioCodeTakenError(request.newPortfolioCode);
    const invalid: string[] = [];
    for (const member of request.members) {
      const row = await findPortfolio(ex, member);
      if (!row || (row.kind !== 'fund' && row.kind !== 'customer')) invalid.push(member);
    }
    if (invalid.length > 0) throw new InvalidMemberError(invalid);
  }

  return {
    /** Retired portfolios only when `includeRetired` (the record screens; never the pickers). */
    async list(
      kind: PortfolioKind | undefined,
      includeRetired = false,
    ): Promise<PortfolioSummary[]> {
      const out: PortfolioSummary[] = [];
      if (kind !== 'unified') {
        const stats = await snapshotStats(db);
        for (const p of await listPortfolioRows(db)) {
          if (kind && p.kind !== kind) continue;
          if (p.retiredAt !== null && !includeRetired) continue;
          const s = stats.get(p.code);
          out.push({
            code: p.code,
            name: p.name,
            kind: p.kind as PortfolioKind,
            fundCategory: p.fundCategory as FundCategory | null,
            currency: p.currency,
            referenceBenchmarkCode: p.referenceBenchmarkCode,
            managementCompany: p.managementCompany,
            isDemo: p.isDemo,
            retiredAt: p.retiredAt?.toISOString() ?? null,
            firstDate: s?.firstDate ?? null,
            lastDate: s?.lastDate ?? null,
            dateCount: s?.dateCount ?? 0,
          });
        }
      }
      if (kind === undefined || kind === 'unified') {
        for (const u of await listUnified(db)) {
          const dates = await commonSnapshotDates(db, u.members);
          out.push({
            code: u.newPortfolioCode,
            name: u.name,
            kind: 'unified',
            fundCategory: null,
            currency: 'TRY',
            referenceBenchmarkCode: null,
            managementCompany: null,
            isDemo: u.isDemo,
            retiredAt: null,
            firstDate: dates.at(-1) ?? null,
            lastDate: dates[0] ?? null,
            dateCount: dates.length,
          });
        }
      }
      return out;
    },

    async create(actor: TokenClaims, request: CreatePortfolioRequest): Promise<PortfolioSummary> {
      await db.transaction((tx) => createPortfolioRecord(tx, actor, request));
      return (await this.list(request.kind, true)).find((p) => p.code === request.code)!;
    },

    /** Edits every field but the code; `retired` retires (keeping its history) or reactivates. */
    async update(
      actor: TokenClaims,
      code: string,
      request: UpdatePortfolioRequest,
    ): Promise<PortfolioSummary> {
      await db.transaction(async (tx) => {
        const before = await findPortfolio(tx, code);
        if (!before) throw new PortfolioNotFoundError(code);
        await checkBenchmark(tx, request.referenceBenchmarkCode);
        const fields = recordFields(request);
        // A retired portfolio keeps its first retirement time while it stays retired.
        const retiredAt = request.retired ? (before.retiredAt ?? new Date()) : null;
        await tx
          .update(portfolios)
          .set({ ...fields, retiredAt, updatedAt: sql`now()` })
          .where(eq(portfolios.code, code));
        const action =
          before.retiredAt === null && request.retired
            ? 'portfolio.retire'
            : before.retiredAt !== null && !request.retired
              ? 'portfolio.reactivate'
              : 'portfolio.update';
        await recordAudit(tx, {
          actor,
          action,
          entity: 'portfolio',
          entityId: code,
          before,
          after: { ...before, ...fields, retiredAt },
        });
      });
      return (await this.list(request.kind, true)).find((p) => p.code === code)!;
    },

    async dates(code: string): Promise<string[]> {
      const target = await resolve(db, code);
      return commonSnapshotDates(db, target.kind === 'stored' ? [code] : target.unified.members);
    },

    holdings: snapshot,

    async compare(code: string, from: string, to: string): Promise<HoldingsComparison> {
      return compareSnapshots(await snapshot(code, from), await snapshot(code, to));
    },

    async listUnified(): Promise<UnifiedPortfolio[]> {
      return (await listUnified(db)).map(toUnified);
    },

    async createUnified(
      actor: TokenClaims,
      request: UnifiedPortfolioRequest,
    ): Promise<UnifiedPortfolio> {
      return db.transaction(async (tx) => {
        await validateUnified(tx, request, null);
        const [row] = await tx
          .insert(unifiedPortfolios)
          .values({ newPortfolioCode: request.newPortfolioCode, name: request.name })
          .returning({ id: unifiedPortfolios.id });
        await saveUnifiedMembers(tx, row!.id, request.members);
        const after = toUnified((await findUnifiedById(tx, row!.id))!);
        await recordAudit(tx, {
          actor,
          action: 'unified-portfolio.create',
          entity: 'unified-portfolio',
          entityId: row!.id,
          after,
        });
        return after;
      });
    },

    async updateUnified(
      actor: TokenClaims,
      id: number,
      request: UnifiedPortfolioRequest,
    ): Promise<UnifiedPortfolio> {
      return db.transaction(async (tx) => {
        const before = await findUnifiedById(tx, id);
        if (!before) throw new UnifiedPortfolioNotFoundError();
        await validateUnified(tx, request, id);
        await tx
          .update(unifiedPortfolios)
          .set({
            newPortfolioCode: request.newPortfolioCode,
            name: request.name,
            updatedAt: sql`now()`,
          })
          .where(eq(unifiedPortfolios.id, id));
        await saveUnifiedMembers(tx, id, request.members);
        const after = toUnified((await findUnifiedById(tx, id))!);
        await recordAudit(tx, {
          actor,
          action: 'unified-portfolio.update',
          entity: 'unified-portfolio',
          entityId: id,
          before: toUnified(before),
          after,
        });
        return after;
      });
    },

    async removeUnified(actor: TokenClaims, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await findUnifiedById(tx, id);
        if (!before) throw new UnifiedPortfolioNotFoundError();
        await tx.delete(unifiedPortfolios).where(eq(unifiedPortfolios.id, id));
        await recordAudit(tx, {
          actor,
          action: 'unified-portfolio.delete',
          entity: 'unified-portfolio',
          entityId: id,
          before: toUnified(before),
        });
      });
    },
  };
}
