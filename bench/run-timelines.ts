// The worker's 'run timeline' log lines (decision 0075), read from a child process's output by
// the benches that start the app (night.ts, run-latency.ts), to say where a user's run waited.
import type { Readable } from 'node:stream';
import { RUN_TIMELINE_MESSAGE } from '../apps/worker/src/runner/run-timeline.ts';

const byRun = new Map<string, Record<string, unknown>>();

function keep(lines: string): void {
  for (const line of lines.split('\n')) {
    if (!line.includes(RUN_TIMELINE_MESSAGE)) continue;
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (entry['message'] === RUN_TIMELINE_MESSAGE && typeof entry['runId'] === 'string')
        byRun.set(entry['runId'], entry);
    } catch {
      // not a log line of the worker
    }
  }
}

/** Keeps the timeline lines of `stream` (whole lines only). */
export function watchRunTimelines(stream: Readable): void {
  let partial = '';
  stream.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const cut = text.lastIndexOf('\n');
    partial = text.slice(cut + 1);
    keep(text.slice(0, cut + 1));
  });
}

/** The worker's timeline of a run, in words. */
export function describeTimeline(runId: string): string {
  const t = byRun.get(runId);
  if (!t) return 'no timeline line from the worker';
  const figure = (key: string) => (typeof t[key] === 'number' ? String(t[key]) : '?');
  const ms = (key: string) => `${figure(key)} ms`;
  return [
    `to the worker ${ms('queueMs')}`,
    `claim ${ms('claimMs')}`,
    `snapshot ${ms('snapshotMs')}`,
    `handler ${ms('handlerMs')} (of which ${figure('poolTasks')} pool tasks waited ${ms('poolWaitMs')} for a thread and ran ${ms('poolRunMs')})`,
    `storing ${ms('storeMs')}`,
    `longest event-loop stall of the worker meanwhile ${ms('loopLagMaxMs')}`,
  ].join(', ');
}

/**
 * What the worker's cache answered of the market reads of `runIds` (decisions 0078, 0081), and how
 * many places of their input bundles were named from parts earlier runs made (decision 0086).
 */
export function describeMarketReads(runIds: readonly string[]): string {
  let runs = 0;
  let hits = 0;
  let kept = 0;
  let sent = 0;
  let named = 0;
  let made = 0;
  let rowsNamed = 0;
  let rowsMade = 0;
  const add = (t: Record<string, unknown>, key: string) =>
    typeof t[key] === 'number' ? t[key] : 0;
  for (const id of runIds) {
    const t = byRun.get(id);
    if (!t) continue;
    runs++;
    hits += add(t, 'marketCacheHits');
    kept += add(t, 'seriesKept');
    sent += add(t, 'seriesSent');
    named += add(t, 'partsNamed');
    made += add(t, 'partsMade');
    rowsNamed += add(t, 'rowPartsNamed');
    rowsMade += add(t, 'rowPartsMade');
  }
  const share = kept + sent > 0 ? ((100 * kept) / (kept + sent)).toFixed(0) : '0';
  return `market reads of ${String(runs)} runs with a timeline: ${String(hits)} answered whole from the worker's cache; series of packed reads ${String(kept)} from the cache, ${String(sent)} from the database (${share} % from the cache); bundle parts ${String(named)} named from the parts earlier runs made, ${String(made)} made (decision 0086); rows of reads and series of windows as parts of their own ${String(rowsNamed)} named, ${String(rowsMade)} made (decisions 0091, 0100)`;
}

/**
 * Where the runs of `runIds` spent their time in the worker, summed per analysis type: claim,
 * snapshot, handler (of which compute-pool tasks ran), storing (bundle JSON and gzip, the insert).
 * `slots`: the runs each worker process executes at once on the batch lane (WORKER_CONCURRENCY).
 */
export function describeRunSteps(runIds: readonly string[], slots: number): string {
  const keys = ['claimMs', 'snapshotMs', 'handlerMs', 'poolRunMs', 'storeMs'] as const;
  const byType = new Map<string, Record<(typeof keys)[number], number> & { runs: number }>();
  for (const id of runIds) {
    const t = byRun.get(id);
    if (!t || typeof t['analysisType'] !== 'string') continue;
    const sums = byType.get(t['analysisType']) ?? {
      runs: 0,
      claimMs: 0,
      snapshotMs: 0,
      handlerMs: 0,
      poolRunMs: 0,
      storeMs: 0,
    };
    sums.runs++;
    for (const key of keys) sums[key] += typeof t[key] === 'number' ? t[key] : 0;
    byType.set(t['analysisType'], sums);
  }
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [...byType.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([type, t]) =>
        `  ${type.padEnd(20)} ${String(t.runs).padStart(5)} ${s(t.claimMs).padStart(9)} ${s(t.snapshotMs).padStart(9)} ${s(t.handlerMs).padStart(9)} ${s(t.poolRunMs).padStart(9)} ${s(t.storeMs).padStart(9)}`,
    );
  return [
    `where the runs' time went in the worker (sums over runs; ${String(slots)} at a time per process):`,
    `  ${'analysis'.padEnd(20)} ${'runs'.padStart(5)} ${'claim'.padStart(9)} ${'snapshot'.padStart(9)} ${'handler'.padStart(9)} ${'pool ran'.padStart(9)} ${'storing'.padStart(9)}`,
    ...lines,
  ].join('\n');
}
