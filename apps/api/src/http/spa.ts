import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from './problem-details.ts';

/** What the SPA reads at start when the build did not write its own config.json. */
const RUNTIME_CONFIG = { apiBaseUrl: '/api/' } as const;

/**
 * Production mode: the built SPA from `webRoot`, its `config.json`, and the history fallback
 * (any GET outside /api that is not a file answers index.html so client routes survive reload).
 */
export async function registerSpa(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, { root: webRoot, wildcard: true, index: ['index.html'] });
  if (!existsSync(join(webRoot, 'config.json'))) {
    app.get('/config.json', { config: { access: 'public' } }, (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').send(RUNTIME_CONFIG),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && request.url !== '/api';
    if (!isPage) return sendRouteNotFound(request, reply);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
