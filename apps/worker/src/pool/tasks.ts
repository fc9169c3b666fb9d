/**
 * Typed compute tasks. A module that offers work to the thread pool exports its pure functions
 * as `COMPUTE_TASKS` and a typed handle made with `computeTasks(import.meta.url, COMPUTE_TASKS)`;
 * callers pass a handle entry (`RISK_TASKS.matrixRisk`) to `ctx.compute` with the function's own
 * arguments and get its own result type. The thread imports the module and calls the entry of
 * `COMPUTE_TASKS` of the same key, so a task can only name a function the module offers.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any parameter list
export type TaskFn = (...args: any[]) => unknown;

/** The name of the export every task module offers. */
export const TASKS_EXPORT = 'COMPUTE_TASKS';

/** One function of a task module; `F` types the arguments and the result. */
export interface ComputeTaskRef<F extends TaskFn> {
  /** File URL of the task module. */
  readonly module: string;
  /** Its key in the module's COMPUTE_TASKS. */
  readonly key: string;
  /** Phantom: never set, carries the function type. */
  readonly fn?: F;
}

export type ComputeTaskRefs<T extends Record<string, TaskFn>> = {
  readonly [K in keyof T]: ComputeTaskRef<T[K]>;
};

/** The typed handle of a task module's COMPUTE_TASKS. */
export function computeTasks<T extends Record<string, TaskFn>>(
  moduleUrl: string,
  tasks: T,
): ComputeTaskRefs<T> {
  const refs: Record<string, ComputeTaskRef<TaskFn>> = {};
  for (const key of Object.keys(tasks)) refs[key] = { module: moduleUrl, key };
  return refs as ComputeTaskRefs<T>;
}

/** Calls a task in this thread (tests, benches and the CLI compute without a pool). */
export async function runTaskHere<F extends TaskFn>(
  task: ComputeTaskRef<F>,
  args: Parameters<F>,
): Promise<Awaited<ReturnType<F>>> {
  const module = (await import(task.module)) as Record<string, unknown>;
  const tasks = module[TASKS_EXPORT] as Record<string, TaskFn> | undefined;
  const fn = tasks?.[task.key];
  if (!fn) throw new Error(`${task.module} offers no compute task "${task.key}"`);
  return (await fn(...args)) as Awaited<ReturnType<F>>;
}
