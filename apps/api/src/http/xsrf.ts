import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PermissionDeniedError } from '../shared/domain-errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const XSRF_DETAIL =
  'Güvenlik doğrulaması başarısız (XSRF). Sayfayı yenileyip tekrar deneyin.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit anti-forgery: a readable `XSRF-TOKEN` cookie is handed to any request without
 * one, and every state-changing request must echo it in `X-XSRF-TOKEN`. Another site can make
 * the browser send the cookie but cannot read it to set the header.
 */
export function registerXsrf(app: FastifyInstance, options: { readonly secure: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: options.secure,
      });
    }
    if (SAFE_METHODS.has(request.method)) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      throw new PermissionDeniedError(XSRF_DETAIL);
    }
  });
}
