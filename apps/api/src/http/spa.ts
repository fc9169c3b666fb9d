import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from './problem-details.ts';

/** What the SPA reads at start when the build did not write its own config.json. */
const RUNTIME_CONFIG = { apiBaseUrl: '/api/' } as const;

/** Vite's build folder of content-hashed files: a name changes whenever its bytes do. */
const HASHED_ASSETS_DIR = 'assets';

/** Whether a served file is one of the build's hashed files (or its `.br` / `.gz` beside it). */
function isHashedAsset(webRoot: string, filePath: string): boolean {
  return relative(webRoot, filePath).startsWith(HASHED_ASSETS_DIR + sep);
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
    // The build writes a .br and a .gz beside each hashed file; a browser that accepts one gets
    // it (decision 0124).
    preCompressed: true,
    // How long a browser keeps a file without asking again (decision 0124): the hashed files for
    // a year, never revalidated (`immutable`), and by encoding; everything else (index.html,
    // config.json, unhashed public files) is revalidated on every load, so a new build is picked
    // up at once.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      if (isHashedAsset(webRoot, filePath)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.setHeader('Vary', 'Accept-Encoding');
      } else res.setHeader('Cache-Control', 'no-cache');
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
