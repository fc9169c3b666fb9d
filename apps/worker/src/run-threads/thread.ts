// The body of a run thread (decision 0112): a runner of its own, over a database pool of its own,
// that executes the batch runs the main thread's consumers hand it. It computes in this thread
// (createInlinePool) and keeps its own market-read cache; batch runs yield to the users' runs in
// progress on the main thread, which it is told of.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { connectDatabase, isDatabaseUnavailable } from '@fonrisk/db';
import { createInlinePool } from '../pool/inline-pool.ts';
import { riskEngineVersion } from '../runner/engine-version.ts';
import type { AnalysisHandlers } from '../runner/handler.ts';
import { createLaneGate } from '../runner/lane-gate.ts';
import { sampleLoopLag } from '../runner/loop-lag.ts';
import { createMarketReadCache } from '../runner/market-read-cache.ts';
import { createRunner } from '../runner/runner.ts';
import { stringifyWhole } from '../runner/slices.ts';
import { consoleLogger, createBoss } from '../worker.ts';
import type { FromRunThread, RunThreadData, ToRunThread } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('run-threads/thread.ts runs only as a worker thread');
const data = workerData as RunThreadData;

// On Linux the priority of "process 0" is the calling thread's own (as in pool/thread.ts).
if (data.nice)
  try {
    setPriority(data.nice);
  } catch {
    // not allowed here: the thread keeps the process's priority
  }

const send = (message: FromRunThread) => port.postMessage(message);
const log = consoleLogger;
// As in the process (main.ts, decision 0039): a database that goes away under a background step
// is logged, the runs' records and crash recovery cover the rest; anything else ends the thread,
// which the main thread replaces.
process.on('unhandledRejection', (reason) => {
  if (isDatabaseUnavailable(reason)) {
    log.error('database unavailable in a background step', { error: String(reason) });
    return;
  }
  throw reason;
});
const handlers = ((await import(data.handlersModule)) as { ANALYSIS_HANDLERS: AnalysisHandlers })
  .ANALYSIS_HANDLERS;
// A run holds one connection for its snapshot and needs a second now and then (config.ts).
const database = connectDatabase(data.databaseUrl, {
  max: data.slots * 2,
  onIdleError: (error) => log.error('idle database connection failed', { error: error.message }),
});
// The users' runs of the main thread, mirrored: one entry per run in progress there.
const users = createLaneGate();
const leaves: (() => void)[] = [];
const loopLag = sampleLoopLag();
const runner = createRunner(
  {
    db: database.db,
    // Only sends jobs (a run put back in the queue), in the run's transaction: never started.
    boss: createBoss(database.db),
    handlers,
    pool: createInlinePool(),
    engineVersion: riskEngineVersion(),
    log,
    loopLag,
    marketCache:
      data.marketCacheMb > 0 ? createMarketReadCache(data.marketCacheMb * 1024 * 1024) : null,
    gate: users,
    // No user's run waits on this thread: a bundle's texts in one native call each.
    stringify: stringifyWhole,
  },
  data.runner,
);

port.on('message', (message: ToRunThread) => {
  switch (message.type) {
    case 'execute':
      void runner
        .execute(message.runId, message.lane)
        .finally(() => send({ type: 'executed', runId: message.runId }));
      break;
    case 'users':
      while (leaves.length < message.active) leaves.push(users.enter());
      while (leaves.length > message.active) leaves.pop()?.();
      break;
    case 'drain':
      void runner
        .drain(message.graceMs)
        .then(() => database.close())
        .catch((error: unknown) => log.error('run thread stop failed', { error: String(error) }))
        .finally(() => {
          loopLag.stop();
          send({ type: 'drained' });
        });
      break;
  }
});
