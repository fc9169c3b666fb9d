export { connectDatabase, isUniqueViolation } from './client.ts';
export type { Database, DatabaseHandle, ConnectOptions, Executor } from './client.ts';
export { migrateDatabase } from './migrate.ts';
export { startEmbeddedPostgres } from './embedded.ts';
export type { EmbeddedPostgresOptions, EmbeddedPostgresHandle } from './embedded.ts';
export { users, blogPosts, auditLog, loginFailures, demoSteps } from './schema/index.ts';
export type {
  UserRow,
  NewUserRow,
  BlogPostRow,
  AuditLogRow,
  NewAuditLogRow,
} from './schema/index.ts';
// Query helpers re-exported so that repositories use the same drizzle-orm copy as the schema.
export { and, asc, count, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
