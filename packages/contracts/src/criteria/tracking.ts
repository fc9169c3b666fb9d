import type { AuditStatus } from './criterion.ts';

/**
 * Breach tracking as a pure plan (issue 12): given the breaches still being followed and the
 * daily outcomes of an audit, what to open, extend and close. The worker applies the plan in
 * the audit's transaction. A failing day with no followed breach opens one; failing days after
 * a followed breach's last day extend it; the first passing day after it resolves it.
 * Days on or before a followed breach's last day were seen already and change nothing.
 *
 * The register is idempotent by criterion version, portfolio and date (issue 23, decision 0051):
 * a day inside a registered breach of the same criterion version (from its first day to its
 * resolution day, else its last day), whatever its status, was recorded already and changes
 * nothing, so re-running a past range never opens the same breach twice.
 */

/** Statuses of a breach still being followed (not resolved). */
export const FOLLOWED_BREACH_STATUSES = ['open', 'remedying', 'accepted'] as const;

/** A breach of the register, in any status. */
export interface RegisteredBreach {
  readonly id: number;
  readonly portfolioCode: string;
  readonly criterionCode: string;
  /** The criterion version (its `audit_criteria` id) in force when the breach opened. */
  readonly criterionId: number;
  readonly status: string;
  readonly firstDate: string;
  readonly lastDate: string;
  readonly resolvedDate: string | null;
}

export interface DailyOutcome {
  readonly portfolioCode: string;
  readonly criterionCode: string;
  /** The criterion version (its `audit_criteria` id) the day was audited with. */
  readonly criterionId: number;
  readonly date: string;
  readonly status: AuditStatus;
  readonly value: number | null;
}

/**
 * `open`: a new breach from `outcome.date` to `lastDate`, already resolved on `resolvedDate`
 * when a passing day followed within the same audit. `update`: a followed breach's new last
 * day and value, and `resolvedDate` when it ended.
 */
export type TrackingAction =
  | {
      readonly kind: 'open';
      readonly outcome: DailyOutcome;
      readonly lastDate: string;
      readonly lastValue: number | null;
      readonly resolvedDate: string | null;
    }
  | {
      readonly kind: 'update';
      readonly id: number;
      readonly lastDate: string;
      readonly lastValue: number | null;
      readonly resolvedDate: string | null;
    };

const keyOf = (p: string, c: string): string => `${p}\u0000${c}`;

interface Walk {
  readonly id: number | null;
  readonly outcome: DailyOutcome | null;
  lastDate: string;
  lastValue: number | null;
  changed: boolean;
}

const FOLLOWED: ReadonlySet<string> = new Set(FOLLOWED_BREACH_STATUSES);

/** Whether `o`'s day lies inside a registered breach of the same criterion version. */
function recorded(spans: readonly RegisteredBreach[] | undefined, o: DailyOutcome): boolean {
  return (
    spans?.some(
      (b) =>
        b.criterionId === o.criterionId &&
        b.firstDate <= o.date &&
        o.date <= (b.resolvedDate ?? b.lastDate),
    ) ?? false
  );
}

export function planBreachTracking(
  register: readonly RegisteredBreach[],
  outcomes: readonly DailyOutcome[],
): TrackingAction[] {
  const byKey = new Map<string, DailyOutcome[]>();
  for (const o of outcomes) {
    const k = keyOf(o.portfolioCode, o.criterionCode);
    const list = byKey.get(k);
    if (list) list.push(o);
    else byKey.set(k, [o]);
  }
  const current = new Map<string, RegisteredBreach>();
  const spans = new Map<string, RegisteredBreach[]>();
  for (const b of register) {
    const k = keyOf(b.portfolioCode, b.criterionCode);
    const list = spans.get(k);
    if (list) list.push(b);
    else spans.set(k, [b]);
    const seen = current.get(k);
    if (FOLLOWED.has(b.status) && (seen === undefined || seen.lastDate < b.lastDate))
      current.set(k, b);
  }
  const actions: TrackingAction[] = [];
  const emit = (w: Walk, resolvedDate: string | null): void => {
    if (w.outcome !== null)
      actions.push({
        kind: 'open',
        outcome: w.outcome,
        lastDate: w.lastDate,
        lastValue: w.lastValue,
        resolvedDate,
      });
    else if (w.changed || resolvedDate !== null)
      actions.push({
        kind: 'update',
        id: w.id!,
        lastDate: w.lastDate,
        lastValue: w.lastValue,
        resolvedDate,
      });
  };
  for (const [k, list] of byKey) {
    list.sort((a, b) => a.date.localeCompare(b.date));
    const existing = current.get(k);
    let active: Walk | null = existing
      ? {
          id: existing.id,
          outcome: null,
          lastDate: existing.lastDate,
          lastValue: null,
          changed: false,
        }
      : null;
    const registered = spans.get(k);
    for (const o of list) {
      if (active !== null && o.date <= active.lastDate) continue;
      if (recorded(registered, o)) {
        // A new breach running into a recorded one stops at its last unrecorded day, open.
        if (active !== null && active.outcome !== null) {
          emit(active, null);
          active = null;
        }
        continue;
      }
      if (o.status !== 'pass') {
        if (active === null)
          active = { id: null, outcome: o, lastDate: o.date, lastValue: o.value, changed: true };
        else {
          active.lastDate = o.date;
          active.lastValue = o.value;
          active.changed = true;
        }
      } else if (active !== null) {
        emit(active, o.date);
        active = null;
      }
    }
    if (active !== null) emit(active, null);
  }
  return actions;
}
