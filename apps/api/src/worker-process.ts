import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  COMPILED_NODE_FLAGS,
  WORKER_NODE_FLAGS,
  compiledChildren,
  isCompiled,
} from '@fonrisk/worker';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// The worker process's entry (analyses and FTP pulls, worker-main.ts). The compiled API (dist/)
// starts the compiled worker; from sources, the worker runs through tsx, unless the test run has
// built the server (compiledChildren(), decision 0072): then the compiled worker too.
const WORKER_MAIN = isCompiled(import.meta.url)
  ? fileURLToPath(new URL('./worker-main.js', import.meta.url))
  : compiledChildren()
    ? fileURLToPath(new URL('../dist/worker-main.js', import.meta.url))
    : fileURLToPath(new URL('./worker-main.ts', import.meta.url));
/** The command that starts the worker process when no other is given (its V8 flags: decision 0101). */
export const WORKER_COMMAND: readonly string[] = isCompiled(WORKER_MAIN)
  ? [process.execPath, ...COMPILED_NODE_FLAGS, ...WORKER_NODE_FLAGS, WORKER_MAIN]
  : [process.execPath, ...WORKER_NODE_FLAGS, '--import', 'tsx', WORKER_MAIN];

export interface WorkerProcessOptions {
  readonly databaseUrl: string;
  readonly log: (message: string) => void;
  /** Restarts allowed within `restartWindowMs` before the worker is left stopped. */
  readonly maxRestarts?: number;
  readonly restartWindowMs?: number;
  /** Time the worker gets to finish or release its runs before it is killed. */
  readonly stopTimeoutMs?: number;
  /** The command (tests replace the worker with a small script). */
  readonly command?: readonly string[];
}

export interface WorkerProcess {
  /** The current child process id (null between a crash and its restart). */
  pid(): number | null;
  restarts(): number;
  /**
   * Resolves when a worker process has announced itself ready (its 'worker started' log line:
   * pg-boss consuming, job wake-up listening, compute threads warm); false after `timeoutMs`.
   */
  ready(timeoutMs?: number): Promise<boolean>;
  /** SIGTERM, then SIGKILL after `stopTimeoutMs`; resolves when the worker has exited. */
  stop(): Promise<void>;
}

/**
 * `npm start` runs the analysis worker as its own process (ADR 0009) with the API's database.
 * A crash is logged and the worker restarted with a growing delay, at most `maxRestarts` times
 * within `restartWindowMs`. Its output goes to stderr so that the API's stdout keeps the single
 * ready line.
 */
/** The worker's JSON log line that says it consumes jobs (apps/worker/src/main.ts). */
export const WORKER_READY_MESSAGE = 'worker started';

function isReadyLine(line: string): boolean {
  if (!line.includes(WORKER_READY_MESSAGE)) return false;
  try {
    return (JSON.parse(line) as { message?: unknown }).message === WORKER_READY_MESSAGE;
  } catch {
    return false;
  }
}

export function startWorkerProcess(options: WorkerProcessOptions): WorkerProcess {
  const maxRestarts = options.maxRestarts ?? 5;
  const windowMs = options.restartWindowMs ?? 10 * 60_000;
  const command = options.command ?? WORKER_COMMAND;
  let child: ChildProcess | null = null;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let crashes: number[] = [];
  let restartCount = 0;
  let isReady = false;
  let markReady: () => void = () => undefined;
  const readyOnce = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  function launch(): void {
    const [executable, ...args] = command;
    const started = spawn(executable!, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: options.databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The child's output is copied with write(), not pipe(): a pipe pauses the child's stream
    // while our stderr reports back-pressure, and an stderr that never drains (a test runner's
    // captured output) then stops the ready line and, once the OS pipe is full, the worker itself.
    const copy = (chunk: Buffer) => {
      process.stderr.write(chunk);
    };
    started.stdout.on('data', copy);
    started.stderr.on('data', copy);
    let buffered = '';
    started.stdout.on('data', (chunk: Buffer) => {
      if (isReady) return;
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      if (lines.some(isReadyLine)) {
        isReady = true;
        markReady();
      }
    });
    child = started;
    started.on('exit', (code, signal) => {
      if (child === started) child = null;
      if (stopping) return;
      const now = Date.now();
      crashes = crashes.filter((t) => now - t < windowMs).concat(now);
      if (crashes.length > maxRestarts) {
        options.log(`Hesaplama servisi durdu (${signal ?? code}); yeniden başlatma sınırı aşıldı.`);
        return;
      }
      const delay = Math.min(30_000, 500 * 2 ** (crashes.length - 1));
      options.log(
        `Hesaplama servisi durdu (${signal ?? code}); ${delay} ms sonra yeniden başlatılıyor.`,
      );
      restartTimer = setTimeout(() => {
        restartTimer = null;
        if (stopping) return;
        restartCount++;
        launch();
      }, delay);
    });
  }

  launch();
  return {
    pid: () => child?.pid ?? null,
    restarts: () => restartCount,
    ready(timeoutMs = 30_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      return Promise.race([readyOnce.then(() => true), timeout]).finally(() => clearTimeout(timer));
    },
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => running.kill('SIGKILL'), options.stopTimeoutMs ?? 30_000);
        running.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        running.kill('SIGTERM');
      });
    },
  };
}
