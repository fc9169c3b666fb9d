import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  CodeSchema,
  RUN_ROLES,
  RmdRunAllRequestSchema,
  RmdRunAllResponseSchema,
  RmdHistoryQuerySchema,
  RmdHistoryResponseSchema,
  RmdTrackingResponseSchema,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import type { RmdTrackingService } from './rmd-tracking.service.ts';

const tags = ['RMD Limit Takibi'];
const READ = { modules: [1] as const };
const RUN = { roles: RUN_ROLES, modules: [1] as const };

/** rmd-tracking: every role with module 1 (observers included) reads; RUN_ROLES queue the batch. */
export const rmdTrackingRoutes: FastifyPluginCallbackZod<{ rmdTracking: RmdTrackingService }> = (
  app,
  { rmdTracking },
  done,
) => {
  app.get('/rmd-tracking', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Portföylerin son RMD değeri, limiti ve durumu',
      response: { 200: RmdTrackingResponseSchema },
    },
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
    handler: (request) =>
      rmdTracking.history(request.params.portfolioCode, request.query.from, request.query.to),
  });
  app.post('/rmd-tracking/run-all', {
    config: { access: RUN },
    schema: {
      tags,
      summary: 'Tüm fonlar için RMD hesaplamasını başlat',
      body: RmdRunAllRequestSchema,
      response: { 200: RmdRunAllResponseSchema },
    },
    handler: (request) => rmdTracking.runAll(currentUser(request), request.body.asOfDate),
  });
  app.addHook('onClose', () => rmdTracking.close());
  done();
};
