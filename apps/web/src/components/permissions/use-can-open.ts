import { decideAccess, findRoute } from '@fonrisk/contracts';
import { useSession } from '../../lib/use-session.ts';

/**
 * Whether the route guard would open `path` for the signed-in user (the route table's roles and
 * modules), so that a link to another screen is offered only to users who may follow it.
 */
export function useCanOpen(path: string): boolean {
  const session = useSession();
  const route = findRoute(path);
  if (route === undefined) return false;
  const subject = session === null ? null : { role: session.role, modules: session.modules };
  return decideAccess(route.access, subject) === 'allow';
}
