import { createQueueConcurrently, rawSqlExecutor, type Database } from '@fonrisk/db';
import PgBoss from 'pg-boss';

/**
 * The one Istanbul scheduler of Fonrisk (decision 0043). The daily RMD batch, the daily internal
 * audit, the FTP pulls and the scheduled reports all follow the Istanbul business day: each is a
 * set of pg-boss crons in Europe/Istanbul, stored in the database (pg-boss sends one job per
 * tick however many processes run), re-read from the saved settings every `syncIntervalMs` (so
 * a change saved on any replica takes effect), and worked in the process that started it.
 * What differs - which crons are wanted and what a tick does - is each module's `IstanbulJob`s.
 */
export const ISTANBUL_TIME_ZONE = 'Europe/Istanbul';

/** HH:MM on Monday to Friday as a cron ("07:30" -> "30 7 * * 1-5"). */
export function weekdayCron(time: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  return `${String(minutes)} ${String(hours)} * * 1-5`;
}

/** The part of pg-boss that registers a cron (a fake in unit tests). */
export interface ScheduleBoss {
  schedule(
    name: string,
    cron: string,
    data?: object,
    options?: PgBoss.ScheduleOptions,
  ): Promise<void>;
  unschedule(name: string): Promise<void>;
}

/** The part of pg-boss a scheduler uses: crons, their queues and the work on them. */
export interface IstanbulBoss extends ScheduleBoss {
  createQueue(name: string, options?: PgBoss.Queue): Promise<void>;
  getSchedules(): Promise<PgBoss.Schedule[]>;
  work(
    name: string,
    options: PgBoss.WorkOptions,
    handler: PgBoss.WorkHandler<object>,
  ): Promise<string>;
  offWork(name: string): Promise<void>;
}

/** Registers `name`'s cron in Istanbul time, or removes it when `cron` is null. */
export async function applyIstanbulCron(
  boss: ScheduleBoss,
  name: string,
  cron: string | null,
): Promise<string | null> {
  if (cron === null) await boss.unschedule(name);
  else await boss.schedule(name, cron, {}, { tz: ISTANBUL_TIME_ZONE, retryLimit: 0 });
  return cron;
}

/**
 * One queue a module works now: its (schedule) name, the cron, and what a tick does. A null cron
 * keeps the queue worked without a cron (a disabled daily batch: a job already sent still runs).
 */
export interface IstanbulJob {
  readonly name: string;
  readonly cron: string | null;
  readonly run: () => Promise<void>;
}

export interface IstanbulSyncOptions {
  /** How often this process asks pg-boss for a due tick (10 s). */
  readonly pollingIntervalSeconds?: number;
}

/**
 * Brings pg-boss in line with `wanted` for the schedule names a module `owns`: crons no longer
 * wanted (or now null) are removed, queues no longer wanted are no longer worked here, new or
 * changed crons are stored in Istanbul time, and each wanted queue is worked by this process
 * once. Returns the name -> cron in force.
 */
export async function syncIstanbulJobs(
  boss: IstanbulBoss,
  wanted: readonly IstanbulJob[],
  owns: (name: string) => boolean,
  working: Set<string>,
  options: IstanbulSyncOptions = {},
): Promise<Map<string, string>> {
  const byName = new Map(wanted.map((job) => [job.name, job]));
  const existing = new Map(
    (await boss.getSchedules()).filter((s) => owns(s.name)).map((s) => [s.name, s.cron]),
  );
  for (const [name] of existing) {
    if ((byName.get(name)?.cron ?? null) === null) await boss.unschedule(name);
  }
  for (const name of working) {
    if (!byName.has(name)) {
      await boss.offWork(name);
      working.delete(name);
    }
  }
  for (const [name, job] of byName) {
    if (!working.has(name) || (job.cron !== null && existing.get(name) !== job.cron))
      await createQueueConcurrently(boss, name, { name, retryLimit: 0 });
    if (job.cron !== null && existing.get(name) !== job.cron)
      await applyIstanbulCron(boss, name, job.cron);
    if (!working.has(name)) {
      await boss.work(
        name,
        { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
        () => job.run(),
      );
      working.add(name);
    }
  }
  const inForce = new Map<string, string>();
  for (const [name, job] of byName) if (job.cron !== null) inForce.set(name, job.cron);
  return inForce;
}

export interface IstanbulSchedulerOptions extends IstanbulSyncOptions {
  /** The scheduler's name in log lines ("rmd schedule"). */
  readonly name: string;
  readonly log: (message: string, error?: unknown) => void;
  /** How often saved settings are looked at (60 s): a change reaches pg-boss within it. */
  readonly syncIntervalMs?: number;
}

export interface IstanbulScheduler<T> {
  /** Reads the settings and brings the crons in line now (also done every interval). */
  sync(): Promise<T>;
  stop(): Promise<void>;
}

/** What a module adds to the shared scheduler once pg-boss runs. */
export interface IstanbulSchedulerPart<T> {
  readonly sync: () => Promise<T>;
  /** Runs before pg-boss stops (e.g. a wake-up listener). */
  readonly stop?: () => Promise<void>;
}

/**
 * Starts a scheduler: its own pg-boss on the application's database (schema `pgboss`, cron
 * monitoring on), the module's `setup` (queues and work of its own), a first sync and a sync
 * every `syncIntervalMs`.
 */
export async function startIstanbulScheduler<T>(
  db: Database,
  options: IstanbulSchedulerOptions,
  setup: (boss: PgBoss) => Promise<IstanbulSchedulerPart<T>>,
): Promise<IstanbulScheduler<T>> {
  const boss = new PgBoss({
    db: rawSqlExecutor(db),
    schema: 'pgboss',
    supervise: false,
    schedule: true,
  });
  boss.on('error', (error) => options.log(options.name, error));
  await boss.start();
  let part: IstanbulSchedulerPart<T>;
  try {
    part = await setup(boss);
    await part.sync();
  } catch (error) {
    await boss.stop({ graceful: false, close: false, wait: true });
    throw error;
  }
  const timer = setInterval(() => {
    part.sync().catch((error: unknown) => options.log(`${options.name} sync`, error));
  }, options.syncIntervalMs ?? 60_000);
  timer.unref();
  return {
    sync: part.sync,
    async stop() {
      clearInterval(timer);
      await part.stop?.();
      await boss.stop({ graceful: true, close: false, wait: true });
    },
  };
}
