import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sql, type Database } from '@fonrisk/db';
import { ServiceUnavailableError } from '../../shared/domain-errors.ts';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

export const healthRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  app.get('/health', {
    config: { access: 'public' },
    schema: { tags: ['Sistem'], summary: 'Sağlık durumu', response: { 200: HealthSchema } },
    handler: async () => {
      try {
        await db.execute(sql`SELECT 1`);
      } catch {
        throw new ServiceUnavailableError('Veritabanına ulaşılamıyor.');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  });
  done();
};
