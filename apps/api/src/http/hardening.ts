import { createServer } from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';

/** Largest JSON body (1 MiB); uploads have their own limit (data-imports). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** Largest header block Node accepts before answering 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Content Security Policy of every response (docs/decisions/0026-sessions-and-hardening.md):
 * scripts only from this origin (the built SPA has no inline script), styles from this origin
 * and inline (Mantine and AG Grid write style tags at run time), frames only of this origin and
 * of its own blob: URLs (the PDF previews), never framed itself, no plugins.
 * The Swagger UI under /api/docs ships its own inline start-up code and gets a policy of its own.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  // The PDF previews (pdf-settings, template) show the PDF the SPA fetched as a blob: URL in an
  // iframe; a blob: URL is made only by this origin's own scripts. Nothing may frame this origin.
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
const DOCS_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "script-src 'self'",
  "script-src 'self' 'unsafe-inline'",
);
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every response carries. HSTS only over TLS (directly, or through a trusted proxy's
 * X-Forwarded-Proto), since a browser ignores it over plain HTTP anyway.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const docs = request.url.startsWith('/api/docs');
    void reply.headers({
      'content-security-policy': docs ? DOCS_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    });
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  });
  // CORS stays closed: no Access-Control-Allow-* header is ever sent, so browsers refuse
  // cross-origin reads; a preflight gets no permission either.
}

export interface ConnectionLimits {
  /** Time a client has to send its whole header block (slow-loris). */
  readonly headersTimeoutMs: number;
  /** Time a client has to send the whole request, body included. */
  readonly requestTimeoutMs: number;
  /**
   * Time an idle keep-alive connection stays open after a response. Fastify sets its 72 s only on
   * a server it creates itself; with this factory Node's 5 s applied, and a client reusing its
   * pooled connection as the server closed it got ECONNRESET (a browser test's API call, CI
   * 2026-12-03). A proxy in front keeps its own, shorter idle time.
   */
  readonly keepAliveTimeoutMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 5 * 60_000,
  keepAliveTimeoutMs: 72_000,
};

/**
 * The HTTP server with the limits that refuse slow-loris clients and oversized headers (Node
 * answers 431); the timers are checked every second instead of Node's default 30 s.
 */
export function serverFactory(limits: ConnectionLimits): FastifyServerFactory {
  return (handler) => {
    const server = createServer(
      {
        maxHeaderSize: MAX_HEADER_BYTES,
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
      },
      handler,
    );
    server.keepAliveTimeout = limits.keepAliveTimeoutMs;
    return server;
  };
}
