import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * Report templates as data (issue 15, docs/decisions/0033-report-templates-and-branding.md):
 * `sections` is the ReportSection[] of packages/contracts/src/reports.ts. Shipped templates have
 * a `key` and cannot be deleted.
 */
export const reportTemplates = pgTable(
  'report_templates',
  {
    id: serial('id').primaryKey(),
    key: text('key'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    module: integer('module').notNull(),
    sections: jsonb('sections').$type<unknown[]>().notNull(),
    includeMethods: boolean('include_methods').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_templates_key_idx').on(t.key),
    uniqueIndex('report_templates_name_idx').on(t.name),
  ],
);

/** The company's PDF branding: one row (id = 1). The logo bytes are kept here (≤ 512 KB). */
export const pdfSettings = pgTable(
  'pdf_settings',
  {
    id: integer('id').primaryKey(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    logo: bytea('logo'),
    logoMimeType: text('logo_mime_type'),
    logoUploadedAt: timestamp('logo_uploaded_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('pdf_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * Generated reports (docs/decisions/0032-report-engine.md). `status` queued | running | done |
 * failed; `files` are ReportFile[] whose bytes are in `report_files` (decision 0043).
 * `templateSnapshot` is the template as it was when the report was requested, so that a
 * regeneration and the report itself do not change when the template is edited later.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    ownerName: text('owner_name').notNull(),
    title: text('title').notNull(),
    module: integer('module').notNull(),
    status: text('status').notNull().default('queued'),
    progress: doublePrecision('progress').notNull().default(0),
    progressMessage: text('progress_message'),
    templateId: integer('template_id').references(() => reportTemplates.id, {
      onDelete: 'set null',
    }),
    templateName: text('template_name').notNull(),
    templateSnapshot: jsonb('template_snapshot').$type<Record<string, unknown>>().notNull(),
    portfolioCodes: text('portfolio_codes').array().notNull().default([]),
    asOfDate: date('as_of_date', { mode: 'string' }),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    sourceRunId: uuid('source_run_id'),
    runsUsed: jsonb('runs_used').$type<unknown[]>().notNull().default([]),
    files: jsonb('files').$type<unknown[]>().notNull().default([]),
    scheduleId: integer('schedule_id'),
    demo: boolean('demo').notNull().default(false),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('reports_owner_idx').on(t.ownerId, t.createdAt),
    index('reports_status_idx').on(t.status),
    check('reports_status_check', sql`${t.status} in ('queued','running','done','failed')`),
  ],
);

/** Report-Keys: only the SHA-256 of the key is stored. */
export const reportKeys = pgTable(
  'report_keys',
  {
    id: serial('id').primaryKey(),
    /** Null once the report is deleted: the key then answers 410 (gone), not 403 (unknown). */
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('report_keys_hash_idx').on(t.keyHash),
    index('report_keys_report_idx').on(t.reportId),
  ],
);

/** Scheduled reports: run in Europe/Istanbul by the worker processes' scheduler. */
export const reportSchedules = pgTable('report_schedules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  ownerName: text('owner_name').notNull(),
  templateId: integer('template_id')
    .notNull()
    .references(() => reportTemplates.id, { onDelete: 'cascade' }),
  portfolioCodes: text('portfolio_codes').array().notNull(),
  /** daily | weekly | monthly-bd-n */
  frequency: text('frequency').notNull(),
  weekday: integer('weekday'),
  businessDay: integer('business_day'),
  /** HH:MM Europe/Istanbul */
  time: text('time').notNull(),
  ftpConnectionId: integer('ftp_connection_id'),
  enabled: boolean('enabled').notNull().default(true),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastReportId: integer('last_report_id'),
  lastError: text('last_error'),
  demo: boolean('demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ReportTemplateRow = typeof reportTemplates.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
export type ReportKeyRow = typeof reportKeys.$inferSelect;
export type ReportScheduleRow = typeof reportSchedules.$inferSelect;
export type PdfSettingsRow = typeof pdfSettings.$inferSelect;
