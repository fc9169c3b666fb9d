import {
  ConnectorHttpError,
  ConnectorNetworkError,
  ConnectorTimeoutError,
  type ConnectorSource,
} from './errors.ts';

/** The global `fetch`, injected so that tests and callers can substitute it. */
export type FetchFn = typeof fetch;

/** Clock and waiting, injected so that rate limiting is testable without real waits. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const SYSTEM_CLOCK: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * One request with a timeout; transport failures become typed connector errors. A non-2xx
 * answer is returned when `status` lists it as expected (TCMB's 404 for holidays), else thrown.
 */
export async function request(
  fetchFn: FetchFn,
  source: ConnectorSource,
  url: string,
  init: RequestInit & { timeoutMs: number; expectedStatuses?: readonly number[] },
): Promise<Response> {
  const { timeoutMs, expectedStatuses = [], ...rest } = init;
  let response: Response;
  try {
    response = await fetchFn(url, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new ConnectorTimeoutError(source, url, timeoutMs);
    }
    throw new ConnectorNetworkError(source, url, error);
  }
  if (!response.ok && !expectedStatuses.includes(response.status)) {
    await response.body?.cancel();
    throw new ConnectorHttpError(source, url, response.status);
  }
  return response;
}

/**
 * At most `perMinute` starts in any 60-second window: a caller waits until the oldest start in
 * the window is a minute old. Shared by every request one connector makes.
 */
export class RateLimiter {
  private readonly starts: number[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly perMinute: number,
    private readonly clock: Clock = SYSTEM_CLOCK,
  ) {}

  /** Resolves when the next request may start; calls are served in order. */
  acquire(): Promise<void> {
    const turn = this.queue.then(() => this.waitForSlot());
    this.queue = turn;
    return turn;
  }

  private async waitForSlot(): Promise<void> {
    const windowMs = 60_000;
    const capacity = Math.max(1, Math.floor(this.perMinute));
    for (;;) {
      const now = this.clock.now();
      while (this.starts.length > 0 && now - (this.starts[0] ?? 0) >= windowMs) this.starts.shift();
      if (this.starts.length < capacity) {
        this.starts.push(now);
        return;
      }
      await this.clock.sleep(windowMs - (now - (this.starts[0] ?? now)));
    }
  }
}
