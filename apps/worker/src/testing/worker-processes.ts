import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { COMPILED_NODE_FLAGS, compiledChildren } from '../compiled.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** The analysis type the slow handler of slow-worker-entry.ts serves instead of the real one. */
export const SLOW_ANALYSIS_TYPE = 'leverage';

const SLOW_WORKER_ENTRY = fileURLToPath(new URL('./slow-worker-entry.ts', import.meta.url));

/**
 * Node's flags for slow-worker-entry.ts: tsx for the entry itself, and in a test run that built
 * the server (compiledChildren()) the compiled build's condition, so that the worker it imports is
 * the compiled one (1.7 s of CPU to be ready instead of 3.9 s through tsx, decision 0072).
 */
export function slowWorkerFlags(): readonly string[] {
  return ['--import', 'tsx', ...(compiledChildren() ? COMPILED_NODE_FLAGS : [])];
}

/** A real worker process started by a test (`node --import tsx`), with its output kept. */
export interface SpawnedWorker {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Every line the process wrote, stdout and stderr. */
  readonly output: string[];
  /** Resolves with how the process ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` and waits for the process to end. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts slow-worker-entry.ts (the production start function plus a slow 'leverage' handler) and
 * resolves once it logged "worker started". `env` adds to the test process environment.
 * From the sources the process loads about 430 modules through tsx's loader (drizzle-orm, zod,
 * the contracts, the risk library): about 3 CPU s, 7-11 s of wall time measured with the shared
 * 2-core machine at load 23-27, where a 30 s budget was once missed (decision 0066); in a test run
 * that built the server, the compiled worker (`slowWorkerFlags`).
 */
export async function spawnSlowWorker(
  env: Record<string, string>,
  readyTimeoutMs = 60_000,
): Promise<SpawnedWorker> {
  const child = spawn(process.execPath, [...slowWorkerFlags(), SLOW_WORKER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`worker not ready:\n${output.join('\n')}`)),
      readyTimeoutMs,
    );
    const partial = new Map<NodeJS.ReadableStream, string>();
    const onData = (stream: NodeJS.ReadableStream) => (chunk: Buffer) => {
      const lines = ((partial.get(stream) ?? '') + chunk.toString('utf8')).split('\n');
      partial.set(stream, lines.pop() ?? '');
      for (const line of lines) {
        if (!line) continue;
        output.push(line);
        if (line.includes('"message":"worker started"')) {
          clearTimeout(timer);
          resolve();
        }
      }
    };
    child.stdout.on('data', onData(child.stdout));
    child.stderr.on('data', onData(child.stderr));
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(
        new Error(`worker exited (${signal ?? code}) before it was ready:\n${output.join('\n')}`),
      );
    });
  });
  try {
    await ready;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    child,
    pid: child.pid!,
    output,
    exited,
    stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
