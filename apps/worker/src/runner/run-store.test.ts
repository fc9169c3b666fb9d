// Storing a finished run: the run marked done and its input bundle in one transaction; a bundle
// already there (an earlier attempt's) is replaced by the one just sent, which is sent once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRunBundles, analysisRuns, eq } from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { finishRun } from './run-store.ts';

describe('finishRun', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.drop();
  });

  it('stores the bundle, replacing one stored before for the run', async () => {
    const [run] = await t.db
      .insert(analysisRuns)
      .values({
        analysisType: 'leverage',
        inputs: {},
        createdByName: 'Gece toplu işi',
        status: 'running',
        attempt: 2,
      })
      .returning({ id: analysisRuns.id });
    const runId = run!.id;
    await t.db
      .insert(analysisRunBundles)
      .values({ runId, content: Buffer.from('eski'), jsonBytes: 4 });
    const content = Buffer.from([0x1f, 0x8b, 0, 1, 2, 3, 255]);
    expect(await finishRun(t.db, runId, 2, { ok: true }, {}, { content, jsonBytes: 1234 })).toBe(
      true,
    );
    const [stored] = await t.db
      .select()
      .from(analysisRunBundles)
      .where(eq(analysisRunBundles.runId, runId));
    expect(stored!.content.equals(content)).toBe(true);
    expect(stored!.jsonBytes).toBe(1234);
    const [done] = await t.db.select().from(analysisRuns).where(eq(analysisRuns.id, runId));
    expect(done!.status).toBe('done');
  });
});
