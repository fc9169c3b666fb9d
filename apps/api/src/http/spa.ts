import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from './problem-details.ts';

/** What the SPA reads at start when the build did not write its own config.json. */
const RUNTIME_CONFIG = { apiBaseUrl: '/api/' } as const;

/** Vite's build folder of content-hashed files: a name changes whenever its bytes do. */
const HASHED_ASSETS_DIR = 'assets';

/**
 * How long a browser keeps a file without asking again (decision 0124): the hashed files for a
 * year, never revalidated (`immutable`); everything else (index.html, config.json, unhashed
 * public files) is revalidated on every load, so a new build is picked up at once.
 */
function cacheControlFor(webRoot: string, filePath: string): string {
  const inAssets = relative(webRoot, filePath).startsWith(HASHED_ASSETS_DIR + sep);
  return inAssets ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Production mode: the built SPA from `webRoot`, its `config.json`, and the history fallback
 * (any GET outside /api that is not a file answers index.html so client routes survive reload).
 */
export async function registerSpa(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', cacheControlFor(webRoot, filePath));
    },
  });
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
