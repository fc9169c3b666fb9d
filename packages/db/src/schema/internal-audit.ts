import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Investment-limit criteria (issue 12), versioned: editing a criterion inserts version n + 1 and
 * stamps `superseded_at` on version n, so past audits keep the rule they used (their results also
 * carry the rule itself). `rule` is the contracts `CriterionRuleSchema` document; `code` repeats
 * its code for lookups. A deleted criterion is a retired current version (`retired_at`).
 */
export const auditCriteria = pgTable(
  'audit_criteria',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    version: integer('version').notNull(),
    rule: jsonb('rule').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [unique('audit_criteria_code_version_uq').on(t.code, t.version)],
);

/**
 * A breach of one criterion by one portfolio, tracked from its first to its last day. Daily
 * audits with tracking extend it while it lasts and resolve it on the first passing day; users
 * move it through open -> remedying -> resolved / accepted (with a reason).
 */
export const auditBreaches = pgTable(
  'audit_breaches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    portfolioCode: text('portfolio_code').notNull(),
    criterionCode: text('criterion_code').notNull(),
    /** The criterion version in force when the breach opened. */
    criterionId: integer('criterion_id')
      .notNull()
      .references(() => auditCriteria.id),
    criterionName: text('criterion_name').notNull(),
    /** 'warning' | 'breach' (the criterion's severity). */
    severity: text('severity').notNull(),
    /** 'open' | 'remedying' | 'resolved' | 'accepted' */
    status: text('status').notNull().default('open'),
    firstDate: date('first_date', { mode: 'string' }).notNull(),
    lastDate: date('last_date', { mode: 'string' }).notNull(),
    /** First passing day after the breach (automatic resolution) or null. */
    resolvedDate: date('resolved_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    lastValue: doublePrecision('last_value'),
    limitText: text('limit_text').notNull(),
    owner: text('owner'),
    acceptReason: text('accept_reason'),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_breaches_portfolio_idx').on(t.portfolioCode, t.criterionCode),
    index('audit_breaches_status_idx').on(t.status),
    check(
      'audit_breaches_status_check',
      sql`${t.status} IN ('open', 'remedying', 'resolved', 'accepted')`,
    ),
  ],
);

/** The trail of a breach: comments, status and owner changes, automatic opening and closing. */
export const auditBreachEvents = pgTable(
  'audit_breach_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    breachId: integer('breach_id')
      .notNull()
      .references(() => auditBreaches.id, { onDelete: 'cascade' }),
    /** 'opened' | 'extended' | 'closed' | 'reopened' | 'comment' | 'status' | 'owner' */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_breach_events_breach_idx').on(t.breachId, t.at)],
);

export type AuditCriterionRow = typeof auditCriteria.$inferSelect;
export type AuditBreachRow = typeof auditBreaches.$inferSelect;
export type AuditBreachEventRow = typeof auditBreachEvents.$inferSelect;
