import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { riskErrorFromData } from '@fonrisk/risk';
import type { TaskMessage, ThreadReply } from './protocol.ts';
import type { ComputeTaskRef, TaskFn } from './tasks.ts';
import { threadEntry } from '../compiled.ts';

const { module: THREAD_MODULE, entry: THREAD_ENTRY } = threadEntry(import.meta.url, 'thread');

/** An error thrown inside a compute thread, with the thread's stack. */
export class ComputeTaskError extends Error {
  override readonly name = 'ComputeTaskError';
}

/**
 * The error a thread's task threw, as the caller sees it: an engine's RiskError as itself (the
 * runner fails its run at once, with its reason), anything else as a ComputeTaskError; each with
 * the thread's stack.
 */
function threadError(thrown: Extract<ThreadReply, { ok: false }>['error']): Error {
  const error = thrown.risk
    ? riskErrorFromData(thrown.risk)
    : new ComputeTaskError(`${thrown.name}: ${thrown.message}`);
  error.stack = thrown.stack;
  return error;
}

/**
 * The threads that take any task, by default one per core. They run at a lower priority
 * (decision 0075), so the job loop, the database and the reserved thread of users' tasks still
 * come first; with one core fewer, the night batch left a fifth of the machine idle (decision
 * 0077: 170 s against 143 s at full size, one worker process).
 */
export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism());
}

/** One task's time in the pool: waiting for a thread, then running on it (milliseconds). */
export interface PoolTaskTiming {
  readonly waitMs: number;
  readonly runMs: number;
}

interface Pending {
  readonly message: TaskMessage;
  readonly urgent: boolean;
  readonly transfer: ArrayBuffer[];
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly signal: AbortSignal | undefined;
  readonly onTiming: ((timing: PoolTaskTiming) => void) | undefined;
  /** When it was submitted, and when a thread took it (performance.now()). */
  readonly submittedAt: number;
  startedAt?: number;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  task: Pending | null;
  /** Kept for urgent tasks: takes no ordinary task (decision 0075). */
  readonly reserved: boolean;
}

export interface ComputePool {
  /** Runs `task` with `args` on a free thread; an abort rejects and stops the thread. */
  run<F extends TaskFn>(
    task: ComputeTaskRef<F>,
    args: Parameters<F>,
    options?: RunOptions,
  ): Promise<Awaited<ReturnType<F>>>;
  /** Threads that take any task. */
  readonly size: number;
  /** Threads besides those that take only urgent tasks (decision 0075). */
  readonly reserved: number;
  /** Rejects waiting tasks and terminates every thread. */
  close(): Promise<void>;
}

export interface RunOptions {
  readonly signal?: AbortSignal | undefined;
  /** Argument buffers moved to the thread instead of copied (detached in the caller). */
  readonly transfer?: readonly ArrayBuffer[] | undefined;
  /**
   * An urgent task (of a run a user is waiting for) waits only behind other urgent tasks, not
   * behind the batch tasks queued before it (decision 0054). A running task is never stopped.
   */
  readonly urgent?: boolean | undefined;
  /** Told, once the task has succeeded, how long it waited for a thread and how long it ran. */
  readonly onTiming?: ((timing: PoolTaskTiming) => void) | undefined;
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('Hesaplama iptal edildi.');
}

/**
 * A fixed-size worker_threads pool for the CPU-heavy parts of analyses (ADR 0009). A task is a
 * typed entry of a task module's COMPUTE_TASKS (pool/tasks.ts) and structured-cloneable arguments; typed-array buffers of the
 * result are transferred back, not copied. A crashed or aborted thread is replaced.
 */
export interface PoolOptions {
  /**
   * Threads kept for urgent tasks besides the `size` others (decision 0075): a user's task starts
   * at once even while every other thread runs a batch task, which is never stopped.
   */
  readonly reserved?: number;
  /**
   * The niceness of the threads that take any task (decision 0075): batch tasks then take the
   * CPU only when the API, PostgreSQL and users' work leave it. Reserved threads keep the
   * process's priority. 0 (the default) leaves every thread as it is.
   */
  readonly generalNice?: number;
}

export function createComputePool(
  size = defaultPoolSize(),
  options: PoolOptions = {},
): ComputePool {
  const slots: Slot[] = [];
  const waiting: Pending[] = [];
  let nextId = 1;
  let closed = false;
  const generalNice = options.generalNice ?? 0;

  function spawn(reserved: boolean): Slot {
    const nice = reserved ? 0 : generalNice;
    const worker = new Worker(THREAD_ENTRY, { workerData: { threadModule: THREAD_MODULE, nice } });
    // Idle threads must not keep the process alive.
    worker.unref();
    const slot: Slot = { worker, task: null, reserved };
    worker.on('message', (reply: ThreadReply) => {
      const task = slot.task;
      if (!task || task.message.id !== reply.id) return;
      settle(slot);
      if (reply.ok) {
        const started = task.startedAt ?? task.submittedAt;
        task.onTiming?.({
          waitMs: started - task.submittedAt,
          runMs: performance.now() - started,
        });
        task.resolve(reply.value);
      } else {
        task.reject(threadError(reply.error));
      }
      dispatch();
    });
    // A thread that dies (out of memory, process.exit in a task) fails its task and is replaced.
    const onDeath = (error: Error) => {
      if (!slots.includes(slot)) return;
      const task = slot.task;
      replace(slot);
      task?.reject(error);
      dispatch();
    };
    worker.on('error', onDeath);
    worker.on('exit', (code) =>
      onDeath(new ComputeTaskError(`Hesaplama iş parçacığı durdu (kod ${code}).`)),
    );
    return slot;
  }

  function settle(slot: Slot): void {
    const task = slot.task;
    if (task?.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
    slot.task = null;
  }

  function replace(slot: Slot): void {
    settle(slot);
    const index = slots.indexOf(slot);
    slots.splice(index, 1);
    void slot.worker.terminate();
    if (!closed) slots.push(spawn(slot.reserved));
  }

  function dispatch(): void {
    for (;;) {
      // The waiting list holds the urgent tasks first; a reserved thread takes only those, and an
      // urgent task takes one first (it runs at the process's priority).
      const next = waiting[0];
      if (!next) return;
      const free = slots.filter((s) => !s.task && (next.urgent || !s.reserved));
      const slot = free.find((s) => s.reserved) ?? free[0];
      if (!slot) return;
      waiting.shift();
      slot.task = next;
      next.startedAt = performance.now();
      slot.worker.postMessage(next.message, next.transfer);
    }
  }

  const general = Math.max(1, size);
  const reserved = Math.max(0, options.reserved ?? 0);
  for (let i = 0; i < general + reserved; i++) slots.push(spawn(i >= general));

  return {
    size: general,
    reserved,
    run<F extends TaskFn>(
      task: ComputeTaskRef<F>,
      args: Parameters<F>,
      options: RunOptions = {},
    ): Promise<Awaited<ReturnType<F>>> {
      const { signal, transfer, urgent = false, onTiming } = options;
      type T = Awaited<ReturnType<F>>;
      if (closed) return Promise.reject(new Error('compute pool is closed'));
      if (signal?.aborted) return Promise.reject(abortError(signal));
      return new Promise<T>((resolve, reject) => {
        const pending: Pending = {
          message: { id: nextId++, module: task.module, key: task.key, args },
          transfer: transfer ? [...transfer] : [],
          urgent,
          resolve: resolve as (value: unknown) => void,
          reject,
          signal,
          onTiming,
          submittedAt: performance.now(),
        };
        if (signal) {
          pending.onAbort = () => {
            const queued = waiting.indexOf(pending);
            if (queued >= 0) waiting.splice(queued, 1);
            const slot = slots.find((s) => s.task === pending);
            if (slot) replace(slot);
            reject(abortError(signal));
            dispatch();
          };
          signal.addEventListener('abort', pending.onAbort, { once: true });
        }
        // Urgent tasks go after the urgent ones already waiting, before every other task.
        const firstOrdinary = urgent ? waiting.findIndex((w) => !w.urgent) : -1;
        if (firstOrdinary >= 0) waiting.splice(firstOrdinary, 0, pending);
        else waiting.push(pending);
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const task of waiting.splice(0)) task.reject(new Error('compute pool is closed'));
      await Promise.all(
        slots.splice(0).map((slot) => {
          slot.task?.reject(new Error('compute pool is closed'));
          return slot.worker.terminate();
        }),
      );
    },
  };
}
