import { z } from 'zod';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditRunAllRequestSchema,
  AuditRunAllResponseSchema,
  BreachCommentRequestSchema,
  BreachDetailSchema,
  BreachListQuerySchema,
  BreachListResponseSchema,
  BreachUpdateRequestSchema,
  CodeSchema,
  CriteriaImportQuerySchema,
  CriteriaImportResponseSchema,
  CriteriaListResponseSchema,
  CriterionPreviewRequestSchema,
  CriterionPreviewResponseSchema,
  CriterionRuleSchema,
  CriterionSchema,
  CriterionVersionsResponseSchema,
  InternalAuditSettingsResponseSchema,
  InternalAuditSettingsSchema,
  RUN_ROLES,
} from '@fonrisk/contracts';
import type { Database } from '@fonrisk/db';
import { currentUser } from '../../http/access.ts';
import { createRunQueue } from '../analyses/run-queue.ts';
import {
  queueDailyAudit,
  readInternalAuditSettings,
  saveInternalAuditSettings,
} from './audit-batch.ts';
import type { BreachesService } from './breaches.service.ts';
import type { CriteriaService } from './criteria.service.ts';
import { CriteriaFileError } from './internal-audit.errors.ts';

const tags = ['İç Denetim'];
/** Criteria: every signed-in user reads (criterion-definition is a login screen); RUN_ROLES write. */
const READ_CRITERIA = {};
const WRITE_CRITERIA = { roles: RUN_ROLES };
/** Tracking: module-3 users read, RUN_ROLES with module 3 change and comment. */
const READ = { modules: [3] as const };
const WRITE = { roles: RUN_ROLES, modules: [3] as const };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const IdParams = z.object({ id: z.coerce.number().int().positive() });
const CodeParams = z.object({ code: CodeSchema });

export interface InternalAuditRouteOptions {
  readonly db: Database;
  readonly criteria: CriteriaService;
  readonly breaches: BreachesService;
}

export const internalAuditRoutes: FastifyPluginAsyncZod<InternalAuditRouteOptions> = async (
  app,
  { db, criteria, breaches },
) => {
  const queue = createRunQueue(db, (error) => app.log.error(error, 'internal audit run queue'));
  app.addHook('onClose', () => queue.close());
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });

  // --- criteria -----------------------------------------------------------------------------------
  app.get('/internal-audit/criteria', {
    config: { access: READ_CRITERIA },
    schema: { tags, summary: 'Geçerli kriterler', response: { 200: CriteriaListResponseSchema } },
    handler: async () => ({ criteria: await criteria.list() }),
  });
  app.get('/internal-audit/criteria/export', {
    config: { access: READ_CRITERIA },
    schema: {
      tags,
      summary: 'Kriter setini dışa aktar (JSON veya Excel)',
      querystring: z.object({ format: z.enum(['json', 'xlsx']).default('json') }),
    },
    handler: async (request, reply) => {
      const { format } = request.query;
      const body = await criteria.exportFile(format);
      return reply
        .type(format === 'json' ? 'application/json; charset=utf-8' : XLSX)
        .header('Content-Disposition', `attachment; filename="kriterler.${format}"`)
        .send(body);
    },
  });
  app.post('/internal-audit/criteria/import', {
    config: { access: WRITE_CRITERIA },
    schema: {
      tags,
      summary: 'Kriter seti içe aktar (hepsi ya da hiçbiri)',
      consumes: ['multipart/form-data'],
      querystring: CriteriaImportQuerySchema,
      response: { 200: CriteriaImportResponseSchema },
    },
    handler: async (request) => {
      const file = request.isMultipart() ? await request.file() : undefined;
      if (!file || file.fieldname !== 'file')
        throw new CriteriaFileError('Yüklenecek dosya seçilmedi.', [
          { field: 'file', message: 'dosya gerekli' },
        ]);
      return criteria.importFile(currentUser(request), await file.toBuffer(), file.filename, {
        acceptWarnings: request.query.acceptWarnings,
        ...(request.query.numberFormat ? { numberFormat: request.query.numberFormat } : {}),
      });
    },
  });
  app.post('/internal-audit/criteria/preview', {
    config: { access: READ_CRITERIA },
    schema: {
      tags,
      summary: 'Kuralın bir portföy ve tarihteki değeri (kaydetmeden)',
      body: CriterionPreviewRequestSchema,
      response: { 200: CriterionPreviewResponseSchema },
    },
    handler: (request) => criteria.preview(request.body),
  });
  app.get('/internal-audit/criteria/:code/versions', {
    config: { access: READ_CRITERIA },
    schema: {
      tags,
      summary: 'Kriterin sürümleri (yeniden eskiye)',
      params: CodeParams,
      response: { 200: CriterionVersionsResponseSchema },
    },
    handler: async (request) => ({ versions: await criteria.versions(request.params.code) }),
  });
  app.post('/internal-audit/criteria', {
    config: { access: WRITE_CRITERIA },
    schema: {
      tags,
      summary: 'Yeni kriter',
      body: CriterionRuleSchema,
      response: { 200: CriterionSchema },
    },
    handler: (request) => criteria.create(currentUser(request), request.body),
  });
  app.put('/internal-audit/criteria/:code', {
    config: { access: WRITE_CRITERIA },
    schema: {
      tags,
      summary: 'Kriteri değiştir (yeni sürüm; eski sürüm geçmiş denetimler için kalır)',
      params: CodeParams,
      body: CriterionRuleSchema,
      response: { 200: CriterionSchema },
    },
    handler: (request) => criteria.update(currentUser(request), request.params.code, request.body),
  });
  app.delete('/internal-audit/criteria/:code', {
    config: { access: WRITE_CRITERIA },
    schema: { tags, summary: 'Kriteri kaldır (sürümleri saklanır)', params: CodeParams },
    handler: async (request, reply) => {
      await criteria.remove(currentUser(request), request.params.code);
      return reply.code(204).send();
    },
  });

  // --- breach tracking ------------------------------------------------------------------------------
  app.get('/internal-audit/breaches', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'İhlal takibi (fon, kriter, durum ve yaşa göre)',
      querystring: BreachListQuerySchema,
      response: { 200: BreachListResponseSchema },
    },
    handler: async (request) => ({ breaches: await breaches.list(request.query) }),
  });
  app.get('/internal-audit/breaches/export', {
    config: { access: READ },
    schema: { tags, summary: 'İhlal listesi (Excel)', querystring: BreachListQuerySchema },
    handler: async (request, reply) =>
      reply
        .type(XLSX)
        .header('Content-Disposition', 'attachment; filename="ic-denetim-takibi.xlsx"')
        .send(await breaches.exportXlsx(request.query)),
  });
  app.get('/internal-audit/breaches/:id', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'İhlal ve yorum geçmişi',
      params: IdParams,
      response: { 200: BreachDetailSchema },
    },
    handler: (request) => breaches.detail(request.params.id),
  });
  app.put('/internal-audit/breaches/:id', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'İhlalin durumunu, sorumlusunu veya son tarihini değiştir',
      params: IdParams,
      body: BreachUpdateRequestSchema,
      response: { 200: BreachDetailSchema },
    },
    handler: (request) => breaches.update(currentUser(request), request.params.id, request.body),
  });
  app.post('/internal-audit/breaches/:id/comments', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'İhlale yorum ekle',
      params: IdParams,
      body: BreachCommentRequestSchema,
      response: { 200: BreachDetailSchema },
    },
    handler: (request) =>
      breaches.comment(currentUser(request), request.params.id, request.body.text),
  });

  // --- settings and the daily audit --------------------------------------------------------------
  app.get('/internal-audit/settings', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Günlük denetim saati ve ihlal düzeltme süreleri',
      response: { 200: InternalAuditSettingsResponseSchema },
    },
    handler: async () => ({ settings: (await readInternalAuditSettings(db)).settings }),
  });
  app.put('/internal-audit/settings', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'İç denetim ayarlarını kaydet',
      body: InternalAuditSettingsSchema,
      response: { 200: InternalAuditSettingsResponseSchema },
    },
    handler: async (request) => ({
      settings: await saveInternalAuditSettings(db, currentUser(request), request.body),
    }),
  });
  app.post('/internal-audit/run-all', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Tüm fonların iç denetimini ihlal takibiyle başlat',
      body: AuditRunAllRequestSchema,
      response: { 200: AuditRunAllResponseSchema },
    },
    handler: async (request) => {
      const actor = currentUser(request);
      return {
        runId: await queueDailyAudit(
          db,
          queue,
          { userId: actor.userId, name: actor.fullName },
          request.body.asOfDate,
        ),
      };
    },
  });
};
