import type { CriterionRule } from '@fonrisk/contracts';

/** A stored criterion as an audit applies it: its id, the version in force and its rule. */
export interface AuditCriterion {
  readonly id: number;
  readonly version: number;
  readonly rule: CriterionRule;
}
