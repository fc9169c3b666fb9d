import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  BulkMappingRequestSchema,
  BulkMappingResultSchema,
  CodeSchema,
  RUN_ROLES,
  TickerMappingRequestSchema,
  TickerMappingSchema,
  UnmappedHoldingSchema,
  UnmappedQuerySchema,
} from '@fonrisk/contracts';
import { istanbulToday } from '../../connectors/dates.ts';
import { currentUser } from '../../http/access.ts';
import { noContent } from '../../http/no-content.ts';
import type { TickerMappingsService } from './ticker-mappings.service.ts';

const READ = {};
const WRITE = { roles: RUN_ROLES };
const tags = ['Sembol Eşleme'];
const CodeParams = z.object({ instrumentCode: CodeSchema });

export const tickerMappingsRoutes: FastifyPluginCallbackZod<{ mappings: TickerMappingsService }> = (
  app,
  { mappings },
  done,
) => {
  app.get('/ticker-mappings', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Eşlemeler ve geçmiş kapsamı',
      response: { 200: z.array(TickerMappingSchema) },
    },
    handler: () => mappings.list(),
  });
  app.get('/ticker-mappings/unmapped', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Eşlenmemiş pozisyonlar',
      querystring: UnmappedQuerySchema,
      response: { 200: z.array(UnmappedHoldingSchema) },
    },
    handler: (request) => mappings.unmapped(request.query.date),
  });
  app.put('/ticker-mappings/:instrumentCode', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Eşle',
      params: CodeParams,
      body: TickerMappingRequestSchema,
      response: { 200: TickerMappingSchema },
    },
    handler: async (request) => {
      const code = request.params.instrumentCode;
      await mappings.put(currentUser(request), code, request.body);
      return (await mappings.list(code))[0]!;
    },
  });
  app.delete('/ticker-mappings/:instrumentCode', {
    config: { access: WRITE },
    schema: { tags, summary: 'Eşlemeyi kaldır', params: CodeParams, response: { 204: z.null() } },
    handler: (request, reply) =>
      noContent(reply, mappings.remove(currentUser(request), request.params.instrumentCode)),
  });
  app.post('/ticker-mappings/bulk', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Kurala göre toplu eşle',
      body: BulkMappingRequestSchema,
      response: { 200: BulkMappingResultSchema },
    },
    // Remaining maturities count from today in Istanbul, the market's calendar.
    handler: (request) =>
      mappings.bulk(currentUser(request), request.body, istanbulToday(Date.now())),
  });
  done();
};
