import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { RUN_ROLES, StressScenarioRequestSchema, StressScenarioSchema } from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import { noContent } from '../../http/no-content.ts';
import type { StressScenariosService } from './stress-scenarios.service.ts';

const READ = { modules: [2] as const };
const WRITE = { roles: RUN_ROLES, modules: [2] as const };
const tags = ['Stres Senaryoları'];
const IdParams = z.object({
  id: z.coerce.number({ error: 'senaryo numarası sayı olmalı' }).int().positive(),
});

/** The stress scenario library of the stress-test screen. */
export const stressScenariosRoutes: FastifyPluginCallbackZod<{
  scenarios: StressScenariosService;
}> = (app, { scenarios }, done) => {
  app.get('/stress-scenarios', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Stres senaryoları',
      response: { 200: z.array(StressScenarioSchema) },
    },
    handler: () => scenarios.list(),
  });
  app.post('/stress-scenarios', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Senaryo oluştur',
      body: StressScenarioRequestSchema,
      response: { 200: StressScenarioSchema },
    },
    handler: (request) => scenarios.create(currentUser(request), request.body),
  });
  app.put('/stress-scenarios/:id', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Senaryoyu güncelle',
      params: IdParams,
      body: StressScenarioRequestSchema,
      response: { 200: StressScenarioSchema },
    },
    handler: (request) => scenarios.update(currentUser(request), request.params.id, request.body),
  });
  app.delete('/stress-scenarios/:id', {
    config: { access: WRITE },
    schema: { tags, summary: 'Senaryoyu sil', params: IdParams, response: { 204: z.null() } },
    handler: (request, reply) =>
      noContent(reply, scenarios.remove(currentUser(request), request.params.id)),
  });
  done();
};
