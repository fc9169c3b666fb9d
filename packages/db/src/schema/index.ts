export { users } from './users.ts';
export type { UserRow, NewUserRow } from './users.ts';
export { blogPosts } from './blog-posts.ts';
export type { BlogPostRow } from './blog-posts.ts';
export { auditLog } from './audit-log.ts';
export type { AuditLogRow, NewAuditLogRow } from './audit-log.ts';
export { loginFailures } from './login-failures.ts';
export { demoSteps } from './demo-steps.ts';
