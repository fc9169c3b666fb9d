import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  BenchmarkRequestSchema,
  BenchmarkReturnsQuerySchema,
  BenchmarkReturnsSchema,
  BenchmarkSchema,
  CodeSchema,
  ReferenceBenchmarkRequestSchema,
  ReferenceBenchmarkSchema,
  RUN_ROLES,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import { noContent } from '../../http/no-content.ts';
import type { BenchmarksService } from './benchmarks.service.ts';

const READ = {};
const WRITE = { roles: RUN_ROLES };
const tags = ['Karşılaştırma Ölçütleri'];
const CodeParams = z.object({ code: CodeSchema });

export const benchmarksRoutes: FastifyPluginCallbackZod<{ benchmarks: BenchmarksService }> = (
  app,
  { benchmarks },
  done,
) => {
  app.get('/benchmarks', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Karşılaştırma ölçütleri',
      response: { 200: z.array(BenchmarkSchema) },
    },
    handler: () => benchmarks.list(),
  });
  app.post('/benchmarks', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Ölçüt oluştur',
      body: BenchmarkRequestSchema,
      response: { 200: BenchmarkSchema },
    },
    handler: (request) => benchmarks.create(currentUser(request), request.body),
  });
  app.put('/benchmarks/:code', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Ölçütü güncelle',
      params: CodeParams,
      body: BenchmarkRequestSchema,
      response: { 200: BenchmarkSchema },
    },
    handler: (request) =>
      benchmarks.update(currentUser(request), request.params.code, request.body),
  });
  app.delete('/benchmarks/:code', {
    config: { access: WRITE },
    schema: { tags, summary: 'Ölçütü sil', params: CodeParams, response: { 204: z.null() } },
    handler: (request, reply) =>
      noContent(reply, benchmarks.remove(currentUser(request), request.params.code)),
  });
  app.get('/benchmarks/:code/returns', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Ölçütün günlük getirisi ve endeksi',
      params: CodeParams,
      querystring: BenchmarkReturnsQuerySchema,
      response: { 200: BenchmarkReturnsSchema },
    },
    handler: (request) =>
      benchmarks.returns(request.params.code, request.query.from, request.query.to),
  });
  app.get('/reference-benchmarks', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Fonların referans ölçütleri',
      response: { 200: z.array(ReferenceBenchmarkSchema) },
    },
    handler: () => benchmarks.references(),
  });
  app.put('/reference-benchmarks/:portfolioCode', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Referans ölçütü ata',
      params: z.object({ portfolioCode: CodeSchema }),
      body: ReferenceBenchmarkRequestSchema,
      response: { 200: ReferenceBenchmarkSchema },
    },
    handler: (request) =>
      benchmarks.setReference(
        currentUser(request),
        request.params.portfolioCode,
        request.body.benchmarkCode,
      ),
  });
  done();
};
