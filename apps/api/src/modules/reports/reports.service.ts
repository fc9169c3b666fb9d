import { createHash, randomBytes } from 'node:crypto';
import {
  ReportFileSchema,
  USER_ADMIN_ROLES,
  findAnalysisType,
  moduleNames,
  offeredSections,
  templateOffer,
  type CreatedReportKey,
  type Report,
  type ReportFormat,
  type ReportKey,
  type ReportListResponse,
  type ReportTemplate,
  type TokenClaims,
} from '@fonrisk/contracts';
import {
  and,
  announceJob,
  eq,
  isNull,
  reportKeys,
  reports,
  sql,
  type Database,
  type Executor,
  type ReportTemplateRow,
} from '@fonrisk/db';
import { z } from 'zod';
import type { CreateReportRequestSchema } from '@fonrisk/contracts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findRun } from '../analyses/analyses.repository.ts';
import { readableTypes } from '../analyses/analyses.service.ts';
import { RunModuleDeniedError, RunNotFoundError } from '../analyses/analyses.errors.ts';
import { readReportFile } from './report-files.ts';
import { REPORT_QUEUE } from './report-jobs.ts';
import { periodLabel } from './report-assembly.ts';
import { formatIsoDate } from './render/format.ts';
import { istanbulToday } from '../../connectors/dates.ts';
import {
  ReportBusyError,
  ReportDateAfterDataError,
  ReportDateInFutureError,
  ReportFileMissingError,
  ReportNotFoundError,
  ReportNotReadyError,
  ReportOfAnotherUserError,
  SourceRunNotDoneError,
  TemplateModuleDeniedError,
  TemplateNotFoundError,
} from './reports.errors.ts';
import {
  findKeyByHash,
  findReportRow,
  findTemplateRow,
  lastHoldingsDates,
  listKeyRows,
  listReportRows,
  toReport,
  toReportKey,
  toTemplate,
} from './reports.repository.ts';

type CreateValues = z.output<typeof CreateReportRequestSchema>;

/** Who asks for a report: a signed-in user, or the scheduler / demo (no account). */
export interface ReportActor {
  readonly userId: number | null;
  readonly fullName: string;
}

/** Why a Report-Key download was refused: the HTTP status and the Turkish raw body. */
export class ReportKeyRefusal extends Error {
  constructor(
    readonly status: 401 | 403 | 404 | 409 | 410,
    readonly body: string,
  ) {
    super(body);
  }
}

export function hashReportKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Refuses (403, naming the module) a template of a module the user lacks. */
export function requireTemplateModules(template: ReportTemplate, user: TokenClaims): void {
  if (!templateOffer(template, user.modules).offered)
    throw new TemplateModuleDeniedError(template.name, moduleNames([template.module]));
}

/**
 * The template as the report keeps it: for a user, only the sections of the user's modules, with
 * the modules left out (`omittedModules`, the report list's note); refused for a template of a
 * module the user lacks.
 */
function snapshotFor(
  row: ReportTemplateRow,
  user: TokenClaims | undefined,
): Record<string, unknown> {
  const template = toTemplate(row);
  if (!user) return template;
  requireTemplateModules(template, user);
  const { omittedModules } = templateOffer(template, user.modules);
  if (omittedModules.length === 0) return template;
  return {
    ...template,
    sections: offeredSections(template.sections, user.modules),
    omittedModules,
  };
}

/**
 * Writes the report (queued) in the caller's transaction and wakes the report workers at its
 * commit (NOTIFY on the job channel): a worker process generates it, never the API.
 */
export async function insertReport(
  ex: Executor,
  actor: ReportActor,
  values: CreateValues,
  options: { demo?: boolean; scheduleId?: number; user?: TokenClaims } = {},
): Promise<number> {
  let template: {
    id: number | null;
    name: string;
    module: number;
    snapshot: Record<string, unknown>;
  };
  let dates = {
    asOfDate: values.asOfDate ?? null,
    fromDate: values.fromDate ?? null,
    toDate: values.toDate ?? null,
  };
  let portfolioCodes = values.portfolioCodes;
  if (values.sourceRunId !== undefined) {
    const run = await findRun(ex, values.sourceRunId);
    if (!run) throw new RunNotFoundError();
    if (options.user && !readableTypes(options.user).includes(run.analysisType))
      throw new RunModuleDeniedError();
    if (run.status !== 'done') throw new SourceRunNotDoneError(run.status, run.error);
    const type = findAnalysisType(run.analysisType);
    const title = type?.title ?? run.analysisType;
    const base =
      values.templateId === undefined ? null : await findTemplateRow(ex, values.templateId);
    if (values.templateId !== undefined && !base) throw new TemplateNotFoundError();
    template = base
      ? {
          id: base.id,
          name: base.name,
          module: base.module,
          snapshot: snapshotFor(base, options.user),
        }
      : {
          id: null,
          name: `Analiz bazlı rapor: ${title}`,
          module: type?.module ?? 1,
          snapshot: {
            name: `Analiz bazlı rapor: ${title}`,
            includeMethods: true,
            sections: [{ kind: 'analysis', analysisType: run.analysisType, title }],
          },
        };
    dates = { asOfDate: run.asOfDate, fromDate: run.fromDate, toDate: run.toDate };
    portfolioCodes = run.portfolioCodes;
  } else {
    const base = await findTemplateRow(ex, values.templateId!);
    if (!base) throw new TemplateNotFoundError();
    template = {
      id: base.id,
      name: base.name,
      module: base.module,
      snapshot: snapshotFor(base, options.user),
    };
  }
  const title =
    values.title ??
    `${template.name} — ${portfolioCodes.slice(0, 3).join(', ')}${portfolioCodes.length > 3 ? ` +${String(portfolioCodes.length - 3)}` : ''} — ${periodLabel(dates)}`;
  const [row] = await ex
    .insert(reports)
    .values({
      ownerId: actor.userId,
      ownerName: actor.fullName,
      title: title.slice(0, 200),
      module: template.module,
      templateId: template.id,
      templateName: template.name,
      templateSnapshot: template.snapshot,
      portfolioCodes,
      ...dates,
      sourceRunId: values.sourceRunId ?? null,
      demo: options.demo ?? false,
      scheduleId: options.scheduleId ?? null,
      progressMessage: 'Sırada',
    })
    .returning({ id: reports.id });
  await recordAudit(ex, {
    actor: actor.userId === null ? null : { userId: actor.userId },
    action: 'report.create',
    entity: 'report',
    entityId: String(row!.id),
    after: {
      title,
      templateId: template.id,
      portfolioCodes,
      ...dates,
      sourceRunId: values.sourceRunId ?? null,
    },
  });
  await announceJob(ex, REPORT_QUEUE);
  return row!.id;
}

/**
 * A report's date (or period end) must not be in the future (Istanbul) nor after any of its
 * portfolios' last data date: its figures would be those of an earlier day under a later date.
 */
export async function checkReportDate(
  ex: Executor,
  values: Pick<CreateValues, 'asOfDate' | 'toDate' | 'portfolioCodes'>,
  now: Date = new Date(),
): Promise<void> {
  const field = values.asOfDate !== undefined ? 'asOfDate' : 'toDate';
  const date = values.asOfDate ?? values.toDate;
  if (date === undefined) return;
  const today = istanbulToday(now.getTime());
  if (date > today)
    throw new ReportDateInFutureError(field, formatIsoDate(date), formatIsoDate(today));
  const last = await lastHoldingsDates(ex, values.portfolioCodes);
  for (const code of values.portfolioCodes) {
    // A portfolio without holdings has no last date to name: its analyses say what they miss.
    const lastDate = last.get(code);
    if (lastDate !== undefined && date > lastDate)
      throw new ReportDateAfterDataError(field, formatIsoDate(date), formatIsoDate(lastDate), code);
  }
}

export type ReportsService = ReturnType<typeof createReportsService>;

/**
 * My reports (issue 15): creation (queued for the worker processes' report jobs), list and filters, files, delete,
 * regenerate and Report-Keys. Object-level rule: a user reaches only their own reports; Admin and
 * Super Admin reach everyone's.
 */
export function createReportsService(db: Database) {
  const seesAll = (user: TokenClaims) => USER_ADMIN_ROLES.includes(user.role);

  async function mustReach(user: TokenClaims, id: number) {
    const row = await findReportRow(db, id);
    if (!row) throw new ReportNotFoundError();
    if (!seesAll(user) && row.ownerId !== user.userId) throw new ReportOfAnotherUserError();
    return row;
  }

  async function get(user: TokenClaims, id: number): Promise<Report> {
    return toReport(await mustReach(user, id));
  }

  return {
    insertReport,
    get,

    async create(user: TokenClaims, values: CreateValues): Promise<Report> {
      if (values.sourceRunId === undefined) await checkReportDate(db, values);
      const id = await db.transaction((tx) => insertReport(tx, user, values, { user }));
      return toReport((await findReportRow(db, id))!);
    },

    async list(
      user: TokenClaims,
      query: {
        module?: number;
        status?: string;
        from?: string;
        to?: string;
        limit: number;
        offset: number;
      },
    ): Promise<ReportListResponse> {
      const { total, rows } = await listReportRows(db, {
        ownerId: seesAll(user) ? null : user.userId,
        ...query,
      });
      return { total, items: rows.map(toReport) };
    },

    async file(
      user: TokenClaims,
      id: number,
      format: ReportFormat,
    ): Promise<{ fileName: string; data: Buffer }> {
      const row = await mustReach(user, id);
      return readFile(row, format);
    },

    async remove(user: TokenClaims, id: number): Promise<void> {
      const row = await mustReach(user, id);
      if (row.status === 'running') throw new ReportBusyError();
      // Its files (report_files) go with it: foreign key on delete cascade.
      await db.transaction(async (tx) => {
        await tx.delete(reports).where(eq(reports.id, id));
        await recordAudit(tx, {
          actor: { userId: user.userId },
          action: 'report.delete',
          entity: 'report',
          entityId: String(id),
          before: { title: row.title },
        });
      });
    },

    async regenerate(user: TokenClaims, id: number): Promise<Report> {
      const row = await mustReach(user, id);
      if (row.status === 'running' || row.status === 'queued') throw new ReportBusyError();
      await db.transaction(async (tx) => {
        await tx
          .update(reports)
          .set({
            status: 'queued',
            progress: 0,
            progressMessage: 'Sırada',
            error: null,
            finishedAt: null,
            createdAt: sql`now()`,
          })
          .where(eq(reports.id, id));
        await recordAudit(tx, {
          actor: { userId: user.userId },
          action: 'report.regenerate',
          entity: 'report',
          entityId: String(id),
        });
        await announceJob(tx, REPORT_QUEUE);
      });
      return get(user, id);
    },

    async listKeys(user: TokenClaims, id: number): Promise<ReportKey[]> {
      await mustReach(user, id);
      return (await listKeyRows(db, id)).map(toReportKey);
    },

    async createKey(
      user: TokenClaims,
      id: number,
      expiresInDays: number,
    ): Promise<CreatedReportKey> {
      await mustReach(user, id);
      const key = `rk_${randomBytes(32).toString('base64url')}`;
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(reportKeys)
          .values({
            reportId: id,
            keyHash: hashReportKey(key),
            prefix: key.slice(0, 10),
            createdBy: user.fullName,
            expiresAt: new Date(Date.now() + expiresInDays * 86_400_000),
          })
          .returning();
        await recordAudit(tx, {
          actor: { userId: user.userId },
          action: 'report-key.create',
          entity: 'report',
          entityId: String(id),
          after: { keyId: created!.id, expiresInDays },
        });
        return created!;
      });
      return { ...toReportKey(row), key };
    },

    async revokeKey(user: TokenClaims, id: number, keyId: number): Promise<ReportKey> {
      await mustReach(user, id);
      const [row] = await db
        .update(reportKeys)
        .set({ revokedAt: sql`coalesce(${reportKeys.revokedAt}, now())` })
        .where(and(eq(reportKeys.id, keyId), eq(reportKeys.reportId, id)))
        .returning();
      if (!row) throw new ReportNotFoundError();
      await recordAudit(db, {
        actor: { userId: user.userId },
        action: 'report-key.revoke',
        entity: 'report',
        entityId: String(id),
        after: { keyId },
      });
      return toReportKey(row);
    },

    /** The session-less download: the key decides; refusals carry the status and a Turkish body. */
    async download(
      key: string | undefined,
      format: ReportFormat,
    ): Promise<{ fileName: string; data: Buffer }> {
      if (key === undefined || key.trim() === '')
        throw new ReportKeyRefusal(401, 'Rapor anahtarı (Report-Key başlığı) gönderilmedi.');
      const row = await findKeyByHash(db, hashReportKey(key.trim()));
      if (!row) throw new ReportKeyRefusal(403, 'Rapor anahtarı geçersiz.');
      if (row.revokedAt) throw new ReportKeyRefusal(410, 'Bu rapor anahtarı iptal edilmiş.');
      if (row.expiresAt.getTime() <= Date.now())
        throw new ReportKeyRefusal(410, 'Bu rapor anahtarının süresi dolmuş.');
      // A deleted report leaves its keys with no report (ON DELETE SET NULL): gone, not unknown.
      const report = row.reportId === null ? null : await findReportRow(db, row.reportId);
      if (!report) throw new ReportKeyRefusal(410, 'Bu anahtarın raporu silinmiş.');
      if (report.status !== 'done')
        throw new ReportKeyRefusal(409, 'Rapor henüz hazır değil; biraz sonra yeniden deneyin.');
      await db
        .update(reportKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(and(eq(reportKeys.id, row.id), isNull(reportKeys.revokedAt)));
      return readFile(report, format);
    },
  };

  async function readFile(
    row: { id: number; status: string; files: unknown[] },
    format: ReportFormat,
  ): Promise<{ fileName: string; data: Buffer }> {
    if (row.status !== 'done') throw new ReportNotReadyError(row.status);
    const file = z
      .array(ReportFileSchema)
      .parse(row.files)
      .find((f) => f.format === format);
    if (!file) throw new ReportNotReadyError(row.status);
    const data = await readReportFile(db, row.id, file.fileName);
    if (!data) throw new ReportFileMissingError();
    return { fileName: file.fileName, data };
  }
}
