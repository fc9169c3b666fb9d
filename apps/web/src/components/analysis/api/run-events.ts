import { useEffect, useRef } from 'react';
import { ACCESS_TOKEN_QUERY, RUN_EVENT, RUN_EVENTS_PATH, RunSummarySchema, type RunSummary } from '@fonrisk/contracts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { storedToken } from '../../../lib/session.ts';

/** The pending-check stream's address; EventSource cannot send headers, so the token rides in the query. */
export function runEventsUrl(baseUrl: string, token: string): string {
  return `${baseUrl}${RUN_EVENTS_PATH}?${ACCESS_TOKEN_QUERY}=${encodeURIComponent(token)}`;
}

/**
 * Listens to GET analyses/checkpending (server-sent `run` events) while `enabled`; each event's
 * RunSummary goes to `onRun`, and `onOpen` fires on every (re)connection so the caller can
 * re-read what it may have missed. The browser reconnects by itself after a drop.
 */
export function useRunEvents(enabled: boolean, onRun: (run: RunSummary) => void, onOpen?: () => void): void {
  const handlers = useRef({ onRun, onOpen });
  handlers.current = { onRun, onOpen };

  useEffect(() => {
    const token = storedToken();
    if (!enabled || token === null || typeof EventSource === 'undefined') return;
    const source = new EventSource(runEventsUrl(runtimeConfig().apiBaseUrl, token));
    source.addEventListener(RUN_EVENT, (event) => {
      const parsed = RunSummarySchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (parsed.success) handlers.current.onRun(parsed.data);
    });
    source.addEventListener('open', () => handlers.current.onOpen?.());
    return () => source.close();
  }, [enabled]);
}
