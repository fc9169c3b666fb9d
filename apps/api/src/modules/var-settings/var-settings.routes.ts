import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { RUN_ROLES, VarSettingsResponseSchema, VarSettingsSchema } from '@fonrisk/contracts';
import { currentUser } from '../../http/access.ts';
import type { VarSettingsService } from './var-settings.service.ts';

const tags = ['RMD Ayarları'];

/** varAnalysisSettings: module-1 users read, RUN_ROLES with module 1 write. */
export const varSettingsRoutes: FastifyPluginCallbackZod<{ varSettings: VarSettingsService }> = (
  app,
  { varSettings },
  done,
) => {
  app.get('/var-settings', {
    config: { access: { modules: [1] } },
    schema: {
      tags,
      summary: 'RMD varsayılanları ve limitleri',
      response: { 200: VarSettingsResponseSchema },
    },
    handler: () => varSettings.get(),
  });
  app.put('/var-settings', {
    config: { access: { roles: RUN_ROLES, modules: [1] } },
    schema: {
      tags,
      summary: 'RMD ayarlarını kaydet',
      body: VarSettingsSchema,
      response: { 200: VarSettingsResponseSchema },
    },
    handler: (request) => varSettings.put(currentUser(request), request.body),
  });
  done();
};
