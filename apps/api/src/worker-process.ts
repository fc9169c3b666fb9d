import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORKER_MAIN = fileURLToPath(new URL('../../worker/src/main.ts', import.meta.url));

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
  /** SIGTERM, then SIGKILL after `stopTimeoutMs`; resolves when the worker has exited. */
  stop(): Promise<void>;
}

/**
 * `npm start` runs the analysis worker as its own process (ADR 0009) with the API's database.
 * A crash is logged and the worker restarted with a growing delay, at most `maxRestarts` times
 * within `restartWindowMs`. Its output goes to stderr so that the API's stdout keeps the single
 * ready line.
 */
export function startWorkerProcess(options: WorkerProcessOptions): WorkerProcess {
  const maxRestarts = options.maxRestarts ?? 5;
  const windowMs = options.restartWindowMs ?? 10 * 60_000;
  const command = options.command ?? [process.execPath, '--import', 'tsx', WORKER_MAIN];
  let child: ChildProcess | null = null;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let crashes: number[] = [];
  let restartCount = 0;

  function launch(): void {
    const [executable, ...args] = command;
    const started = spawn(executable!, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: options.databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout.pipe(process.stderr, { end: false });
    started.stderr.pipe(process.stderr, { end: false });
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
