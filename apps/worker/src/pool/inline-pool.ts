import type { ComputePool, RunOptions } from './compute-pool.ts';
import { runTaskHere, type ComputeTaskRef, type TaskFn } from './tasks.ts';

/**
 * A compute pool that runs each task in the calling thread, at once (decision 0112): the pool of a
 * run thread, which executes batch runs beside the worker's main thread. Its tasks would only
 * wait for the same cores there, and a task handed to another thread costs a copy of its
 * arguments each way. A task is not stopped once started; an aborted signal rejects it before.
 */
export function createInlinePool(): ComputePool {
  let closed = false;
  return {
    size: 1,
    reserved: 0,
    async run<F extends TaskFn>(
      task: ComputeTaskRef<F>,
      args: Parameters<F>,
      options: RunOptions = {},
    ): Promise<Awaited<ReturnType<F>>> {
      if (closed) throw new Error('compute pool is closed');
      options.signal?.throwIfAborted();
      const started = performance.now();
      const value = await runTaskHere(task, args);
      options.onTiming?.({ waitMs: 0, runMs: performance.now() - started });
      return value;
    },
    close() {
      closed = true;
      return Promise.resolve();
    },
  };
}
