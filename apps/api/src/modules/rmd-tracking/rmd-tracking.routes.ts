import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { CodeSchema, RmdHistoryQuerySchema, RmdHistoryResponseSchema, RmdTrackingResponseSchema } from '@fonrisk/contracts';
import type { RmdTrackingService } from './rmd-tracking.service.ts';

const tags = ['RMD Limit Takibi'];
const READ = { modules: [1] as const };

/** rmd-tracking: every role with module 1 (observers included) reads. */
export const rmdTrackingRoutes: FastifyPluginCallbackZod<{ rmdTracking: RmdTrackingService }> = (app, { rmdTracking }, done) => {
  app.get('/rmd-tracking', {
    config: { access: READ },
    schema: { tags, summary: 'Portföylerin son RMD değeri, limiti ve durumu', response: { 200: RmdTrackingResponseSchema } },
    handler: () => rmdTracking.list(),
  });
  app.get('/rmd-tracking/:portfolioCode/history', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Portföyün RMD limit kullanım geçmişi',
      params: z.object({ portfolioCode: CodeSchema }),
      querystring: RmdHistoryQuerySchema,
      response: { 200: RmdHistoryResponseSchema },
    },
    handler: (request) => rmdTracking.history(request.params.portfolioCode, request.query.from, request.query.to),
  });
  done();
};
