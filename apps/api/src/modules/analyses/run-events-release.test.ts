// The run-event hub's LISTEN connection is released exactly once. A stop of the whole application
// by a signal to its starter (scripts/e2e.mjs, a service manager) closes the API's hub and then
// stops the database, whose "terminating connection" error then reaches the released connection:
// it crashed the API with pg-pool's "Release called on client which has already been released".
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Database } from '@fonrisk/db';
import { createRunEventHub } from './run-events.ts';

/** A pooled connection that, like pg-pool's, throws on a second release. */
class FakeClient extends EventEmitter {
  releases: (boolean | undefined)[] = [];
  readonly queries: string[] = [];
  query(text: string): Promise<{ rows: unknown[] }> {
    this.queries.push(text);
    return Promise.resolve({ rows: [] });
  }
  release(destroy?: boolean): void {
    if (this.releases.length > 0)
      throw new Error('Release called on client which has already been released to the pool.');
    this.releases.push(destroy);
    // pg-pool's own listener for the errors of an idle connection.
    this.on('error', () => undefined);
  }
}

function hubOver(clients: FakeClient[]) {
  const errors: Error[] = [];
  const pool = {
    connect: () => {
      const client = new FakeClient();
      clients.push(client);
      return Promise.resolve(client);
    },
  };
  const hub = createRunEventHub(
    { $client: pool } as unknown as Database,
    () => true,
    (error) => errors.push(error),
  );
  return { hub, errors };
}

const subscriber = {
  user: { sub: 'u', username: 'u', role: 'admin' } as never,
  analysisBasedOnly: false,
  send: () => undefined,
};

describe('the run-event hub releases its connection once', () => {
  it('ignores an error of its connection after close() released it (the database stopping last)', async () => {
    const clients: FakeClient[] = [];
    const { hub, errors } = hubOver(clients);
    await hub.subscribe(subscriber);
    await hub.close();
    const [client] = clients;
    expect(client!.releases).toHaveLength(1);
    expect(client!.queries).toEqual(['LISTEN fonrisk_runs', 'UNLISTEN fonrisk_runs']);
    // The driver emits the error on the connection, now back in the pool: the pool's listener
    // takes it, the hub's is gone, nothing is released twice, nothing throws.
    expect(() =>
      client!.emit('error', new Error('terminating connection due to administrator command')),
    ).not.toThrow();
    expect(client!.releases).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('replaces a lost connection and does not release it again on close()', async () => {
    const clients: FakeClient[] = [];
    const { hub, errors } = hubOver(clients);
    await hub.subscribe(subscriber);
    const lost = clients[0]!;
    lost.emit('error', new Error('connection lost'));
    expect(lost.releases).toEqual([true]);
    expect(errors.map((e) => e.message)).toEqual(['connection lost']);
    await hub.close();
    expect(lost.releases).toEqual([true]);
  });
});
