import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  BondCashflowsSchema,
  CashflowsQuerySchema,
  CodeSchema,
  InstrumentListQuerySchema,
  InstrumentSchema,
  RUN_ROLES,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import { noContent } from '../../http/no-content.ts';
import type { InstrumentsService } from './instruments.service.ts';

const READ = {};
const WRITE = { roles: RUN_ROLES };
const tags = ['Yatırım Araçları'];
const CodeParams = z.object({ code: CodeSchema });

export const instrumentsRoutes: FastifyPluginCallbackZod<{ instruments: InstrumentsService }> = (
  app,
  { instruments },
  done,
) => {
  app.get('/instruments', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Yatırım araçları',
      querystring: InstrumentListQuerySchema,
      response: { 200: z.array(InstrumentSchema) },
    },
    handler: (request) => instruments.list(request.query),
  });

  app.get('/instruments/:code', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Bir yatırım aracı',
      params: CodeParams,
      response: { 200: InstrumentSchema },
    },
    handler: (request) => instruments.get(request.params.code),
  });

  app.post('/instruments', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Yatırım aracı oluştur',
      body: InstrumentSchema,
      response: { 200: InstrumentSchema },
    },
    handler: (request) => instruments.create(currentUser(request), request.body),
  });

  app.put('/instruments/:code', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Yatırım aracını güncelle',
      params: CodeParams,
      body: InstrumentSchema,
      response: { 200: InstrumentSchema },
    },
    handler: (request) =>
      instruments.update(currentUser(request), request.params.code, request.body),
  });

  app.delete('/instruments/:code', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Yatırım aracını sil',
      params: CodeParams,
      response: { 204: z.null() },
    },
    handler: (request, reply) =>
      noContent(reply, instruments.remove(currentUser(request), request.params.code)),
  });

  app.get('/instruments/:code/cashflows', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Tahvilin nakit akışları',
      params: CodeParams,
      querystring: CashflowsQuerySchema,
      response: { 200: BondCashflowsSchema },
    },
    handler: (request) => instruments.cashflows(request.params.code, request.query.settlement),
  });
  done();
};
