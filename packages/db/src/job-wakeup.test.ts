import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceJob, listenForJobs } from './job-wakeup.ts';
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
});
