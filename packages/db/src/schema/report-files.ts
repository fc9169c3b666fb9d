import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { reports } from './reports.ts';

/**
 * The generated files of a report (PDF and workbook) in PostgreSQL (decision 0043), so that a
 * worker on another machine writes them where every API replica reads them, backups carry them,
 * and a report is whole or absent: the files are inserted in the transaction that marks the
 * report done, and deleting the report deletes them (cascade).
 */
export const reportFiles = pgTable(
  'report_files',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    bytes: integer('bytes').notNull(),
    /** Hex SHA-256 of `content` (checked on read). */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'report_files_pk', columns: [t.reportId, t.fileName] })],
);
export type ReportFileRow = typeof reportFiles.$inferSelect;
