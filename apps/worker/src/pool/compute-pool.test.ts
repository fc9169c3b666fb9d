import { getPriority } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { InsufficientHistoryError } from '@fonrisk/risk';
import { createComputePool, ComputeTaskError, type PoolTaskTiming } from './compute-pool.ts';

import { FIXTURE_TASKS } from './compute-fixtures.ts';

describe('compute pool', () => {
  const pool = createComputePool(2);
  afterAll(() => pool.close());

  it('runs a typed task of a TypeScript module on a thread', async () => {
    await expect(pool.run(FIXTURE_TASKS.sumSquares, [new Float64Array([1, 2, 3])])).resolves.toBe(
      14,
    );
  });

  it('returns typed arrays intact inside a result object', async () => {
    const out = await pool.run(FIXTURE_TASKS.scaled, [new Float64Array([1, 2]), 3]);
    expect(out.scaled).toBeInstanceOf(Float64Array);
    expect([...out.scaled]).toEqual([3, 6]);
  });

  it('moves transferred argument buffers to the thread', async () => {
    const values = new Float64Array([2, 2]);
    await expect(
      pool.run(FIXTURE_TASKS.sumSquares, [values], { transfer: [values.buffer] }),
    ).resolves.toBe(8);
    expect(values.byteLength, 'a transferred buffer is detached in the caller').toBe(0);
  });

  it('rejects with the thread error message and keeps serving', async () => {
    const failure = pool.run(FIXTURE_TASKS.fails, ['kötü girdi']);
    await expect(failure).rejects.toBeInstanceOf(ComputeTaskError);
    await expect(failure).rejects.toThrow('RangeError: kötü girdi');
    await expect(pool.run(FIXTURE_TASKS.sumSquares, [new Float64Array([3])])).resolves.toBe(9);
  });

  it("rejects with the engine's own error, its counts and the thread's stack", async () => {
    const failure = pool.run(FIXTURE_TASKS.failsInEngine, [52, 30]);
    await expect(failure).rejects.toBeInstanceOf(InsufficientHistoryError);
    await expect(failure).rejects.toMatchObject({
      name: 'InsufficientHistoryError',
      code: 'insufficient_history',
      message: '52 weekly returns required, got 30',
      required: 52,
      actual: 30,
      what: 'weekly returns',
      stack: expect.stringContaining('failsInEngine') as unknown,
    });
  });

  it('rejects a key the task module does not offer', async () => {
    const missing = { module: FIXTURE_TASKS.spin.module, key: 'nope' };
    await expect(pool.run(missing, [])).rejects.toThrow('offers no compute task "nope"');
  });

  it('stops a running task on abort and replaces its thread', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const long = pool.run(FIXTURE_TASKS.spin, [60_000], { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('iptal')), 100);
    await expect(long).rejects.toThrow('iptal');
    expect(Date.now() - started, 'the abort does not wait for the task').toBeLessThan(20_000);
    await expect(pool.run(FIXTURE_TASKS.sumSquares, [new Float64Array([1])])).resolves.toBe(1);
  });

  it('queues more tasks than threads and answers each with its own result', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => pool.run(FIXTURE_TASKS.sumSquares, [new Float64Array([n])])),
    );
    expect(results).toEqual([1, 4, 9, 16, 25]);
  });

  it('fails the task of a thread that exits and keeps the pool usable', async () => {
    await expect(pool.run(FIXTURE_TASKS.exitThread, [])).rejects.toThrow('durdu');
    await expect(pool.run(FIXTURE_TASKS.sumSquares, [new Float64Array([2])])).resolves.toBe(4);
  });

  it('runs an urgent task before the ordinary tasks that were waiting (decision 0054)', async () => {
    const single = createComputePool(1);
    try {
      const order: string[] = [];
      const track = (name: string, promise: Promise<unknown>) =>
        promise.then(() => void order.push(name));
      // The thread is busy; two batch tasks wait; then a user's task arrives, then another urgent.
      const busy = track('busy', single.run(FIXTURE_TASKS.spin, [150]));
      const batch1 = track('batch1', single.run(FIXTURE_TASKS.sumSquares, [new Float64Array([1])]));
      const batch2 = track('batch2', single.run(FIXTURE_TASKS.sumSquares, [new Float64Array([2])]));
      const user1 = track(
        'user1',
        single.run(FIXTURE_TASKS.sumSquares, [new Float64Array([3])], { urgent: true }),
      );
      const user2 = track(
        'user2',
        single.run(FIXTURE_TASKS.sumSquares, [new Float64Array([4])], { urgent: true }),
      );
      await Promise.all([busy, batch1, batch2, user1, user2]);
      expect(order).toEqual(['busy', 'user1', 'user2', 'batch1', 'batch2']);
    } finally {
      await single.close();
    }
  });

  it('tells how long a task waited for a thread and how long it ran (run timeline, decision 0075)', async () => {
    const single = createComputePool(1);
    try {
      const timings: Record<string, PoolTaskTiming> = {};
      const busy = single.run(FIXTURE_TASKS.spin, [200], {
        onTiming: (t) => (timings['busy'] = t),
      });
      const next = single.run(FIXTURE_TASKS.sumSquares, [new Float64Array([2])], {
        onTiming: (t) => (timings['next'] = t),
      });
      await Promise.all([busy, next]);
      expect(timings['busy']!.runMs).toBeGreaterThanOrEqual(190);
      expect(timings['next']!.waitMs, 'it waited for the spinning task').toBeGreaterThanOrEqual(
        190,
      );
      expect(timings['next']!.runMs).toBeLessThan(timings['busy']!.runMs);
    } finally {
      await single.close();
    }
  });

  it("starts a user's task at once on the reserved thread while the others run batch tasks (decision 0075)", async () => {
    const pool1 = createComputePool(1, { reserved: 1 });
    try {
      expect([pool1.size, pool1.reserved]).toEqual([1, 1]);
      const ended: Record<string, number> = {};
      const track = <T>(name: string, promise: Promise<T>) =>
        promise.then((value) => {
          ended[name] = performance.now();
          return value;
        });
      const busy = track('busy', pool1.run(FIXTURE_TASKS.spin, [1_500]));
      const batchThreads = [1, 2].map((n) =>
        track(`batch${String(n)}`, pool1.run(FIXTURE_TASKS.currentThreadId, [])),
      );
      const user = track('user', pool1.run(FIXTURE_TASKS.currentThreadId, [], { urgent: true }));
      const [userThread, ...batch] = await Promise.all([user, ...batchThreads, busy]);
      expect(ended['user']!, 'the user task did not wait for the batch task').toBeLessThan(
        ended['busy']!,
      );
      expect(batch[0], 'batch tasks wait for the general thread').toBe(batch[1]);
      expect(batch[0]).not.toBe(userThread);
      expect(ended['batch1']!).toBeGreaterThan(ended['busy']!);
    } finally {
      await pool1.close();
    }
  });

  it('runs batch tasks on lower-priority threads and a user task on the reserved one (decision 0075)', async () => {
    const pool1 = createComputePool(1, { reserved: 1, generalNice: 10 });
    try {
      const base = getPriority();
      const [batch, user] = await Promise.all([
        pool1.run(FIXTURE_TASKS.threadPriority, []),
        pool1.run(FIXTURE_TASKS.threadPriority, [], { urgent: true }),
      ]);
      expect(batch, 'the general thread is niced').toBe(Math.min(19, base + 10));
      expect(user, 'the reserved thread keeps the process priority').toBe(base);
      expect(getPriority(), 'the main thread is untouched').toBe(base);
      // Both threads free: the user's task takes the reserved thread, not the niced one.
      await expect(pool1.run(FIXTURE_TASKS.threadPriority, [], { urgent: true })).resolves.toBe(
        base,
      );
    } finally {
      await pool1.close();
    }
  });
});
