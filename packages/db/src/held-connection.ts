// A pooled connection held for a LISTEN (the job wake-up of the workers, the API's run events).
import type { PoolClient } from './raw-sql.ts';

/** A pooled connection with its holder's handlers on it, until it goes back to the pool. */
export interface HeldConnection {
  readonly client: PoolClient;
  /**
   * Back to the pool (`destroy`: closed instead) without the holder's handlers, once: a
   * connection can report more than one error (the server's message, then the socket's end), and
   * one that went back to the pool can still fail there (its database dropped, the server
   * stopped), where the pool's own handler takes the error. A second release throws in the
   * driver's event handler, an uncaught exception that stops the process.
   */
  release(destroy: boolean): void;
}

/** Puts `onNotification` and `onError` on `client` until its `release`. */
export function holdConnection(
  client: PoolClient,
  onNotification: (message: { channel: string; payload?: string | undefined }) => void,
  onError: (error: Error) => void,
): HeldConnection {
  let released = false;
  client.on('notification', onNotification);
  client.on('error', onError);
  return {
    client,
    release(destroy) {
      if (released) return;
      released = true;
      client.off('notification', onNotification);
      client.off('error', onError);
      client.release(destroy);
    },
  };
}
