import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  CorporateActionInputSchema,
  CorporateActionsQuerySchema,
  CorporateActionViewSchema,
  RUN_ROLES,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import { idSchema } from '../../http/id-schema.ts';
import type { CorporateActionsService } from './corporate-actions.service.ts';

const tags = ['Piyasa Verileri'];
const WRITE = { roles: RUN_ROLES };
const IdParamsSchema = z.object({ id: idSchema('geçerli bir kurumsal işlem numarası değil') });

export const corporateActionsRoutes: FastifyPluginCallbackZod<{
  corporateActions: CorporateActionsService;
}> = (app, { corporateActions }, done) => {
  app.get('/corporate-actions', {
    config: { access: {} },
    schema: {
      tags,
      summary: 'Kurumsal işlemler (bölünme, bedelsiz, bedelli, temettü)',
      querystring: CorporateActionsQuerySchema,
      response: { 200: z.array(CorporateActionViewSchema) },
    },
    handler: (request) => corporateActions.list(request.query.instrumentCode),
  });

  app.post('/corporate-actions', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Kurumsal işlem ekle',
      body: CorporateActionInputSchema,
      response: { 200: CorporateActionViewSchema },
    },
    handler: (request) => corporateActions.create(currentUser(request), request.body),
  });

  app.put('/corporate-actions/:id', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Kurumsal işlemi değiştir',
      params: IdParamsSchema,
      body: CorporateActionInputSchema,
      response: { 200: CorporateActionViewSchema },
    },
    handler: (request) =>
      corporateActions.update(currentUser(request), request.params.id, request.body),
  });

  app.delete('/corporate-actions/:id', {
    config: { access: WRITE },
    schema: { tags, summary: 'Kurumsal işlemi sil', params: IdParamsSchema },
    handler: async (request, reply) => {
      await corporateActions.remove(currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  });
  done();
};
