import { ACCESS_TOKEN_QUERY } from '@fonrisk/contracts';

/** The part of EventSource used here (tests pass a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  onopen: ((event: Event) => void) | null;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

const CLOSED = 2;

export interface EventStreamOptions {
  /** API base address ending with a slash (runtime config). */
  readonly baseUrl: string;
  /** Path under the base, e.g. `analyses/checkpending`. */
  readonly path: string;
  /** The current token; read again on every (re)connection. Null: no connection. */
  readonly token: () => string | null;
  /** Named events to listen for, with their handlers (data is the raw string). */
  readonly events: Readonly<Record<string, (data: string) => void>>;
  /** Called on every (re)connection: events sent while no stream was open are lost, so re-read. */
  readonly onOpen?: () => void;
  readonly create?: EventSourceFactory;
  /** First reconnect delay; doubles up to 30 s while the server refuses or is away. */
  readonly retryMs?: number;
}

/**
 * A server-sent-event stream of the API. EventSource cannot send headers, so the token travels
 * as `?access_token=`. The browser retries dropped connections itself; when it gives up (an
 * error answer such as 401, or the server gone), this reconnects with a growing delay and the
 * then-current token. Returns the function that closes the stream for good.
 */
export function openEventStream(options: EventStreamOptions): () => void {
  // Without EventSource (a test environment), screens still work from their queries alone.
  if (!options.create && typeof EventSource === 'undefined') return () => undefined;
  const create: EventSourceFactory = options.create ?? ((url: string) => new EventSource(url));
  const firstDelay = options.retryMs ?? 1_000;
  let delay = firstDelay;
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  function connect(): void {
    timer = null;
    const token = options.token();
    if (closed || !token) return;
    const url = `${options.baseUrl}${options.path}?${ACCESS_TOKEN_QUERY}=${encodeURIComponent(token)}`;
    const current = create(url);
    source = current;
    for (const [name, handler] of Object.entries(options.events)) {
      current.addEventListener(name, (event: MessageEvent<string>) => handler(event.data));
    }
    current.onopen = () => {
      delay = firstDelay;
      options.onOpen?.();
    };
    current.onerror = () => {
      if (current.readyState !== CLOSED || closed) return;
      current.close();
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30_000);
    };
  }

  connect();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    source?.close();
  };
}
