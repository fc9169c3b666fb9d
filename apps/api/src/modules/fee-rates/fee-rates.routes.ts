import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  CodeSchema,
  PortfolioFeeRateSchema,
  PutPortfolioFeeRateRequestSchema,
  RUN_ROLES,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import type { FeeRatesService } from './fee-rates.service.ts';

const tags = ['Portföyler'];
const CodeParams = z.object({ code: CodeSchema });

export const feeRatesRoutes: FastifyPluginCallbackZod<{ feeRates: FeeRatesService }> = (
  app,
  { feeRates },
  done,
) => {
  app.get('/portfolios/:code/fee-rate', {
    config: { access: {} },
    schema: {
      tags,
      summary: 'Fonun kayıtlı yıllık yönetim ücreti oranı',
      params: CodeParams,
      response: { 200: PortfolioFeeRateSchema },
    },
    handler: (request) => feeRates.get(request.params.code),
  });

  app.put('/portfolios/:code/fee-rate', {
    config: { access: { roles: RUN_ROLES } },
    schema: {
      tags,
      summary: 'Fonun yıllık yönetim ücreti oranını kaydet',
      params: CodeParams,
      body: PutPortfolioFeeRateRequestSchema,
      response: { 200: PortfolioFeeRateSchema },
    },
    handler: (request) =>
      feeRates.set(currentUser(request), request.params.code, request.body.annualFeeRatePct),
  });
  done();
};
