import type { Database, AuditLogRow } from '@fonrisk/db';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_EXPORT_MAX_ROWS,
  auditLabel,
  type AuditEntry,
  type AuditListResponse,
} from '@fonrisk/contracts';
import { listAudit, type AuditFilter } from './audit.repository.ts';
import { AuditExportTooLargeError } from './audit.errors.ts';
import { newWorkbook } from '../../shared/excel-workbook.ts';

function toEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actorUserId: row.actorUserId,
    actorUsername: row.actorUsername,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    clientAddress: row.clientAddress,
    traceId: row.traceId,
    before: row.before,
    after: row.after,
  };
}

/** Column headers of the export, in Turkish. */
const EXPORT_COLUMNS = [
  { header: 'Zaman', key: 'occurredAt', width: 22 },
  { header: 'Kullanıcı', key: 'actorUsername', width: 18 },
  { header: 'Kullanıcı No', key: 'actorUserId', width: 12 },
  { header: 'İşlem', key: 'actionLabel', width: 34 },
  { header: 'İşlem Kodu', key: 'action', width: 26 },
  { header: 'Kayıt Türü', key: 'entityLabel', width: 22 },
  { header: 'Kayıt', key: 'entityId', width: 24 },
  { header: 'İstemci Adresi', key: 'clientAddress', width: 18 },
  { header: 'İz No', key: 'traceId', width: 38 },
  { header: 'Önceki Değer', key: 'before', width: 60 },
  { header: 'Sonraki Değer', key: 'after', width: 60 },
] as const;

export type AuditService = ReturnType<typeof createAuditService>;

/** The audit trail, read-only: listed and exported by Admin and Super Admin. */
export function createAuditService(db: Database) {
  return {
    async list(
      filter: AuditFilter,
      page: { limit: number; offset: number },
    ): Promise<AuditListResponse> {
      const { total, rows } = await listAudit(db, filter, page);
      return { total, items: rows.map(toEntry) };
    },

    /** Every record the filters select as .xlsx, values before/after as JSON text. */
    async exportWorkbook(filter: AuditFilter): Promise<Buffer> {
      const { total, rows } = await listAudit(db, filter, {
        limit: AUDIT_EXPORT_MAX_ROWS,
        offset: 0,
      });
      if (total > AUDIT_EXPORT_MAX_ROWS) throw new AuditExportTooLargeError(total);
      const workbook = newWorkbook();
      const sheet = workbook.addWorksheet('Denetim İzi');
      sheet.columns = EXPORT_COLUMNS.map((c) => ({ ...c }));
      sheet.getRow(1).font = { bold: true };
      for (const row of rows) {
        sheet.addRow({
          ...toEntry(row),
          occurredAt: row.occurredAt,
          actionLabel: auditLabel(AUDIT_ACTION_LABELS, row.action),
          entityLabel: auditLabel(AUDIT_ENTITY_LABELS, row.entity),
          before: row.before === null ? '' : JSON.stringify(row.before),
          after: row.after === null ? '' : JSON.stringify(row.after),
        });
      }
      sheet.getColumn('occurredAt').numFmt = 'dd.mm.yyyy hh:mm:ss';
      return Buffer.from(await workbook.xlsx.writeBuffer());
    },
  };
}
