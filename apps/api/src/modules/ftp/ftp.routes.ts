import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import {
  FtpConnectionRequestSchema,
  FtpConnectionSchema,
  FtpFileRuleRequestSchema,
  FtpFileRuleSchema,
  FtpPullResponseSchema,
  FtpTestResultSchema,
  FtpTransferQuerySchema,
  FtpTransferSchema,
  RUN_ROLES,
  USER_ADMIN_ROLES,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import { noContent } from '../../http/no-content.ts';
import { idSchema } from '../../http/id-schema.ts';
import { InvalidInputError } from '../../shared/domain-errors.ts';
import { MissingFileError } from '../data-imports/imports.errors.ts';
import type { FtpService } from './ftp.service.ts';
import type { FtpPullQueue } from './ftp-jobs.ts';

const tags = ['FTP'];
const ConnectionParams = z.object({ id: idSchema('Geçerli bir bağlantı numarası girin.') });
const RuleParams = z.object({ id: idSchema('Geçerli bir kural numarası girin.') });
const TransferParams = z.object({ id: idSchema('Geçerli bir aktarım numarası girin.') });
const RulesQuery = z.object({
  connectionId: idSchema('Geçerli bir bağlantı numarası girin.').optional(),
});
/** Connections carry credentials: only Admin and Super Admin change them. */
const CONNECTION_EDITORS = { roles: USER_ADMIN_ROLES };
/** Rules, tests, pulls and pushes: the roles that may change data (like the upload screen). */
const OPERATORS = { roles: RUN_ROLES };
/** Largest file the uploader's manual mode sends (reports and data files). */
export const MAX_PUSH_BYTES = 200 * 1024 * 1024;

export const ftpRoutes: FastifyPluginAsyncZod<{ ftp: FtpService; pulls: FtpPullQueue }> = async (
  app,
  { ftp, pulls },
) => {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_PUSH_BYTES, files: 1 } });

  app.get('/ftp/connections', {
    config: { access: {} },
    schema: {
      tags,
      summary: 'FTP bağlantıları (parolalar yalnız var/yok olarak)',
      response: { 200: z.array(FtpConnectionSchema) },
    },
    handler: () => ftp.listConnections(),
  });

  app.get('/ftp/connections/:id', {
    config: { access: {} },
    schema: {
      tags,
      summary: 'Bir FTP bağlantısı',
      params: ConnectionParams,
      response: { 200: FtpConnectionSchema },
    },
    handler: (request) => ftp.getConnection(request.params.id),
  });

  app.post('/ftp/connections', {
    config: { access: CONNECTION_EDITORS },
    schema: {
      tags,
      summary: 'Bağlantı ekle',
      body: FtpConnectionRequestSchema,
      response: { 200: FtpConnectionSchema },
    },
    handler: (request) => ftp.createConnection(currentUser(request), request.body),
  });

  app.put('/ftp/connections/:id', {
    config: { access: CONNECTION_EDITORS },
    schema: {
      tags,
      summary: 'Bağlantıyı güncelle (gizli alanlar: yok = değişmez, null = silinir)',
      params: ConnectionParams,
      body: FtpConnectionRequestSchema,
      response: { 200: FtpConnectionSchema },
    },
    handler: (request) =>
      ftp.updateConnection(currentUser(request), request.params.id, request.body),
  });

  app.delete('/ftp/connections/:id', {
    config: { access: CONNECTION_EDITORS },
    schema: {
      tags,
      summary: 'Bağlantıyı sil',
      params: ConnectionParams,
      response: { 204: z.null() },
    },
    handler: (request, reply) =>
      noContent(reply, ftp.deleteConnection(currentUser(request), request.params.id)),
  });

  app.post('/ftp/connections/:id/host-key/reset', {
    config: { access: CONNECTION_EDITORS },
    schema: {
      tags,
      summary: 'Kayıtlı sunucu anahtarını unut (bir sonraki bağlantı yeniden kaydeder)',
      params: ConnectionParams,
      response: { 200: FtpConnectionSchema },
    },
    handler: (request) => ftp.resetHostKey(currentUser(request), request.params.id),
  });

  app.post('/ftp/connections/:id/test', {
    config: { access: OPERATORS },
    schema: {
      tags,
      summary: 'Bağlantıyı sına',
      params: ConnectionParams,
      response: { 200: FtpTestResultSchema },
    },
    handler: (request) => ftp.testConnection(request.params.id),
  });

  app.post('/ftp/connections/:id/pull', {
    config: { access: OPERATORS },
    schema: {
      tags,
      summary: 'Dosyaları şimdi çek ve içe aktar (iş kuyruğu üzerinden hesaplama servisinde)',
      params: ConnectionParams,
      response: { 200: FtpPullResponseSchema },
    },
    // The worker process does the pull (decision 0021); the request waits for its answer.
    // An unknown connection is refused here (404) without a job.
    handler: async (request) => {
      await ftp.getConnection(request.params.id);
      return pulls.pull(request.params.id, { kind: 'user', user: currentUser(request) });
    },
  });

  app.post('/ftp/connections/:id/upload', {
    config: { access: OPERATORS },
    schema: {
      tags,
      summary: 'Tarayıcıdan seçilen dosyayı giden klasöre gönder',
      consumes: ['multipart/form-data'],
      params: ConnectionParams,
      response: { 200: FtpTransferSchema },
    },
    handler: async (request) => {
      const user = currentUser(request);
      const file = request.isMultipart() ? await request.file() : undefined;
      if (!file || file.fieldname !== 'file') throw new MissingFileError();
      // Spooled to disk (never whole in memory) so that a retry can send it again.
      const dir = join(tmpdir(), 'fonrisk-ftp');
      await mkdir(dir, { recursive: true });
      const local = join(dir, randomUUID());
      try {
        await pipeline(file.file, createWriteStream(local));
        if (file.file.truncated) {
          throw new InvalidInputError(
            `Dosya çok büyük; en fazla ${MAX_PUSH_BYTES / 1024 / 1024} MB gönderilebilir.`,
            [{ field: 'file', message: 'dosya çok büyük' }],
          );
        }
        return await ftp.pushFile(
          request.params.id,
          { fileName: file.filename, open: () => createReadStream(local) },
          { kind: 'user', user },
        );
      } finally {
        await rm(local, { force: true });
      }
    },
  });

  app.get('/ftp/rules', {
    config: { access: {} },
    schema: {
      tags,
      summary: 'Dosya kuralları',
      querystring: RulesQuery,
      response: { 200: z.array(FtpFileRuleSchema) },
    },
    handler: (request) => ftp.listRules(request.query.connectionId),
  });

  app.post('/ftp/rules', {
    config: { access: OPERATORS },
    schema: {
      tags,
      summary: 'Dosya kuralı ekle',
      body: FtpFileRuleRequestSchema,
      response: { 200: FtpFileRuleSchema },
    },
    handler: (request) => ftp.createRule(currentUser(request), request.body),
  });

  app.put('/ftp/rules/:id', {
    config: { access: OPERATORS },
    schema: {
      tags,
      summary: 'Dosya kuralını güncelle',
      params: RuleParams,
      body: FtpFileRuleRequestSchema,
      response: { 200: FtpFileRuleSchema },
    },
    handler: (request) => ftp.updateRule(currentUser(request), request.params.id, request.body),
  });

  app.delete('/ftp/rules/:id', {
    config: { access: OPERATORS },
    schema: {
      tags,
      summary: 'Dosya kuralını sil',
      params: RuleParams,
      response: { 204: z.null() },
    },
    handler: (request, reply) =>
      noContent(reply, ftp.deleteRule(currentUser(request), request.params.id)),
  });

  app.get('/ftp/transfers', {
    config: { access: {} },
    schema: {
      tags,
      summary: 'Aktarım günlüğü (en yeni önce)',
      querystring: FtpTransferQuerySchema,
      response: { 200: z.array(FtpTransferSchema) },
    },
    handler: (request) => ftp.listTransfers(request.query),
  });

  app.get('/ftp/transfers/:id/file', {
    config: { access: {} },
    schema: { tags, summary: 'Reddedilen dosyayı indir', params: TransferParams },
    handler: async (request, reply) => {
      const file = await ftp.transferFile(request.params.id);
      return reply
        .type('application/octet-stream')
        .header(
          'Content-Disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .send(file.content);
    },
  });
};
