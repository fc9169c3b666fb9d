import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed logins per username and client address. Kept in the database (not in process memory)
 * so the limit holds across API replicas.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_idx').on(t.username, t.ip, t.failedAt)],
);
