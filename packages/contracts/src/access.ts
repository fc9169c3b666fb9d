import type { Role } from './roles.ts';
import type { ModuleNumber } from './modules.ts';
import type { RouteAccess } from './routes.ts';

/** What the client knows about the signed-in user, or `null` when no valid token exists. */
export interface AccessSubject {
  /** A role as stored in the browser; any unknown string simply matches no role list. */
  readonly role: string;
  readonly modules: readonly number[];
}

/** The guard's verdict: open the route, send to `/login?returnUrl=…`, or send home to `/`. */
export type AccessDecision = 'allow' | 'login' | 'home';

/**
 * The route guard of product-spec.md section 5: a public route is always open; any other route
 * needs a valid session; a restricted route also needs the user's role among its roles and at
 * least one of the user's modules among its modules, otherwise the user goes to '/'.
 */
export function decideAccess(access: RouteAccess, subject: AccessSubject | null): AccessDecision {
  if (access.kind === 'public') return 'allow';
  if (subject === null) return 'login';
  if (access.kind === 'login') return 'allow';
  const roleOk = (access.roles as readonly string[]).includes(subject.role);
  const moduleOk = subject.modules.some((m) => (access.modules as readonly number[]).includes(m));
  return roleOk && moduleOk ? 'allow' : 'home';
}

/** The same rule as a yes/no for API endpoints that declare roles and modules. */
export function isAllowed(
  subject: AccessSubject,
  roles: readonly Role[] | undefined,
  modules: readonly ModuleNumber[] | undefined,
): boolean {
  if (roles && !(roles as readonly string[]).includes(subject.role)) return false;
  if (modules && !subject.modules.some((m) => (modules as readonly number[]).includes(m)))
    return false;
  return true;
}
