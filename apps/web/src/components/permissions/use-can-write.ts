import { RUN_ROLES } from '@fonrisk/contracts';
import { useSession } from '../../lib/use-session.ts';

/** Whether the signed-in user may change data: observers (Gozlemleyici) never may; the API refuses them too. */
export function useCanWrite(): boolean {
  const session = useSession();
  return session !== null && (RUN_ROLES as readonly string[]).includes(session.role);
}
