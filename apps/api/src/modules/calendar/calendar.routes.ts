import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  CalendarOverrideRequestSchema,
  CalendarQuerySchema,
  CalendarYearSchema,
  IsoDateSchema,
  RUN_ROLES,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import type { CalendarService } from './calendar.service.ts';

const tags = ['Piyasa Verileri'];
const DateParams = z.object({ date: IsoDateSchema });

export const calendarRoutes: FastifyPluginCallbackZod<{ calendar: CalendarService }> = (
  app,
  { calendar },
  done,
) => {
  app.get('/calendar', {
    config: { access: {} },
    schema: {
      tags,
      summary: 'İş günü takvimi (yılın tatilleri ve yarım günleri)',
      querystring: CalendarQuerySchema,
      response: { 200: CalendarYearSchema },
    },
    handler: (request) => calendar.year(request.query.year),
  });

  app.put('/calendar/:date', {
    config: { access: { roles: RUN_ROLES } },
    schema: {
      tags,
      summary: 'Takvimde bir günü değiştir (tatil, yarım gün, iş günü)',
      params: DateParams,
      body: CalendarOverrideRequestSchema,
    },
    handler: async (request, reply) => {
      await calendar.put(
        currentUser(request),
        request.params.date,
        request.body.kind,
        request.body.name,
      );
      return reply.status(204).send();
    },
  });

  app.delete('/calendar/:date', {
    config: { access: { roles: RUN_ROLES } },
    schema: { tags, summary: 'Günün değişikliğini geri al', params: DateParams },
    handler: async (request, reply) => {
      await calendar.remove(currentUser(request), request.params.date);
      return reply.status(204).send();
    },
  });
  done();
};
