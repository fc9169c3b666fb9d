import {
  USER_ADMIN_ROLES,
  type ReportSchedule,
  type ReportScheduleValues,
  type TokenClaims,
} from '@fonrisk/contracts';
import {
  eq,
  ftpConnections,
  inArray,
  portfolios,
  reportSchedules,
  type Database,
} from '@fonrisk/db';
import { recordAudit } from '../audit/audit.repository.ts';
import { InvalidInputError } from '../../shared/domain-errors.ts';
import { ReportOfAnotherUserError, ScheduleNotFoundError } from './reports.errors.ts';
import {
  findScheduleRow,
  findTemplateRow,
  listScheduleRows,
  toSchedule,
  toTemplate,
} from './reports.repository.ts';
import { requireTemplateModules } from './reports.service.ts';

const INVALID = 'Zamanlanmış rapor kaydedilemedi; işaretli alanları düzeltin.';

export type ReportSchedulesService = ReturnType<typeof createReportSchedulesService>;

/** Scheduled reports: own schedules; Admin and Super Admin see and change everyone's. */
export function createReportSchedulesService(db: Database) {
  const seesAll = (user: TokenClaims) => USER_ADMIN_ROLES.includes(user.role);

  async function mustReach(user: TokenClaims, id: number) {
    const found = await findScheduleRow(db, id);
    if (!found) throw new ScheduleNotFoundError();
    if (!seesAll(user) && found.row.ownerId !== user.userId) throw new ReportOfAnotherUserError();
    return found;
  }

  /** The template, the portfolios and the FTP connection must exist (Turkish, per field). */
  async function check(user: TokenClaims, values: ReportScheduleValues): Promise<void> {
    const errors: { field: string; message: string }[] = [];
    const template = await findTemplateRow(db, values.templateId);
    if (!template) errors.push({ field: 'templateId', message: 'şablon bulunamadı' });
    else requireTemplateModules(toTemplate(template), user);
    const known = new Set(
      (
        await db
          .select({ code: portfolios.code })
          .from(portfolios)
          .where(inArray(portfolios.code, values.portfolioCodes))
      ).map((p) => p.code),
    );
    values.portfolioCodes.forEach((code, i) => {
      if (!known.has(code))
        errors.push({
          field: `portfolioCodes.${String(i)}`,
          message: `${code} portföyü bulunamadı`,
        });
    });
    if (values.ftpConnectionId !== null) {
      const [conn] = await db
        .select({ id: ftpConnections.id })
        .from(ftpConnections)
        .where(eq(ftpConnections.id, values.ftpConnectionId));
      if (!conn) errors.push({ field: 'ftpConnectionId', message: 'FTP bağlantısı bulunamadı' });
    }
    if (errors.length > 0) throw new InvalidInputError(INVALID, errors);
  }

  const columns = (v: ReportScheduleValues) => ({
    name: v.name,
    templateId: v.templateId,
    portfolioCodes: v.portfolioCodes,
    frequency: v.frequency,
    weekday: v.frequency === 'weekly' ? v.weekday : null,
    businessDay: v.frequency === 'monthly-bd-n' ? v.businessDay : null,
    time: v.time,
    ftpConnectionId: v.ftpConnectionId,
    enabled: v.enabled,
  });

  return {
    async list(user: TokenClaims): Promise<ReportSchedule[]> {
      return (await listScheduleRows(db, seesAll(user) ? null : user.userId)).map((r) =>
        toSchedule(r.row, r.templateName),
      );
    },
    async get(user: TokenClaims, id: number): Promise<ReportSchedule> {
      const { row, templateName } = await mustReach(user, id);
      return toSchedule(row, templateName);
    },
    async create(user: TokenClaims, values: ReportScheduleValues): Promise<ReportSchedule> {
      await check(user, values);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(reportSchedules)
          .values({ ...columns(values), ownerId: user.userId, ownerName: user.fullName })
          .returning({ id: reportSchedules.id });
        await recordAudit(tx, {
          actor: { userId: user.userId },
          action: 'report-schedule.create',
          entity: 'report-schedule',
          entityId: String(row!.id),
          after: values,
        });
        return row!.id;
      });
      const found = (await findScheduleRow(db, id))!;
      return toSchedule(found.row, found.templateName);
    },
    async update(
      user: TokenClaims,
      id: number,
      values: ReportScheduleValues,
    ): Promise<ReportSchedule> {
      await mustReach(user, id);
      await check(user, values);
      await db.transaction(async (tx) => {
        await tx.update(reportSchedules).set(columns(values)).where(eq(reportSchedules.id, id));
        await recordAudit(tx, {
          actor: { userId: user.userId },
          action: 'report-schedule.update',
          entity: 'report-schedule',
          entityId: String(id),
          after: values,
        });
      });
      const found = (await findScheduleRow(db, id))!;
      return toSchedule(found.row, found.templateName);
    },
    async remove(user: TokenClaims, id: number): Promise<void> {
      await mustReach(user, id);
      await db.transaction(async (tx) => {
        await tx.delete(reportSchedules).where(eq(reportSchedules.id, id));
        await recordAudit(tx, {
          actor: { userId: user.userId },
          action: 'report-schedule.delete',
          entity: 'report-schedule',
          entityId: String(id),
        });
      });
    },
  };
}
