import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { FIXTURE_TASKS } from './compute-fixtures.ts';
import { createInlinePool } from './inline-pool.ts';
import type { PoolTaskTiming } from './compute-pool.ts';

describe('inline compute pool (a run thread computes itself, decision 0112)', () => {
  it('runs a task in the calling thread and reports its time', async () => {
    const pool = createInlinePool();
    const timings: PoolTaskTiming[] = [];
    const sum = await pool.run(FIXTURE_TASKS.sumSquares, [new Float64Array([1, 2, 3])], {
      onTiming: (t) => timings.push(t),
    });
    expect(sum).toBe(14);
    expect(await pool.run(FIXTURE_TASKS.currentThreadId, [])).toBe(threadId);
    expect(timings).toHaveLength(1);
    expect(timings[0]!.waitMs).toBe(0);
    expect(timings[0]!.runMs).toBeGreaterThanOrEqual(0);
  });

  it("passes a task's error on, and refuses tasks once aborted or closed", async () => {
    const pool = createInlinePool();
    await expect(pool.run(FIXTURE_TASKS.fails, ['olmadı'])).rejects.toThrow(RangeError);
    const controller = new AbortController();
    controller.abort(new Error('iptal'));
    await expect(
      pool.run(FIXTURE_TASKS.spin, [1_000], { signal: controller.signal }),
    ).rejects.toThrow('iptal');
    await pool.close();
    await expect(pool.run(FIXTURE_TASKS.spin, [1])).rejects.toThrow(/closed/);
  });
});
