import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  RUN_ROLES,
  TefasFundListQuerySchema,
  TefasFundListSchema,
  TefasRiskValuesRequestSchema,
  TefasRiskValuesResultSchema,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import type { TefasFundsService } from './tefas-funds.service.ts';

const tags = ['Piyasa Verileri'];

export const tefasFundsRoutes: FastifyPluginCallbackZod<{ tefasFunds: TefasFundsService }> = (
  app,
  { tefasFunds },
  done,
) => {
  app.get('/market-data/tefas/funds', {
    // Reading the stored copy is open to every signed-in user; a refresh asks TEFAS.
    config: { access: {} },
    schema: {
      tags,
      summary: 'TEFAS fon listesi (TEFAS’a ulaşılamazsa kayıtlı kopya)',
      querystring: TefasFundListQuerySchema,
      response: { 200: TefasFundListSchema },
    },
    handler: (request) => tefasFunds.list(request.query.refresh),
  });

  app.post('/market-data/tefas/risk-values', {
    config: { access: { roles: RUN_ROLES } },
    schema: {
      tags,
      summary: 'Fonların resmi risk değerlerini TEFAS’tan al',
      body: TefasRiskValuesRequestSchema,
      response: { 200: TefasRiskValuesResultSchema },
    },
    handler: (request) =>
      tefasFunds.importRiskValues(
        currentUser(request),
        request.body.fundCodes,
        request.body.acceptChanges,
      ),
  });
  done();
};
