// Two processes creating the same pg-boss queue at once (a first start) fail one of them with a
// deadlock: createAnalysisQueues tries again instead of ending the worker (demo-reports.test in a
// full run died on "deadlock detected" in pgboss.create_queue).
import { describe, expect, it } from 'vitest';
import { ANALYSIS_QUEUES } from '@fonrisk/contracts';
import { createAnalysisQueues } from './run-store.ts';

/** A driver error as drizzle wraps it: the SQLSTATE on the cause. */
function driverError(code: string): Error {
  return new Error('Failed query: SELECT pgboss.create_queue($1, $2)', {
    cause: Object.assign(new Error(code === '40P01' ? 'deadlock detected' : 'failed'), { code }),
  });
}

function fakeBoss(failures: string[]) {
  const created: string[] = [];
  let calls = 0;
  return {
    created,
    calls: () => calls,
    createQueue(name: string): Promise<void> {
      calls += 1;
      const code = failures.shift();
      if (code !== undefined) return Promise.reject(driverError(code));
      created.push(name);
      return Promise.resolve();
    },
  };
}

describe('createAnalysisQueues', () => {
  it('tries a queue again after a deadlock or a unique violation of a concurrent creation', async () => {
    const boss = fakeBoss(['40P01', '23505']);
    await createAnalysisQueues(boss);
    expect(boss.created).toEqual([...ANALYSIS_QUEUES]);
    expect(boss.calls()).toBe(ANALYSIS_QUEUES.length + 2);
  });

  it('gives up after five tries, and at once on any other error', async () => {
    await expect(
      createAnalysisQueues(fakeBoss(Array.from({ length: 5 }, () => '40P01'))),
    ).rejects.toThrow('create_queue');
    const other = fakeBoss(['42501']);
    await expect(createAnalysisQueues(other)).rejects.toThrow('create_queue');
    expect(other.calls()).toBe(1);
  });
});
