import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import {
  CreateReportKeyRequestSchema,
  CreateReportRequestSchema,
  CreatedReportKeySchema,
  FtpTransferSchema,
  MAX_LOGO_BYTES,
  MODULES,
  PdfSettingsInputSchema,
  PdfSettingsSchema,
  PushReportRequestSchema,
  REPORT_KEY_HEADER,
  REPORT_PATHS,
  RUN_ROLES,
  ReportDownloadQuerySchema,
  ReportKeySchema,
  ReportListQuerySchema,
  ReportListResponseSchema,
  ReportScheduleInputSchema,
  ReportScheduleSchema,
  ReportSchema,
  ReportTemplateInputSchema,
  ReportTemplateSchema,
  USER_ADMIN_ROLES,
  type ReportFormat,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import { idSchema } from '../../http/id-schema.ts';
import { MissingFileError } from '../data-imports/imports.errors.ts';
import type { FtpService } from '../ftp/ftp.service.ts';
import type { PdfSettingsService } from './pdf-settings.service.ts';
import type { ReportSchedulesService } from './report-schedules.service.ts';
import type { ReportTemplatesService } from './report-templates.service.ts';
import { LogoRejectedError } from './reports.errors.ts';
import { ReportKeyRefusal, type ReportsService } from './reports.service.ts';

const tags = ['Raporlar'];
/** The contract's paths without the `/api` prefix the server registers under. */
const p = (path: string) => path.replace(/^\/api/, '');
const ReportParams = z.object({ id: idSchema('Geçerli bir rapor numarası girin.') });
const KeyParams = z.object({
  id: idSchema('Geçerli bir rapor numarası girin.'),
  keyId: idSchema('Geçerli bir anahtar numarası girin.'),
});
const TemplateParams = z.object({ id: idSchema('Geçerli bir şablon numarası girin.') });
const ScheduleParams = z.object({ id: idSchema('Geçerli bir zamanlama numarası girin.') });

/** my-reports: every role with any module (route table: allRoles(1..5)). */
const READERS = { modules: [...MODULES] };
/** reporting / analysis-based-report: runRoles(1, 2, 3). */
const PRODUCERS = { roles: RUN_ROLES, modules: [1, 2, 3] as const };
/** Templates and schedules change company output: the roles that may change data. */
const EDITORS = { roles: RUN_ROLES };
/** Company branding: Admin and Super Admin. */
const BRANDING = { roles: USER_ADMIN_ROLES };

const MIME: Readonly<Record<ReportFormat, string>> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

function sendFile(reply: FastifyReply, format: ReportFormat, fileName: string, data: Buffer) {
  return reply
    .type(MIME[format])
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(data);
}

function sendPdf(reply: FastifyReply, fileName: string, data: Buffer) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(data);
}

export interface ReportsRouteDeps {
  readonly reports: ReportsService;
  readonly templates: ReportTemplatesService;
  readonly pdfSettings: PdfSettingsService;
  readonly schedules: ReportSchedulesService;
  /** File delivery: my-reports sends a report's files to an FTP connection's outbound folder. */
  readonly ftp: Pick<FtpService, 'pushFile'>;
}

export const reportsRoutes: FastifyPluginAsyncZod<ReportsRouteDeps> = async (
  app,
  { reports, templates, pdfSettings, schedules, ftp },
) => {
  // The logo limit plus room for the multipart envelope; the service checks the exact size.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_LOGO_BYTES + 1, files: 1 } });

  // --- reports ---------------------------------------------------------------------------------
  app.get(p(REPORT_PATHS.reports), {
    config: { access: READERS },
    schema: {
      tags,
      summary: 'Raporlarım (Admin ve Süper Admin herkesinkini görür)',
      querystring: ReportListQuerySchema,
      response: { 200: ReportListResponseSchema },
    },
    handler: (request) => reports.list(currentUser(request), request.query),
  });

  app.post(p(REPORT_PATHS.reports), {
    config: { access: PRODUCERS },
    schema: {
      tags,
      summary: 'Rapor oluştur (şablon + portföyler + tarih, veya tek bir analizden)',
      body: CreateReportRequestSchema,
      response: { 200: ReportSchema },
    },
    handler: (request) => reports.create(currentUser(request), request.body),
  });

  app.post(p(REPORT_PATHS.download), {
    config: { access: 'report-key' },
    schema: {
      tags,
      summary: 'Rapor dosyası, oturumsuz: Report-Key başlığıyla (hata gövdesi düz metin)',
      querystring: ReportDownloadQuerySchema,
      headers: z.object({ 'report-key': z.string().optional() }),
    },
    handler: async (request, reply) => {
      const header = request.headers[REPORT_KEY_HEADER.toLowerCase()];
      try {
        const file = await reports.download(
          typeof header === 'string' ? header : undefined,
          request.query.format,
        );
        return await sendFile(reply, request.query.format, file.fileName, file.data);
      } catch (error) {
        if (error instanceof ReportKeyRefusal) {
          return reply.code(error.status).type('text/plain; charset=utf-8').send(error.body);
        }
        throw error;
      }
    },
  });

  app.get(p(REPORT_PATHS.report), {
    config: { access: READERS },
    schema: { tags, summary: 'Bir rapor', params: ReportParams, response: { 200: ReportSchema } },
    handler: (request) => reports.get(currentUser(request), request.params.id),
  });

  app.delete(p(REPORT_PATHS.report), {
    config: { access: READERS },
    schema: { tags, summary: 'Raporu ve dosyalarını sil', params: ReportParams },
    handler: async (request, reply) => {
      await reports.remove(currentUser(request), request.params.id);
      return reply.code(204).send();
    },
  });

  for (const format of ['pdf', 'xlsx'] as const) {
    app.get(p(REPORT_PATHS[format]), {
      config: { access: READERS },
      schema: { tags, summary: `Raporun ${format.toUpperCase()} dosyası`, params: ReportParams },
      handler: async (request, reply) => {
        const file = await reports.file(currentUser(request), request.params.id, format);
        return sendFile(reply, format, file.fileName, file.data);
      },
    });
  }

  app.post(p(REPORT_PATHS.push), {
    // Sending files to a server is a data operation (like the uploader's manual mode); the
    // report itself must be one the user may read (reports.file checks the owner).
    config: { access: { roles: RUN_ROLES } },
    schema: {
      tags,
      summary: 'Raporun PDF ve Excel dosyalarını FTP bağlantısının giden klasörüne gönder',
      params: ReportParams,
      body: PushReportRequestSchema,
      response: { 200: z.array(FtpTransferSchema) },
    },
    handler: async (request) => {
      const user = currentUser(request);
      const transfers = [];
      for (const format of ['pdf', 'xlsx'] as const) {
        const file = await reports.file(user, request.params.id, format);
        transfers.push(
          await ftp.pushFile(
            request.body.connectionId,
            { fileName: file.fileName, open: () => Readable.from(file.data) },
            { kind: 'user', user },
          ),
        );
      }
      return transfers;
    },
  });

  app.post(p(REPORT_PATHS.regenerate), {
    config: { access: PRODUCERS },
    schema: {
      tags,
      summary: 'Raporu aynı girdilerle yeniden oluştur',
      params: ReportParams,
      response: { 200: ReportSchema },
    },
    handler: (request) => reports.regenerate(currentUser(request), request.params.id),
  });

  app.get(p(REPORT_PATHS.keys), {
    config: { access: READERS },
    schema: {
      tags,
      summary: 'Raporun paylaşım anahtarları (anahtarın kendisi gösterilmez)',
      params: ReportParams,
      response: { 200: z.array(ReportKeySchema) },
    },
    handler: (request) => reports.listKeys(currentUser(request), request.params.id),
  });

  app.post(p(REPORT_PATHS.keys), {
    config: { access: READERS },
    schema: {
      tags,
      summary: 'Yeni paylaşım anahtarı (bir kez gösterilir)',
      params: ReportParams,
      body: CreateReportKeyRequestSchema,
      response: { 200: CreatedReportKeySchema },
    },
    handler: (request) =>
      reports.createKey(currentUser(request), request.params.id, request.body.expiresInDays),
  });

  app.delete(p(REPORT_PATHS.key), {
    config: { access: READERS },
    schema: {
      tags,
      summary: 'Paylaşım anahtarını iptal et',
      params: KeyParams,
      response: { 200: ReportKeySchema },
    },
    handler: (request) =>
      reports.revokeKey(currentUser(request), request.params.id, request.params.keyId),
  });

  // --- templates -----------------------------------------------------------------------------
  app.get(p(REPORT_PATHS.templates), {
    config: { access: {} },
    schema: { tags, summary: 'Rapor şablonları', response: { 200: z.array(ReportTemplateSchema) } },
    handler: () => templates.list(),
  });

  app.post(p(REPORT_PATHS.templates), {
    config: { access: EDITORS },
    schema: {
      tags,
      summary: 'Yeni rapor şablonu',
      body: ReportTemplateInputSchema,
      response: { 200: ReportTemplateSchema },
    },
    handler: (request) => templates.create(currentUser(request), request.body),
  });

  app.post(p(REPORT_PATHS.templatePreview), {
    config: { access: {} },
    schema: {
      tags,
      summary: 'Şablon önizlemesi (örnek fon üzerinde PDF)',
      body: ReportTemplateInputSchema,
    },
    handler: async (request, reply) =>
      sendPdf(
        reply,
        'sablon-onizleme.pdf',
        await templates.preview(currentUser(request), request.body),
      ),
  });

  app.get(p(REPORT_PATHS.template), {
    config: { access: {} },
    schema: {
      tags,
      summary: 'Bir rapor şablonu',
      params: TemplateParams,
      response: { 200: ReportTemplateSchema },
    },
    handler: (request) => templates.get(request.params.id),
  });

  app.put(p(REPORT_PATHS.template), {
    config: { access: EDITORS },
    schema: {
      tags,
      summary: 'Rapor şablonunu değiştir',
      params: TemplateParams,
      body: ReportTemplateInputSchema,
      response: { 200: ReportTemplateSchema },
    },
    handler: (request) => templates.update(currentUser(request), request.params.id, request.body),
  });

  app.delete(p(REPORT_PATHS.template), {
    config: { access: EDITORS },
    schema: { tags, summary: 'Rapor şablonunu sil', params: TemplateParams },
    handler: async (request, reply) => {
      await templates.remove(currentUser(request), request.params.id);
      return reply.code(204).send();
    },
  });

  // --- PDF settings ----------------------------------------------------------------------------
  app.get(p(REPORT_PATHS.pdfSettings), {
    config: { access: {} },
    schema: { tags, summary: 'PDF ayarları', response: { 200: PdfSettingsSchema } },
    handler: () => pdfSettings.get(),
  });

  app.put(p(REPORT_PATHS.pdfSettings), {
    config: { access: BRANDING },
    schema: {
      tags,
      summary: 'PDF ayarlarını kaydet',
      body: PdfSettingsInputSchema,
      response: { 200: PdfSettingsSchema },
    },
    handler: (request) => pdfSettings.put(currentUser(request), request.body),
  });

  app.post(p(REPORT_PATHS.pdfSettingsPreview), {
    config: { access: {} },
    schema: { tags, summary: 'Tek sayfalık PDF önizlemesi', body: PdfSettingsInputSchema },
    handler: async (request, reply) =>
      sendPdf(
        reply,
        'pdf-onizleme.pdf',
        await pdfSettings.preview(currentUser(request), request.body),
      ),
  });

  app.get(p(REPORT_PATHS.pdfSettingsLogo), {
    config: { access: {} },
    schema: { tags, summary: 'Yüklenen logo' },
    handler: async (_request, reply) => {
      const logo = await pdfSettings.logo();
      if (!logo) return reply.code(204).send();
      return reply
        .type(logo.mimeType)
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(logo.data);
    },
  });

  app.put(p(REPORT_PATHS.pdfSettingsLogo), {
    config: { access: BRANDING },
    schema: {
      tags,
      summary: 'Logo yükle (PNG, JPEG veya SVG, en fazla 512 KB)',
      consumes: ['multipart/form-data'],
      response: { 200: PdfSettingsSchema },
    },
    handler: async (request) => {
      const user = currentUser(request);
      const file = request.isMultipart() ? await request.file() : undefined;
      if (!file || file.fieldname !== 'file') throw new MissingFileError();
      const data = await file.toBuffer().catch(() => {
        throw new LogoRejectedError(
          `Logo en fazla ${String(MAX_LOGO_BYTES / 1024)} KB olabilir; yüklenen dosya daha büyük.`,
          [{ field: 'file', message: 'dosya çok büyük' }],
        );
      });
      return pdfSettings.uploadLogo(user, data);
    },
  });

  app.delete(p(REPORT_PATHS.pdfSettingsLogo), {
    config: { access: BRANDING },
    schema: { tags, summary: 'Logoyu kaldır', response: { 200: PdfSettingsSchema } },
    handler: (request) => pdfSettings.deleteLogo(currentUser(request)),
  });

  // --- schedules -----------------------------------------------------------------------------
  app.get(p(REPORT_PATHS.schedules), {
    config: { access: READERS },
    schema: {
      tags,
      summary: 'Zamanlanmış raporlar',
      response: { 200: z.array(ReportScheduleSchema) },
    },
    handler: (request) => schedules.list(currentUser(request)),
  });

  app.post(p(REPORT_PATHS.schedules), {
    config: { access: EDITORS },
    schema: {
      tags,
      summary: 'Zamanlanmış rapor ekle',
      body: ReportScheduleInputSchema,
      response: { 200: ReportScheduleSchema },
    },
    handler: (request) => schedules.create(currentUser(request), request.body),
  });

  app.get(p(REPORT_PATHS.schedule), {
    config: { access: READERS },
    schema: {
      tags,
      summary: 'Bir zamanlanmış rapor',
      params: ScheduleParams,
      response: { 200: ReportScheduleSchema },
    },
    handler: (request) => schedules.get(currentUser(request), request.params.id),
  });

  app.put(p(REPORT_PATHS.schedule), {
    config: { access: EDITORS },
    schema: {
      tags,
      summary: 'Zamanlanmış raporu değiştir',
      params: ScheduleParams,
      body: ReportScheduleInputSchema,
      response: { 200: ReportScheduleSchema },
    },
    handler: (request) => schedules.update(currentUser(request), request.params.id, request.body),
  });

  app.delete(p(REPORT_PATHS.schedule), {
    config: { access: EDITORS },
    schema: { tags, summary: 'Zamanlanmış raporu sil', params: ScheduleParams },
    handler: async (request, reply) => {
      await schedules.remove(currentUser(request), request.params.id);
      return reply.code(204).send();
    },
  });
};
