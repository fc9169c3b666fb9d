import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceJob, listenForJobs } from './job-wakeup.ts';
import type { PoolClient } from './raw-sql.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

describe('job wake-up channel', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.drop();
  });

  it('delivers an announcement made in a transaction at its commit, and none on rollback', async () => {
    const heard: string[] = [];
    const listener = listenForJobs(
      t.db,
      (queue) => heard.push(queue),
      (error) => {
        throw error;
      },
    );
    await listener.ready;
    try {
      await t.db
        .transaction(async (tx) => {
          await announceJob(tx, 'geri-alinan');
          tx.rollback();
        })
        .catch(() => undefined);
      await t.db.transaction(async (tx) => {
        await announceJob(tx, 'analysis');
        await new Promise((r) => setTimeout(r, 100));
        expect(heard, 'nothing before the commit').toEqual([]);
      });
      await expect.poll(() => heard, { timeout: 10_000 }).toEqual(['analysis']);
    } finally {
      await listener.close();
    }
    await announceJob(t.db, 'kapandiktan-sonra');
    await new Promise((r) => setTimeout(r, 100));
    expect(heard, 'a closed listener hears nothing').toEqual(['analysis']);
  });

  /**
   * Ends, from `via`'s connection, the server side of this database's other connections whose
   * last statement starts with `text`; how many there were.
   */
  async function terminate(via: PoolClient, text: string): Promise<number> {
    const { rows } = await via.query<{ pid: number }>(
      `SELECT pg_terminate_backend(pid) AS ended, pid FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE $1`,
      [`${text}%`],
    );
    return rows.length;
  }

  it('replaces a lost connection, and a connection lost after close throws nowhere', async () => {
    // A connection of its own: the listener's goes back to the pool at close, and would be the
    // one the pool hands out next.
    const admin = await t.pool.connect();
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    const heard: string[] = [];
    const errors: Error[] = [];
    const listener = listenForJobs(
      t.db,
      (queue) => heard.push(queue),
      (error) => errors.push(error),
      50,
    );
    try {
      await listener.ready;
      // The server ends the listening connection: reported, then listened for again.
      expect(await terminate(admin, 'LISTEN')).toBe(1);
      await expect.poll(() => errors.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await expect
        .poll(
          async () => {
            await announceJob(t.db, 'yeniden');
            return heard.includes('yeniden');
          },
          { timeout: 10_000, interval: 100 },
        )
        .toBe(true);
      // Closed: the connection is back in the pool, idle; the server ending it now is the
      // pool's business, not the listener's (a second release threw out of the error event).
      await listener.close();
      const reported = errors.length;
      expect(await terminate(admin, 'UNLISTEN')).toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      expect(uncaught).toEqual([]);
      expect(errors, 'nothing reported after close').toHaveLength(reported);
      await t.db.execute(sql`SELECT 1`); // the pool still serves
    } finally {
      await listener.close();
      admin.release();
      process.off('uncaughtException', record);
    }
  });
});
