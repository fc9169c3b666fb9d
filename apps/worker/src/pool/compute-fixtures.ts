// Pure functions the compute-pool tests run on threads.
import { getPriority } from 'node:os';
import { threadId } from 'node:worker_threads';
import { InsufficientHistoryError } from '@fonrisk/risk';
import { computeTasks } from './tasks.ts';

export function sumSquares(values: Float64Array): number {
  let total = 0;
  for (const v of values) total += v * v;
  return total;
}

export function scaled(values: Float64Array, factor: number): { scaled: Float64Array } {
  return { scaled: values.map((v) => v * factor) };
}

export function fails(message: string): never {
  throw new RangeError(message);
}

/** Throws the engine's error of too short a history (weekly returns). */
export function failsInEngine(required: number, actual: number): never {
  throw new InsufficientHistoryError(required, actual, 'weekly returns');
}

/** Busy-waits `ms` milliseconds (a long CPU-bound task for abort tests). */
export function spin(ms: number): number {
  const end = Date.now() + ms;
  let n = 0;
  while (Date.now() < end) n++;
  return n;
}

export function exitThread(): void {
  process.exit(3);
}

/** The id of the thread the task runs on (tests see a crashed thread replaced by a new one). */
export function currentThreadId(): number {
  return threadId;
}

/** The CPU priority (niceness) of the thread the task runs on. */
export function threadPriority(): number {
  return getPriority();
}

/** Throws outside the task's promise chain: an uncaught error that kills the thread. */
export function throwUncaught(message: string): Promise<never> {
  setTimeout(() => {
    throw new Error(message);
  }, 0);
  return new Promise<never>(() => undefined);
}

export const COMPUTE_TASKS = {
  sumSquares,
  scaled,
  fails,
  failsInEngine,
  spin,
  exitThread,
  currentThreadId,
  threadPriority,
  throwUncaught,
};

/** Typed handles of the fixtures for `pool.run` / `ctx.compute`. */
export const FIXTURE_TASKS = computeTasks(import.meta.url, COMPUTE_TASKS);
