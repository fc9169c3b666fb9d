import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { PreTradeRequestSchema, PreTradeResponseSchema, RUN_ROLES } from '@fonrisk/contracts';
import type { PreTradeService } from './pre-trade.service.ts';

const tags = ['RMD ve Kaldıraç'];
/** Like starting a run: RUN_ROLES with module 1; observers (gozlemleyici) get 403. */
const RUNNERS = { roles: RUN_ROLES, modules: [1] as const };

export const preTradeRoutes: FastifyPluginCallbackZod<{ preTrade: PreTradeService }> = (
  app,
  { preTrade },
  done,
) => {
  app.post('/pre-trade-check', {
    config: { access: RUNNERS },
    schema: {
      tags,
      summary: 'İşlem öncesi kontrol: önerilen işlemlerle limitler ve kalan boşluk',
      body: PreTradeRequestSchema,
      response: { 200: PreTradeResponseSchema },
    },
    handler: (request) => preTrade.check(request.body),
  });
  done();
};
