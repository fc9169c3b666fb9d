import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  connectDatabase,
  isDatabaseUnavailable,
  migrateDatabase,
  startEmbeddedPostgres,
  type EmbeddedPostgresHandle,
} from '@fonrisk/db';
import { parseEnv, resolveJwtSecret, resolveSecretsKey, type Env } from './config/env.ts';
import { DEMO_START_STEPS, loadDemoData } from './demo/index.ts';
import { buildServer } from './http/server.ts';
import { startRmdScheduler, type RmdScheduler } from './modules/rmd-tracking/rmd-schedule.ts';
import {
  startAuditScheduler,
  type AuditScheduler,
} from './modules/internal-audit/audit-schedule.ts';
import { ensureShippedCriteria } from './modules/internal-audit/criteria.service.ts';
import { startWorkerProcess, type WorkerProcess } from './worker-process.ts';

export interface RunningApi {
  readonly port: number;
  /** Stops accepting requests, closes the pool, then stops the embedded database if any. */
  stop(): Promise<void>;
}

/**
 * The whole server side of `npm start`: the embedded PostgreSQL unless DATABASE_URL is set,
 * migrations, the demo data (embedded database, or FONRISK_DEMO_DATA=true), the analysis worker
 * as a child process (unless START_WORKER=false), then the API.
 */
export async function startApi(env: Env): Promise<RunningApi> {
  let embedded: EmbeddedPostgresHandle | null = null;
  if (!env.DATABASE_URL) {
    embedded = await startEmbeddedPostgres({
      dataDir: env.FONRISK_DATA_DIR,
      notice: (message) => console.error(message),
    });
  }
  const databaseUrl = env.DATABASE_URL ?? embedded!.url;
  const database = connectDatabase(databaseUrl);
  let worker: WorkerProcess | null = null;
  let scheduler: RmdScheduler | null = null;
  let auditScheduler: AuditScheduler | null = null;
  try {
    await migrateDatabase(database.pool);
    // The SPK criteria of criterion-definition exist in every installation, demo or not.
    await ensureShippedCriteria(database.db);
    // Before the worker starts: on first start both would otherwise create a secrets key.
    const secretsKey = resolveSecretsKey(env);
    // The worker boots (processes, threads, pg-boss) while the demo loads and the server builds.
    if (env.START_WORKER) {
      worker = startWorkerProcess({
        databaseUrl,
        log: (message) => console.error(message),
      });
    }
    if (embedded || env.FONRISK_DEMO_DATA) await loadDemoData(database.db, DEMO_START_STEPS);
    const webRoot = resolve(env.WEB_DIST_DIR);
    const app = await buildServer({
      db: database.db,
      jwtSecret: resolveJwtSecret(env),
      jwtTtlSeconds: env.JWT_TTL_SECONDS,
      secretsKey,
      login: { maxFailures: env.LOGIN_MAX_FAILURES, windowMinutes: env.LOGIN_WINDOW_MINUTES },
      cookieSecure: env.COOKIE_SECURE,
      trustProxy: env.TRUST_PROXY,
      webRoot:
        env.NODE_ENV === 'production' && existsSync(resolve(webRoot, 'index.html'))
          ? webRoot
          : null,
      logger: { level: env.LOG_LEVEL },
      warmRunQueue: true,
    });
    scheduler = await startRmdScheduler(database.db, {
      log: (message, error) =>
        error === undefined ? app.log.info(message) : app.log.error({ err: error }, message),
    });
    // FTP pulls (scheduled and on demand) run in the worker process (decision 0021).
    auditScheduler = await startAuditScheduler(database.db, {
      log: (message, error) =>
        error === undefined ? app.log.info(message) : app.log.error({ err: error }, message),
    });
    await app.listen({ host: env.HOST, port: env.PORT });
    // "Ready" means a run started now is computed at once: wait (bounded) for the worker too.
    if (worker && !(await worker.ready(60_000)))
      app.log.warn('Hesaplama servisi 60 saniyede hazır olmadı; analizler kuyrukta bekleyecek.');
    const address = app.server.address();
    return {
      port: typeof address === 'object' && address ? address.port : env.PORT,
      async stop() {
        // The worker finishes or releases its runs while the database is still up. Asked first:
        // a worker that got the terminal's Ctrl-C itself and exits meanwhile is not restarted.
        const workerStopped = worker?.stop();
        await scheduler?.stop();
        await auditScheduler?.stop();
        await workerStopped;
        await app.close();
        await database.close();
        // Last: the embedded PostgreSQL runs in its own process group, so the terminal's signal
        // never reached it (packages/db embedded.ts).
        await embedded?.stop();
      },
    };
  } catch (error) {
    await scheduler?.stop();
    await auditScheduler?.stop();
    await worker?.stop();
    await database.close();
    await embedded?.stop();
    throw error;
  }
}

async function main(): Promise<void> {
  // pg-boss 10 does not await a worked job's completion (the RMD, audit and FTP schedules'
  // queues): a database going away at that moment must not end the API (decision 0039).
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      console.error('Veritabanına ulaşılamadı (arka plan işi):', String(reason));
      return;
    }
    console.error('Yakalanmamış hata:', reason);
    process.exit(1);
  });
  const api = await startApi(parseEnv());
  console.log(`Fonrisk hazır: http://localhost:${api.port}`);
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    api.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Kapatma sırasında hata (${signal}):`, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
