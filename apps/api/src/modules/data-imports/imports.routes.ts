import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import {
  ImportKindSchema,
  ImportQuerySchema,
  ImportResponseSchema,
  RUN_ROLES,
  TemplateQuerySchema,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import { buildTemplateCsv, buildTemplateXlsx, templateFileName } from '../../imports/index.ts';
import { MissingFileError } from './imports.errors.ts';
import type { ImportsService } from './imports.service.ts';

const tags = ['Veri Yükleme'];
const KindParams = z.object({ kind: ImportKindSchema });
/** Largest upload accepted (100,000 price rows as .xlsx are about 3 MB). */
const MAX_FILE_BYTES = 50 * 1024 * 1024;
const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

export const importsRoutes: FastifyPluginAsyncZod<{ imports: ImportsService }> = async (
  app,
  { imports },
) => {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1 } });

  app.get('/imports/templates/:kind', {
    config: { access: {} },
    schema: {
      tags,
      summary: 'Yükleme şablonu',
      params: KindParams,
      querystring: TemplateQuerySchema,
    },
    handler: async (request, reply) => {
      const { kind } = request.params;
      const { format } = request.query;
      const body = format === 'xlsx' ? await buildTemplateXlsx(kind) : buildTemplateCsv(kind);
      return reply
        .type(CONTENT_TYPES[format])
        .header(
          'Content-Disposition',
          `attachment; filename="${encodeURIComponent(templateFileName(kind, format))}"`,
        )
        .send(body);
    },
  });

  app.post('/imports/:kind', {
    config: { access: { roles: RUN_ROLES } },
    schema: {
      tags,
      summary: 'Dosya yükle (hepsi ya da hiçbiri)',
      consumes: ['multipart/form-data'],
      params: KindParams,
      querystring: ImportQuerySchema,
      response: { 200: ImportResponseSchema },
    },
    handler: async (request) => {
      const file = request.isMultipart() ? await request.file() : undefined;
      if (!file || file.fieldname !== 'file') throw new MissingFileError();
      const data = await file.toBuffer();
      return imports.importFile(
        currentUser(request),
        request.params.kind,
        data,
        file.filename,
        request.query.confirmReplace,
      );
    },
  });
};
