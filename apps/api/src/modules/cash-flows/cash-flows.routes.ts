import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  CashFlowListSchema,
  CodeSchema,
  CreateCashFlowsRequestSchema,
  RUN_ROLES,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import { noContent } from '../../http/no-content.ts';
import type { CashFlowsService } from './cash-flows.service.ts';

const READ = {};
const WRITE = { roles: RUN_ROLES };
const tags = ['Nakit Akışları'];
const CodeParams = z.object({ code: CodeSchema });
const FlowParams = z.object({ code: CodeSchema, id: z.coerce.number().int().positive() });

export const cashFlowsRoutes: FastifyPluginCallbackZod<{ cashFlows: CashFlowsService }> = (
  app,
  { cashFlows },
  done,
) => {
  app.get('/portfolios/:code/cash-flows', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Portföyün nakit ve kıymet akışları',
      params: CodeParams,
      response: { 200: CashFlowListSchema },
    },
    handler: async (request) => ({ items: await cashFlows.list(request.params.code) }),
  });
  app.post('/portfolios/:code/cash-flows', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Akış ekle (hepsi ya da hiçbiri)',
      params: CodeParams,
      body: CreateCashFlowsRequestSchema,
      response: { 200: CashFlowListSchema },
    },
    handler: async (request) => ({
      items: await cashFlows.create(currentUser(request), request.params.code, request.body.flows),
    }),
  });
  app.delete('/portfolios/:code/cash-flows/:id', {
    config: { access: WRITE },
    schema: { tags, summary: 'Akışı sil', params: FlowParams, response: { 204: z.null() } },
    handler: (request, reply) =>
      noContent(
        reply,
        cashFlows.remove(currentUser(request), request.params.code, request.params.id),
      ),
  });
  done();
};
