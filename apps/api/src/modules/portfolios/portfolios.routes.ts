import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  CodeSchema,
  CompareQuerySchema,
  CreatePortfolioRequestSchema,
  HoldingsComparisonSchema,
  HoldingsDateSchema,
  HoldingsSnapshotSchema,
  PortfolioListQuerySchema,
  PortfolioSummarySchema,
  RUN_ROLES,
  UnifiedPortfolioRequestSchema,
  UnifiedPortfolioSchema,
  UpdatePortfolioRequestSchema,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import { noContent } from '../../http/no-content.ts';
import { idSchema } from '../../http/id-schema.ts';
import { holdingsWorkbook } from './holdings-export.ts';
import type { PortfoliosService } from './portfolios.service.ts';

const READ = {};
const WRITE = { roles: RUN_ROLES };
const tags = ['Portföyler'];
const CodeParams = z.object({ code: CodeSchema });
const IdParams = z.object({ id: idSchema('Geçerli bir birleşik portföy numarası girin.') });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const portfoliosRoutes: FastifyPluginCallbackZod<{ portfolios: PortfoliosService }> = (
  app,
  { portfolios },
  done,
) => {
  app.get('/portfolios', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Fonlar, müşteri portföyleri ve birleşik portföyler',
      querystring: PortfolioListQuerySchema,
      response: { 200: z.array(PortfolioSummarySchema) },
    },
    handler: (request) => portfolios.list(request.query.kind, request.query.includeRetired),
  });

  app.post('/portfolios', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Portföy oluştur',
      body: CreatePortfolioRequestSchema,
      response: { 200: PortfolioSummarySchema },
    },
    handler: (request) => portfolios.create(currentUser(request), request.body),
  });

  app.put('/portfolios/:code', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Portföyü güncelle, kullanımdan kaldır veya yeniden etkinleştir',
      params: CodeParams,
      body: UpdatePortfolioRequestSchema,
      response: { 200: PortfolioSummarySchema },
    },
    handler: (request) =>
      portfolios.update(currentUser(request), request.params.code, request.body),
  });

  app.get('/portfolios/:code/dates', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Dağılım tarihleri (yeniden eskiye)',
      params: CodeParams,
      response: { 200: z.array(z.string()) },
    },
    handler: (request) => portfolios.dates(request.params.code),
  });

  app.get('/portfolios/:code/holdings', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Bir tarihteki portföy dağılımı',
      params: CodeParams,
      querystring: HoldingsDateSchema,
      response: { 200: HoldingsSnapshotSchema },
    },
    handler: (request) => portfolios.holdings(request.params.code, request.query.date),
  });

  app.get('/portfolios/:code/compare', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'İki tarihin dağılımlarını karşılaştır',
      params: CodeParams,
      querystring: CompareQuerySchema,
      response: { 200: HoldingsComparisonSchema },
    },
    handler: (request) =>
      portfolios.compare(request.params.code, request.query.from, request.query.to),
  });

  app.post('/portfolios/:code/holdings/export', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Dağılımı Excel olarak indir',
      params: CodeParams,
      body: HoldingsDateSchema,
    },
    handler: async (request, reply) => {
      const snapshot = await portfolios.holdings(request.params.code, request.body.date);
      const file = await holdingsWorkbook(snapshot);
      const name = `portfoy-${snapshot.portfolioCode}-${snapshot.portfolioDate}.xlsx`;
      return reply
        .type(XLSX)
        .header('Content-Disposition', `attachment; filename="${encodeURIComponent(name)}"`)
        .send(file);
    },
  });

  app.get('/unified-portfolios', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Birleşik portföyler',
      response: { 200: z.array(UnifiedPortfolioSchema) },
    },
    handler: () => portfolios.listUnified(),
  });

  app.post('/unified-portfolios', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Birleşik portföy oluştur',
      body: UnifiedPortfolioRequestSchema,
      response: { 200: UnifiedPortfolioSchema },
    },
    handler: (request) => portfolios.createUnified(currentUser(request), request.body),
  });

  app.put('/unified-portfolios/:id', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Birleşik portföyü güncelle',
      params: IdParams,
      body: UnifiedPortfolioRequestSchema,
      response: { 200: UnifiedPortfolioSchema },
    },
    handler: (request) =>
      portfolios.updateUnified(currentUser(request), request.params.id, request.body),
  });

  app.delete('/unified-portfolios/:id', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Birleşik portföyü sil',
      params: IdParams,
      response: { 204: z.null() },
    },
    handler: (request, reply) =>
      noContent(reply, portfolios.removeUnified(currentUser(request), request.params.id)),
  });
  done();
};
