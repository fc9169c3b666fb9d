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
import { recordAudit } from '../audit/audit.repository.ts';
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
} from './portfolios.errors.ts';
import {
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
    async list(kind: PortfolioKind | undefined): Promise<PortfolioSummary[]> {
      const out: PortfolioSummary[] = [];
      if (kind !== 'unified') {
        const stats = await snapshotStats(db);
        for (const p of await listPortfolioRows(db)) {
          if (kind && p.kind !== kind) continue;
          const s = stats.get(p.code);
          out.push({
            code: p.code,
            name: p.name,
            kind: p.kind as PortfolioKind,
            fundCategory: p.fundCategory as FundCategory | null,
            currency: p.currency,
            referenceBenchmarkCode: p.referenceBenchmarkCode,
            isDemo: p.isDemo,
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
            isDemo: u.isDemo,
            firstDate: dates.at(-1) ?? null,
            lastDate: dates[0] ?? null,
            dateCount: dates.length,
          });
        }
      }
      return out;
    },

    async create(actor: TokenClaims, request: CreatePortfolioRequest): Promise<PortfolioSummary> {
      await db.transaction(async (tx) => {
        if (
          (await findPortfolio(tx, request.code)) ||
          (await findUnifiedByCode(tx, request.code))
        ) {
          throw new PortfolioCodeTakenError(request.code);
        }
        const row = {
          code: request.code,
          name: request.name,
          kind: request.kind,
          fundCategory: request.fundCategory ?? null,
          currency: request.currency,
        };
        await tx.insert(portfolios).values(row);
        await recordAudit(tx, {
          actor,
          action: 'portfolio.create',
          entity: 'portfolio',
          entityId: request.code,
          after: row,
        });
      });
      return (await this.list(request.kind)).find((p) => p.code === request.code)!;
    },

    async update(
      actor: TokenClaims,
      code: string,
      request: UpdatePortfolioRequest,
    ): Promise<PortfolioSummary> {
      const kind = await db.transaction(async (tx) => {
        const before = await findPortfolio(tx, code);
        if (!before) throw new PortfolioNotFoundError(code);
        await tx
          .update(portfolios)
          .set({ ...request, updatedAt: sql`now()` })
          .where(eq(portfolios.code, code));
        await recordAudit(tx, {
          actor,
          action: 'portfolio.update',
          entity: 'portfolio',
          entityId: code,
          before,
          after: { ...before, ...request },
        });
        return before.kind as PortfolioKind;
      });
      return (await this.list(kind)).find((p) => p.code === code)!;
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
