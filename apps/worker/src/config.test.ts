import { describe, expect, it } from 'vitest';
import { parseWorkerEnv } from './config.ts';

const DATABASE_URL = 'postgres://localhost/fonrisk';

describe('worker environment', () => {
  it('uses the limits of ADR 0009 (run slots: 0097, run threads: 0112) when nothing is set', () => {
    expect(parseWorkerEnv({ DATABASE_URL })).toMatchObject({
      WORKER_CONCURRENCY: 3,
      WORKER_RUN_THREADS: 2,
      RUN_STALE_AFTER_SECONDS: 30,
      RUN_HEARTBEAT_MS: 2_000,
      RUN_RECOVERY_INTERVAL_MS: 5_000,
      RUN_MAX_ATTEMPTS: 3,
      RUN_RETRY_DELAY_SECONDS: 5,
      WORKER_SHUTDOWN_GRACE_MS: 20_000,
    });
  });

  it('accepts the short limits of the process tests', () => {
    const env = parseWorkerEnv({
      DATABASE_URL,
      RUN_STALE_AFTER_SECONDS: '2',
      RUN_HEARTBEAT_MS: '200',
      RUN_RECOVERY_INTERVAL_MS: '250',
    });
    expect([
      env.RUN_STALE_AFTER_SECONDS,
      env.RUN_HEARTBEAT_MS,
      env.RUN_RECOVERY_INTERVAL_MS,
    ]).toEqual([2, 200, 250]);
  });

  it('refuses a stale limit shorter than two heartbeats, which would recover live runs', () => {
    expect(() =>
      parseWorkerEnv({ DATABASE_URL, RUN_STALE_AFTER_SECONDS: '3', RUN_HEARTBEAT_MS: '2000' }),
    ).toThrow(/RUN_STALE_AFTER_SECONDS: must be at least two heartbeats/);
  });

  it('takes no run threads when told 0 (every run on the main thread)', () => {
    expect(parseWorkerEnv({ DATABASE_URL, WORKER_RUN_THREADS: '0' }).WORKER_RUN_THREADS).toBe(0);
    expect(() => parseWorkerEnv({ DATABASE_URL, WORKER_RUN_THREADS: '-1' })).toThrow(
      /WORKER_RUN_THREADS/,
    );
  });

  it('refuses a missing DATABASE_URL', () => {
    expect(() => parseWorkerEnv({})).toThrow(/DATABASE_URL/);
  });
});
