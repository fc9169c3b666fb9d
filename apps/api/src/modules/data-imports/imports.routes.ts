import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import {
  ImportKindSchema,
  ImportQuerySchema,
  ImportResponseSchema,
  RUN_ROLES,
  TemplateQuerySchema,
  NEW_PORTFOLIOS_FIELD,
  NEW_SERIES_FIELD,
  CreatePortfolioRequestSchema,
  NewSeriesChoiceSchema,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import { buildTemplateCsv, buildTemplateXlsx, templateFileName } from '../../imports/index.ts';
import {
  InvalidNewPortfoliosError,
  InvalidNewSeriesError,
  MissingFileError,
} from './imports.errors.ts';
import type { ImportsService } from './imports.service.ts';

const tags = ['Veri Yükleme'];
const KindParams = z.object({ kind: ImportKindSchema });
/** Largest upload accepted (100,000 price rows as .xlsx are about 3 MB). */
const MAX_FILE_BYTES = 50 * 1024 * 1024;
const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/**
 * A JSON list field of the upload (`newSeries`, `newPortfolios`): absent is empty; bad JSON or an
 * entry the schema refuses is a 400 naming the field path.
 */
function parseListField<T>(
  text: string | undefined,
  field: string,
  schema: z.ZodType<T>,
  fail: (errors: { field: string; message: string }[]) => Error,
): T[] {
  if (text === undefined || text.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw fail([{ field, message: 'geçerli JSON değil' }]);
  }
  const parsed = z.array(schema).safeParse(json);
  if (!parsed.success)
    throw fail(
      parsed.error.issues.map((i) => ({
        field: [field, ...i.path.map(String)].join('.'),
        message: i.message,
      })),
    );
  return parsed.data;
}

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
      if (!request.isMultipart()) throw new MissingFileError();
      let file: { data: Buffer; filename: string } | undefined;
      let newSeriesText: string | undefined;
      let newPortfoliosText: string | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') {
            await part.toBuffer();
            continue;
          }
          file = { data: await part.toBuffer(), filename: part.filename };
        } else if (part.fieldname === NEW_SERIES_FIELD) {
          newSeriesText = String(part.value);
        } else if (part.fieldname === NEW_PORTFOLIOS_FIELD) {
          newPortfoliosText = String(part.value);
        }
      }
      if (!file) throw new MissingFileError();
      return imports.importFile(
        currentUser(request),
        request.params.kind,
        file.data,
        file.filename,
        {
          confirmReplace: request.query.confirmReplace,
          acceptWarnings: request.query.acceptWarnings,
          ...(request.query.numberFormat ? { numberFormat: request.query.numberFormat } : {}),
          newSeries: parseListField(
            newSeriesText,
            NEW_SERIES_FIELD,
            NewSeriesChoiceSchema,
            (errors) => new InvalidNewSeriesError(errors),
          ),
          newPortfolios: parseListField(
            newPortfoliosText,
            NEW_PORTFOLIOS_FIELD,
            CreatePortfolioRequestSchema,
            (errors) => new InvalidNewPortfoliosError(errors),
          ),
        },
      );
    },
  });
};
