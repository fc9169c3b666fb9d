// Batch runs on threads of their own (decision 0112). The worker's main thread was the night
// batch's critical path: it ran every run's reads, decoding, market windows, bundle and result,
// while the compute threads waited for it most of the time. Run threads execute the batch lane's
// runs, each with its own runner, database pool and market-read cache; the main thread keeps the
// queue, users' runs and the compute pool their tasks use.
import { Worker } from 'node:worker_threads';
import type { RunLane } from '@fonrisk/contracts';
import { threadEntry } from '../compiled.ts';
import type { Logger } from '../runner/runner.ts';
import type { FromRunThread, RunThreadData, ToRunThread } from './protocol.ts';

const { module: THREAD_MODULE, entry: THREAD_ENTRY } = threadEntry(import.meta.url, 'thread');

/** What each thread is started with (its niceness: batch work, as the pool's general threads). */
export interface RunThreadsOptions extends Omit<RunThreadData, 'threadModule'> {
  /** How many run threads. */
  readonly count: number;
  readonly log: Logger;
}

export interface RunThreads {
  /**
   * Executes a run on the thread with the fewest runs in progress; never throws. Once the threads
   * are stopping, `elsewhere` takes it (the main thread's runner, which puts it back in the queue).
   */
  execute(runId: string, lane: RunLane): Promise<void>;
  /** Ids of the runs the threads execute now. */
  active(): string[];
  /** Tells the threads how many users' runs are in progress on the main thread. */
  users(active: number): void;
  /**
   * Lets the threads' runs finish for up to `graceMs` (the rest go back to the queue), closes
   * their database pools and ends the threads.
   */
  stop(graceMs: number): Promise<void>;
}

interface RunThread {
  worker: Worker;
  /** Runs handed to it and not yet reported executed, each with what ends its wait. */
  readonly runs: Map<string, () => void>;
  drained: (() => void) | null;
}

export function startRunThreads(
  options: RunThreadsOptions,
  elsewhere: (runId: string, lane: RunLane) => Promise<void>,
): RunThreads {
  const { count, log, ...threadData } = options;
  const threads: RunThread[] = [];
  let usersActive = 0;
  let stopping = false;

  function spawn(): RunThread {
    const data: RunThreadData = { threadModule: THREAD_MODULE, ...threadData };
    const thread: RunThread = {
      worker: new Worker(THREAD_ENTRY, { workerData: data }),
      runs: new Map(),
      drained: null,
    };
    thread.worker.on('message', (message: FromRunThread) => {
      switch (message.type) {
        case 'executed':
          thread.runs.get(message.runId)?.();
          thread.runs.delete(message.runId);
          break;
        case 'drained':
          thread.drained?.();
          break;
      }
    });
    // A thread that dies leaves its runs running in the database: crash recovery puts them back
    // in the queue once their heartbeat is stale. Their consumers are freed, and a new thread
    // takes the next runs.
    const onDeath = (reason: string) => {
      if (!threads.includes(thread)) return;
      threads.splice(threads.indexOf(thread), 1);
      log.error('run thread ended', { reason, runIds: [...thread.runs.keys()] });
      for (const done of thread.runs.values()) done();
      thread.runs.clear();
      thread.drained?.();
      if (!stopping) threads.push(spawn());
    };
    thread.worker.on('error', (error) => onDeath(String(error)));
    thread.worker.on('exit', (code) => onDeath(`exit ${String(code)}`));
    return tell(thread, { type: 'users', active: usersActive });
  }

  function tell(thread: RunThread, message: ToRunThread): RunThread {
    thread.worker.postMessage(message);
    return thread;
  }

  // Started with the first batch run, not with the process: a worker that only serves users (and
  // each worker a test starts) does not load the handlers again in threads it never uses.
  let started = false;
  let turn = -1;
  function start(): void {
    started = true;
    for (let i = 0; i < Math.max(1, count); i++) threads.push(spawn());
  }

  return {
    execute(runId, lane) {
      if (stopping) return elsewhere(runId, lane);
      if (!started) start();
      // The fewest runs in progress; among as many, the next after the last one chosen.
      turn = (turn + 1) % threads.length;
      let thread = threads[turn]!;
      for (const t of threads) if (t.runs.size < thread.runs.size) thread = t;
      return new Promise<void>((resolve) => {
        thread.runs.set(runId, resolve);
        tell(thread, { type: 'execute', runId, lane });
      });
    },
    active: () => threads.flatMap((t) => [...t.runs.keys()]),
    users(active) {
      usersActive = active;
      for (const thread of threads) tell(thread, { type: 'users', active });
    },
    async stop(graceMs) {
      stopping = true;
      await Promise.all(
        [...threads].map(async (thread) => {
          await new Promise<void>((resolve) => {
            thread.drained = resolve;
            tell(thread, { type: 'drain', graceMs });
          });
          // Not there any more when it died meanwhile (its runs were freed then).
          const index = threads.indexOf(thread);
          if (index >= 0) threads.splice(index, 1);
          await thread.worker.terminate();
        }),
      );
    },
  };
}
