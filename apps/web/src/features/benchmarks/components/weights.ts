import { WEIGHT_SUM_TOLERANCE } from '@fonrisk/contracts';

export interface ComponentDraft {
  readonly seriesTicker: string | null;
  /** Percent as typed; `null` when empty. */
  readonly weightPct: number | null;
}

/** The sum of the typed weights (empty counts as 0). */
export function weightSum(components: readonly ComponentDraft[]): number {
  return components.reduce((sum, c) => sum + (c.weightPct ?? 0), 0);
}

/** A composite benchmark can be saved only when its weights sum to 100 within the API's tolerance. */
export function weightsSumTo100(components: readonly ComponentDraft[]): boolean {
  return components.length > 0 && Math.abs(weightSum(components) - 100) <= WEIGHT_SUM_TOLERANCE;
}
