import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { decideAccess, type RouteDefinition } from '@fonrisk/contracts';
import { loginUrlFor } from '../lib/return-url.ts';
import { useSession } from '../lib/use-session.ts';

/**
 * The guard of product-spec.md sections 4-5: without a valid token a guarded route goes to
 * `/login?returnUrl=<attempted url with query>`; a failed role or module check goes to `/`.
 */
export function RouteGuard({ route, children }: { route: RouteDefinition; children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const subject = session === null ? null : { role: session.role, modules: session.modules };
  const decision = decideAccess(route.access, subject);
  switch (decision) {
    case 'allow':
      return children;
    case 'login':
      return <Navigate to={loginUrlFor(`${location.pathname}${location.search}`)} replace />;
    case 'home':
      return <Navigate to="/" replace />;
  }
}
