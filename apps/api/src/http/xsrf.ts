import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PermissionDeniedError } from '../shared/domain-errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const XSRF_DETAIL =
  'Güvenlik doğrulaması başarısız (XSRF). Sayfayı yenileyip tekrar deneyin.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Binding of a value handed out before sign-in. */
export const ANONYMOUS_BINDING = 'anon';

declare module 'fastify' {
  interface FastifyReply {
    /** Hands out an anti-forgery value bound to the session `sid` (called at sign-in). */
    bindXsrf(sid: string): void;
  }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function mac(secret: string, binding: string, nonce: string): string {
  return createHmac('sha256', `xsrf:${secret}`).update(`${binding}|${nonce}`).digest('base64url');
}

/**
 * An anti-forgery value `<binding>.<nonce>.<mac>`: the binding is the session id of the access
 * token (or `anon` before sign-in) and the HMAC, keyed by the server secret, ties both together,
 * so a value planted by another site or taken from another session does not pass.
 */
export function xsrfValue(secret: string, binding: string): string {
  const nonce = randomBytes(24).toString('base64url');
  return `${binding}.${nonce}.${mac(secret, binding, nonce)}`;
}

/** The binding of a value this server signed, or null for anything else. */
export function xsrfBinding(secret: string, value: string): string | null {
  const parts = value.split('.');
  if (parts.length !== 3) return null;
  const [binding, nonce, signature] = parts as [string, string, string];
  return same(signature, mac(secret, binding, nonce)) ? binding : null;
}

export interface XsrfOptions {
  readonly secure: boolean;
  readonly secret: string;
}

/**
 * Signed double-submit anti-forgery (docs/decisions/0026-sessions-and-hardening.md): a readable
 * `XSRF-TOKEN` cookie is handed to any request without a good one, and every state-changing
 * request must echo it in `X-XSRF-TOKEN`. Another site can make the browser send the cookie but
 * cannot read it to set the header, nor forge one, and a value of another session is refused.
 *
 * `registerXsrf` checks the echo and the signature before anything else; `registerXsrfBinding`
 * (after the access check, once the session is known) checks that the value belongs to it.
 */
export function registerXsrf(app: FastifyInstance, options: XsrfOptions): void {
  const setCookie = (reply: FastifyReply, binding: string) => {
    reply.setCookie(XSRF_COOKIE, xsrfValue(options.secret, binding), {
      path: '/',
      sameSite: 'strict',
      httpOnly: false,
      secure: options.secure,
    });
  };
  app.decorateReply('bindXsrf', function (this: FastifyReply, sid: string) {
    setCookie(this, sid);
  });
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const binding = cookie ? xsrfBinding(options.secret, cookie) : null;
    if (binding === null) setCookie(reply, ANONYMOUS_BINDING);
    if (SAFE_METHODS.has(request.method)) return;
    // A Report-Key download carries its own secret header, which no cross-site form can send.
    if (request.routeOptions.config.access === 'report-key') return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || binding === null || typeof header !== 'string' || !same(cookie, header)) {
      throw new PermissionDeniedError(XSRF_DETAIL);
    }
  });
}

/** Second half of the check, registered after the access hook. */
export function registerXsrfBinding(app: FastifyInstance, options: XsrfOptions): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const sid = request.user?.sid;
    if (sid === undefined) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const binding = cookie ? xsrfBinding(options.secret, cookie) : null;
    if (binding === sid) return;
    // A signed-in page whose cookie belongs to no session or another one gets its own value;
    // a state-changing call with the old one is refused.
    reply.bindXsrf(sid);
    if (!SAFE_METHODS.has(request.method)) throw new PermissionDeniedError(XSRF_DETAIL);
  });
}
