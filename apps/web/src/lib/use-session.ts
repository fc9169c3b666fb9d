import { useSyncExternalStore } from 'react';
import { currentSession, sessionVersion, subscribeSession, type Session } from './session.ts';

/**
 * The current session, re-read on every render so that an expired token stops counting at the
 * next navigation; the subscription re-renders on login and logout.
 */
export function useSession(): Session | null {
  useSyncExternalStore(subscribeSession, sessionVersion);
  return currentSession();
}
