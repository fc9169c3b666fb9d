import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  DataQualityQuerySchema,
  DataQualityResponseSchema,
  DataQualitySettingsResponseSchema,
  DataQualitySettingsSchema,
  RUN_ROLES,
} from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import type { DataQualityService } from './data-quality.service.ts';

const tags = ['Veri Kalitesi'];

/**
 * The morning view: every signed-in user reads it (observers included; runs and breaches are
 * those of the user's modules); RUN_ROLES save the tolerances.
 */
export const dataQualityRoutes: FastifyPluginCallbackZod<{ dataQuality: DataQualityService }> = (
  app,
  { dataQuality },
  done,
) => {
  app.get('/data-quality', {
    config: { access: {} },
    schema: {
      tags,
      summary:
        'Sabah veri kalitesi görünümü: fonların eksik verisi, son analizler ve açık ihlaller',
      querystring: DataQualityQuerySchema,
      response: { 200: DataQualityResponseSchema },
    },
    handler: (request) => dataQuality.view(currentUser(request), request.query.date),
  });
  app.get('/data-quality/settings', {
    config: { access: {} },
    schema: {
      tags,
      summary: 'Veri kalitesi eşikleri',
      response: { 200: DataQualitySettingsResponseSchema },
    },
    handler: () => dataQuality.settings(),
  });
  app.put('/data-quality/settings', {
    config: { access: { roles: RUN_ROLES } },
    schema: {
      tags,
      summary: 'Veri kalitesi eşiklerini kaydet',
      body: DataQualitySettingsSchema,
      response: { 200: DataQualitySettingsResponseSchema },
    },
    handler: (request) => dataQuality.saveSettings(currentUser(request), request.body),
  });
  done();
};
