// Where a batch's CPU went (issue 25): each thread of the worker process and PostgreSQL as a whole,
// from /proc (Linux; elsewhere nothing is printed). The worker's main thread was the night's
// critical path (decision 0110) until the batch runs moved to run threads (decision 0112): with
// them, the figure to watch is how much of the cores the worker and PostgreSQL use together.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * CPU seconds of the worker's threads (by thread id; the main thread's id is the pid) and of
 * PostgreSQL, taken at `at` (performance.now()).
 */
export interface CpuSnapshot {
  readonly threads: ReadonlyMap<number, number>;
  readonly postgres: number;
  readonly at: number;
}

const TICKS = 100; // USER_HZ: /proc counts CPU time in 1/100 s on Linux

/** The fields of a /proc stat line after the command (which may hold spaces and parentheses). */
function statFields(path: string): string[] | null {
  try {
    const text = readFileSync(path, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime (fields 14 and 15 of stat), and with `children` cutime + cstime (16, 17). */
function cpuOf(path: string, children = false): number {
  const f = statFields(path);
  if (f === null) return 0;
  const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
  return ticks / TICKS;
}

/** The postmaster's pid, from postmaster.pid in the cluster's directory (or one level below). */
function postmasterPid(clusterDir: string): number | null {
  for (const dir of [clusterDir, ...subdirectories(clusterDir)]) {
    const file = join(dir, 'postmaster.pid');
    if (existsSync(file)) return Number(readFileSync(file, 'utf8').split('\n')[0]);
  }
  return null;
}

function subdirectories(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(dir, d.name));
  } catch {
    return [];
  }
}

/** The child process ids of `pid` (none when it has none, or where /proc is not). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${String(pid)}/task/${String(pid)}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * The CPU used so far by each thread of `workerPid` and by PostgreSQL: the postmaster with the
 * backends that have exited (its children's time) and those alive.
 */
export function cpuSnapshot(workerPid: number | undefined, clusterDir: string): CpuSnapshot {
  const threads = new Map<number, number>();
  if (workerPid !== undefined) {
    let tids: string[] = [];
    try {
      tids = readdirSync(`/proc/${String(workerPid)}/task`);
    } catch {
      // not Linux, or the process ended
    }
    for (const tid of tids)
      threads.set(Number(tid), cpuOf(`/proc/${String(workerPid)}/task/${tid}/stat`));
  }
  const postmaster = postmasterPid(clusterDir);
  let postgres = 0;
  if (postmaster !== null) {
    postgres = cpuOf(`/proc/${String(postmaster)}/stat`, true);
    for (const child of childPids(postmaster)) postgres += cpuOf(`/proc/${String(child)}/stat`);
  }
  return { threads, postgres, at: performance.now() };
}

/**
 * One line on the CPU between two snapshots: the worker's main thread, its busiest other threads
 * (the run threads, the compute pool's, V8's), PostgreSQL, and what the cores could have given
 * over the wall time.
 */
export function describeCpu(
  before: CpuSnapshot,
  after: CpuSnapshot,
  workerPid: number | undefined,
  cores: number,
): string | null {
  if (workerPid === undefined || after.threads.size === 0) return null;
  const used = (tid: number) => (after.threads.get(tid) ?? 0) - (before.threads.get(tid) ?? 0);
  const main = used(workerPid);
  const others = [...after.threads.keys()]
    .filter((tid) => tid !== workerPid)
    .map(used)
    .sort((a, b) => b - a);
  const othersTotal = others.reduce((s, x) => s + x, 0);
  const postgres = after.postgres - before.postgres;
  const wall = (after.at - before.at) / 1000;
  const s = (x: number) => `${x.toFixed(1)} s`;
  return (
    `CPU over the batch (/proc): worker main thread ${s(main)} (${((100 * main) / wall).toFixed(0)} % of the wall time), ` +
    `its other threads ${s(othersTotal)} (busiest ${others.slice(0, 3).map(s).join(', ')}), PostgreSQL ${s(postgres)}; ` +
    `${String(cores)} cores × ${s(wall)} = ${s(cores * wall)}`
  );
}

/** CPU seconds a process's threads used between two snapshots of it. */
function processCpu(before: CpuSnapshot, after: CpuSnapshot): number {
  let total = 0;
  for (const [tid, cpu] of after.threads) total += cpu - (before.threads.get(tid) ?? 0);
  return total;
}

/** How busy the cores were between two snapshots: worker and PostgreSQL CPU over cores × wall. */
export function coresBusy(before: CpuSnapshot, after: CpuSnapshot, cores: number): number {
  const wall = (after.at - before.at) / 1000;
  return (processCpu(before, after) + after.postgres - before.postgres) / (cores * wall);
}

/**
 * One line on the CPU of several worker processes between snapshots of each (taken in the same
 * order, the first one's PostgreSQL figure counting for all): each process, PostgreSQL, and what
 * the cores could have given.
 */
export function describeProcessesCpu(
  before: readonly CpuSnapshot[],
  after: readonly CpuSnapshot[],
  cores: number,
): string | null {
  const [first, last] = [before[0], after[0]];
  if (!first || !last || after.every((a) => a.threads.size === 0)) return null;
  const wall = (last.at - first.at) / 1000;
  const each = after.map((a, i) => `${processCpu(before[i]!, a).toFixed(1)} s`);
  return (
    `CPU over the batch (/proc): worker process${each.length > 1 ? 'es' : ''} ${each.join(' and ')}, ` +
    `PostgreSQL ${(last.postgres - first.postgres).toFixed(1)} s; ` +
    `${String(cores)} cores × ${wall.toFixed(1)} s = ${(cores * wall).toFixed(1)} s`
  );
}
