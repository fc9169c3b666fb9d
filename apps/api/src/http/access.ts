import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '@fonrisk/db';
import { isAllowed, type ModuleNumber, type Role, type TokenClaims } from '@fonrisk/contracts';
import { AuthenticationError, PermissionDeniedError } from '../shared/domain-errors.ts';
import type { AccessTokens } from '../modules/auth/access-token.ts';
import { findSessionState } from '../modules/users/users.repository.ts';

/**
 * What every API route declares: `'public'`, or the roles and modules allowed (`{}` = any
 * signed-in user). Services still check access to the specific record.
 */
export type RouteAccess =
  | 'public'
  /** No session: the request's `Report-Key` header decides (the route answers 401/403/410). */
  | 'report-key'
  | { readonly roles?: readonly Role[]; readonly modules?: readonly ModuleNumber[] };

/** One API route with its declared access (read by the authorization matrix test). */
export interface DeclaredAccess {
  readonly method: string;
  /** Fastify spelling, `/api/blog/posts/:id`. */
  readonly url: string;
  readonly access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route and the access it declares, in registration order. */
    readonly declaredAccess: readonly DeclaredAccess[];
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Also accept the token as `?access_token=` (EventSource streams cannot send headers). */
    tokenInQuery?: boolean;
  }
  interface FastifyRequest {
    /** Claims of a valid bearer token, `null` on public routes called without one. */
    user: TokenClaims | null;
  }
}

const LOGIN_REQUIRED_DETAIL = 'Bu işlem için giriş yapmalısınız.';
const FORBIDDEN_DETAIL = 'Bu işlem için yetkiniz yok.';
export const SESSION_ENDED_DETAIL =
  'Oturumunuz sona erdi (hesap, rol, modül veya parola değişti). Lütfen tekrar giriş yapın.';

/** The signed-in user of a protected route. */
export function currentUser(request: FastifyRequest): TokenClaims {
  if (!request.user) throw new AuthenticationError(LOGIN_REQUIRED_DETAIL);
  return request.user;
}

/**
 * Refuses to start when an /api route forgets to declare its access, and enforces the
 * declaration on every request before the body is even parsed.
 */
export function registerAccessControl(
  app: FastifyInstance,
  tokens: AccessTokens,
  db: Database,
): void {
  /**
   * A signed, unexpired token is good only while its account exists, is active and still has
   * the token version it was signed with (docs/decisions/0026-sessions-and-hardening.md).
   */
  async function currentClaims(bearer: string): Promise<TokenClaims> {
    const claims = await tokens.verify(bearer);
    const state = await findSessionState(db, claims.userId);
    if (!state?.active || state.tokenVersion !== claims.tv) {
      throw new AuthenticationError(SESSION_ENDED_DETAIL);
    }
    return claims;
  }

  app.decorateRequest('user', null);
  const declared: DeclaredAccess[] = [];
  app.decorate('declaredAccess', declared);
  app.addHook('onRoute', (route) => {
    const undeclared = route.config?.access === undefined;
    if (route.url.startsWith('/api/')) {
      for (const method of [route.method].flat()) {
        declared.push({ method, url: route.url, access: route.config?.access });
      }
    }
    if (undeclared && route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')) {
      throw new Error(`Route ${route.method.toString()} ${route.url} declares no access rule`);
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access ?? 'public';
    const header = request.headers.authorization;
    const fromQuery = request.routeOptions.config.tokenInQuery
      ? (request.query as Record<string, unknown> | undefined)?.access_token
      : undefined;
    const bearer = header?.startsWith('Bearer ')
      ? header.slice('Bearer '.length).trim()
      : typeof fromQuery === 'string' && fromQuery !== ''
        ? fromQuery
        : null;
    if (access === 'report-key') {
      request.user = null;
      return;
    }
    if (access === 'public') {
      // A public page still knows who is signed in when a good token comes along.
      request.user = bearer ? await currentClaims(bearer).catch(() => null) : null;
      return;
    }
    if (!bearer) throw new AuthenticationError(LOGIN_REQUIRED_DETAIL);
    const claims = await currentClaims(bearer);
    if (!isAllowed(claims, access.roles, access.modules)) {
      throw new PermissionDeniedError(FORBIDDEN_DETAIL);
    }
    request.user = claims;
  });
}
