import {
  BREACH_STATUS_LABELS,
  CRITERION_SEVERITY_LABELS,
  formatPercent,
  type Breach,
  type BreachDetail,
  type BreachStatus,
  type BreachUpdateRequest,
  type ResultTable,
  type TokenClaims,
} from '@fonrisk/contracts';
import {
  type AuditBreachRow,
  type Database,
  and,
  asc,
  auditBreachEvents,
  auditBreaches,
  desc,
  eq,
  inArray,
} from '@fonrisk/db';
import { recordAudit } from '../audit/audit.repository.ts';
import { resultTableWorkbook } from '../analyses/run-export.ts';
import { BreachNotFoundError } from './internal-audit.errors.ts';
import { istanbulToday } from '../../connectors/dates.ts';

export interface BreachFilter {
  readonly portfolioCodes: readonly string[];
  readonly criterionCodes: readonly string[];
  readonly statuses: readonly BreachStatus[];
  readonly minAgeDays?: number | undefined;
}

const DAY = 86_400_000;
/** Today in Istanbul: a breach's age and lateness between 00:00 and 03:00 are of the new day. */
const today = (): string => istanbulToday(Date.now());
const days = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

function toBreach(r: AuditBreachRow, now = today()): Breach {
  const ended = r.status === 'resolved' || r.status === 'accepted';
  const end = r.resolvedDate ?? (ended ? r.lastDate : now);
  return {
    id: r.id,
    portfolioCode: r.portfolioCode,
    criterionCode: r.criterionCode,
    criterionId: r.criterionId,
    criterionName: r.criterionName,
    severity: r.severity === 'warning' ? 'warning' : 'breach',
    status: r.status as BreachStatus,
    firstDate: r.firstDate,
    lastDate: r.lastDate,
    resolvedDate: r.resolvedDate,
    dueDate: r.dueDate,
    ageDays: Math.max(0, days(r.firstDate, end)),
    overdue: !ended && r.dueDate < now,
    lastValue: r.lastValue,
    limitText: r.limitText,
    owner: r.owner,
    acceptReason: r.acceptReason,
    isDemo: r.isDemo,
  };
}

const pct = (v: number | null): string | null => (v === null ? null : formatPercent(v, 2, 0));

export function createBreachesService(db: Database) {
  async function list(filter: BreachFilter): Promise<Breach[]> {
    const rows = await db
      .select()
      .from(auditBreaches)
      .where(
        and(
          filter.portfolioCodes.length
            ? inArray(auditBreaches.portfolioCode, [...filter.portfolioCodes])
            : undefined,
          filter.criterionCodes.length
            ? inArray(auditBreaches.criterionCode, [...filter.criterionCodes])
            : undefined,
          filter.statuses.length ? inArray(auditBreaches.status, [...filter.statuses]) : undefined,
        ),
      )
      .orderBy(desc(auditBreaches.lastDate), asc(auditBreaches.portfolioCode));
    const out = rows.map((r) => toBreach(r));
    return filter.minAgeDays === undefined
      ? out
      : out.filter((b) => b.ageDays >= filter.minAgeDays!);
  }

  async function detail(id: number): Promise<BreachDetail> {
    const [row] = await db.select().from(auditBreaches).where(eq(auditBreaches.id, id));
    if (!row) throw new BreachNotFoundError(id);
    const events = await db
      .select()
      .from(auditBreachEvents)
      .where(eq(auditBreachEvents.breachId, id))
      .orderBy(asc(auditBreachEvents.at), asc(auditBreachEvents.id));
    return {
      ...toBreach(row),
      events: events.map((e) => ({
        id: e.id,
        kind: e.kind,
        text: e.text,
        userName: e.userName,
        at: e.at.toISOString(),
      })),
    };
  }

  return {
    list,
    detail,
    /** Status, owner or due date by a user; each change is written to the trail. */
    async update(
      actor: TokenClaims,
      id: number,
      change: BreachUpdateRequest,
    ): Promise<BreachDetail> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(auditBreaches)
          .where(eq(auditBreaches.id, id))
          .for('update');
        if (!row) throw new BreachNotFoundError(id);
        const trail: string[] = [];
        const patch: Partial<AuditBreachRow> = {};
        if (change.status !== undefined && change.status !== row.status) {
          patch.status = change.status;
          trail.push(
            `Durum: ${BREACH_STATUS_LABELS[row.status as BreachStatus]} → ${BREACH_STATUS_LABELS[change.status]}` +
              (change.status === 'accepted' ? ` (gerekçe: ${change.acceptReason ?? ''})` : ''),
          );
          if (change.status === 'accepted') patch.acceptReason = change.acceptReason ?? null;
        }
        if (change.owner !== undefined && change.owner !== row.owner) {
          patch.owner = change.owner === '' ? null : change.owner;
          trail.push(`Sorumlu: ${row.owner ?? '—'} → ${patch.owner ?? '—'}`);
        }
        if (change.dueDate !== undefined && change.dueDate !== row.dueDate) {
          patch.dueDate = change.dueDate;
          trail.push(`Son tarih: ${row.dueDate} → ${change.dueDate}`);
        }
        if (trail.length === 0) return;
        await tx
          .update(auditBreaches)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(auditBreaches.id, id));
        await tx.insert(auditBreachEvents).values({
          breachId: id,
          kind: patch.status !== undefined ? 'status' : 'owner',
          text: trail.join('; '),
          userId: actor.userId,
          userName: actor.fullName,
        });
        await recordAudit(tx, {
          actor,
          action: 'breach.update',
          entity: 'audit-breach',
          entityId: id,
          before: { status: row.status, owner: row.owner, dueDate: row.dueDate },
          after: change,
        });
      });
      return detail(id);
    },
    async comment(actor: TokenClaims, id: number, text: string): Promise<BreachDetail> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: auditBreaches.id })
          .from(auditBreaches)
          .where(eq(auditBreaches.id, id));
        if (!row) throw new BreachNotFoundError(id);
        await tx.insert(auditBreachEvents).values({
          breachId: id,
          kind: 'comment',
          text,
          userId: actor.userId,
          userName: actor.fullName,
        });
      });
      return detail(id);
    },
    /** The filtered list as an .xlsx workbook (Turkish headers). */
    async exportXlsx(filter: BreachFilter): Promise<Buffer> {
      const breaches = await list(filter);
      const table: ResultTable = {
        title: 'İç Denetim Takibi',
        columns: [
          { key: 'portfolioCode', label: 'Portföy Kodu', format: 'text' },
          { key: 'criterionCode', label: 'Kriter Kodu', format: 'text' },
          { key: 'criterionName', label: 'Kriter', format: 'text' },
          { key: 'severity', label: 'Mevzuat / iç limit', format: 'text' },
          { key: 'status', label: 'Durum', format: 'text' },
          { key: 'firstDate', label: 'İlk Gün', format: 'date' },
          { key: 'lastDate', label: 'Son Gün', format: 'date' },
          { key: 'resolvedDate', label: 'Giderildiği Gün', format: 'date' },
          { key: 'ageDays', label: 'Yaş (Gün)', format: 'number' },
          { key: 'dueDate', label: 'Son Tarih', format: 'date' },
          { key: 'overdue', label: 'Gecikmiş', format: 'text' },
          { key: 'lastValue', label: 'Son Değer', format: 'text' },
          { key: 'limitText', label: 'Limit', format: 'text' },
          { key: 'owner', label: 'Sorumlu', format: 'text' },
          { key: 'acceptReason', label: 'Kabul Gerekçesi', format: 'text' },
        ],
        rows: breaches.map((b) => ({
          ...b,
          severity: CRITERION_SEVERITY_LABELS[b.severity],
          status: BREACH_STATUS_LABELS[b.status],
          overdue: b.overdue ? 'Evet' : 'Hayır',
          lastValue: b.limitText.includes('%')
            ? pct(b.lastValue)
            : b.lastValue?.toLocaleString('tr-TR'),
        })),
      };
      return resultTableWorkbook(table);
    },
  };
}

export type BreachesService = ReturnType<typeof createBreachesService>;
