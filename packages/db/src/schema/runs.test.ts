import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { analysisRuns } from './runs.ts';
import { users } from './users.ts';

describe('analysis_runs', () => {
  let database: TestDatabase;
  let userId: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    const [user] = await database.db
      .insert(users)
      .values({
        username: 'u',
        fullName: 'Ayşe Kaya',
        role: 'Admin',
        modules: [1],
        passwordHash: 'x',
      })
      .returning();
    userId = user!.id;
  });
  afterAll(() => database.drop());

  async function insertRun() {
    const [run] = await database.db
      .insert(analysisRuns)
      .values({ analysisType: 'var', inputs: {}, createdBy: userId, createdByName: 'Ayşe Kaya' })
      .returning();
    return run!;
  }

  it('refuses any change to a run in a final state', async () => {
    const run = await insertRun();
    await database.db
      .update(analysisRuns)
      .set({ status: 'done', result: { value: 1 } })
      .where(eq(analysisRuns.id, run.id));
    await expect(
      database.db
        .update(analysisRuns)
        .set({ result: { value: 2 } })
        .where(eq(analysisRuns.id, run.id)),
    ).rejects.toThrow();
    const [stored] = await database.db
      .select()
      .from(analysisRuns)
      .where(eq(analysisRuns.id, run.id));
    expect(stored!.result, 'the stored result stays the first one').toEqual({ value: 1 });
  });

  it('notifies fonrisk_runs on state and progress changes but not on heartbeats', async () => {
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const received: string[] = [];
    listener.on('notification', (n) => received.push(n.payload ?? ''));
    await listener.query('LISTEN fonrisk_runs');
    try {
      const run = await insertRun();
      const byId = eq(analysisRuns.id, run.id);
      await database.db.update(analysisRuns).set({ status: 'running' }).where(byId);
      await database.db.update(analysisRuns).set({ heartbeatAt: new Date() }).where(byId);
      await database.db
        .update(analysisRuns)
        .set({ progress: 0.5, progressMessage: 'Yarı' })
        .where(byId);
      await listener.query('SELECT 1'); // notifications of committed transactions have arrived
      expect(received).toEqual([run.id, run.id, run.id]);
    } finally {
      await listener.end();
    }
  });

  it('keeps a finished run when its user is deleted, with the name it was started under', async () => {
    const run = await insertRun();
    await database.db
      .update(analysisRuns)
      .set({ status: 'failed', error: 'x' })
      .where(eq(analysisRuns.id, run.id));
    await database.db.delete(users).where(eq(users.id, userId));
    const [stored] = await database.db
      .select()
      .from(analysisRuns)
      .where(eq(analysisRuns.id, run.id));
    expect(stored).toMatchObject({ createdBy: null, createdByName: 'Ayşe Kaya', status: 'failed' });
  });
});
