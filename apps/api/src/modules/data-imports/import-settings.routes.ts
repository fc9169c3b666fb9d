import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ImportSettingsSchema, RUN_ROLES } from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import type { ImportSettingsService } from './import-settings.service.ts';

const tags = ['Veri Yükleme'];

export const importSettingsRoutes: FastifyPluginCallbackZod<{
  importSettings: ImportSettingsService;
}> = (app, { importSettings }, done) => {
  app.get('/imports/settings', {
    config: { access: {} },
    schema: {
      tags,
      summary: 'Yükleme ayarları (varsayılan sayı biçimi)',
      response: { 200: ImportSettingsSchema },
    },
    handler: () => importSettings.get(),
  });

  app.put('/imports/settings', {
    config: { access: { roles: RUN_ROLES } },
    schema: {
      tags,
      summary: 'Yükleme ayarlarını kaydet',
      body: ImportSettingsSchema,
      response: { 200: ImportSettingsSchema },
    },
    handler: (request) => importSettings.put(currentUser(request), request.body),
  });
  done();
};
