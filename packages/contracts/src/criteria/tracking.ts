import type { AuditStatus } from './criterion.ts';

/**
 * Breach tracking as a pure plan (issue 12): given the breaches still being followed and the
 * daily outcomes of an audit, what to open, extend and close. The worker applies the plan in
 * the audit's transaction. A failing day with no followed breach opens one; failing days after
 * a followed breach's last day extend it; the first passing day after it resolves it.
 * Days on or before a followed breach's last day were seen already and change nothing.
 */

/** Statuses of a breach still being followed (not resolved). */
export const FOLLOWED_BREACH_STATUSES = ['open', 'remedying', 'accepted'] as const;

export interface FollowedBreach {
  readonly id: number;
  readonly portfolioCode: string;
  readonly criterionCode: string;
  readonly firstDate: string;
  readonly lastDate: string;
}

export interface DailyOutcome {
  readonly portfolioCode: string;
  readonly criterionCode: string;
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

export function planBreachTracking(
  followed: readonly FollowedBreach[],
  outcomes: readonly DailyOutcome[],
): TrackingAction[] {
  const byKey = new Map<string, DailyOutcome[]>();
  for (const o of outcomes) {
    const k = keyOf(o.portfolioCode, o.criterionCode);
    const list = byKey.get(k);
    if (list) list.push(o);
    else byKey.set(k, [o]);
  }
  const current = new Map(followed.map((b) => [keyOf(b.portfolioCode, b.criterionCode), b]));
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
    for (const o of list) {
      if (active !== null && o.date <= active.lastDate) continue;
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
