import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VAR_SETTINGS_DEFAULTS, VAR_SETTINGS_KEY, type VarSettings } from '@fonrisk/contracts';
import { auditLog, eq, settings } from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import {
  RMD_BATCH_QUEUE,
  rmdBatchCron,
  startRmdScheduler,
  syncRmdSchedule,
  type ScheduleBoss,
} from './rmd-schedule.ts';

function fakeBoss() {
  const calls: unknown[][] = [];
  const boss: ScheduleBoss = {
    schedule: (...args) => Promise.resolve(void calls.push(['schedule', ...args])),
    unschedule: (...args) => Promise.resolve(void calls.push(['unschedule', ...args])),
  };
  return { boss, calls };
}

describe('daily RMD batch schedule', () => {
  it('turns the settings time into a Monday-to-Friday cron, none when disabled', () => {
    expect(rmdBatchCron(VAR_SETTINGS_DEFAULTS)).toBe('0 19 * * 1-5');
    expect(rmdBatchCron({ dailyBatchEnabled: true, dailyBatchTime: '07:45' })).toBe('45 7 * * 1-5');
    expect(rmdBatchCron({ dailyBatchEnabled: false, dailyBatchTime: '19:00' })).toBeNull();
  });

  it('registers the cron in Istanbul time, and removes it when the batch is disabled', async () => {
    const { boss, calls } = fakeBoss();
    await syncRmdSchedule(boss, { ...VAR_SETTINGS_DEFAULTS, dailyBatchTime: '18:30' });
    await syncRmdSchedule(boss, { ...VAR_SETTINGS_DEFAULTS, dailyBatchEnabled: false });
    expect(calls).toEqual([
      ['schedule', RMD_BATCH_QUEUE, '30 18 * * 1-5', {}, { tz: 'Europe/Istanbul', retryLimit: 0 }],
      ['unschedule', RMD_BATCH_QUEUE],
    ]);
  });
});

describe('RMD scheduler on a database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const stored = async () =>
    (
      await database.pool.query<{ cron: string; timezone: string }>(
        `SELECT cron, options->>'tz' AS timezone FROM pgboss.schedule WHERE name = $1`,
        [RMD_BATCH_QUEUE],
      )
    ).rows;
  const save = (next: VarSettings) =>
    database.db
      .insert(settings)
      .values({ key: VAR_SETTINGS_KEY, value: next, updatedAt: new Date() })
      .onConflictDoUpdate({ target: settings.key, set: { value: next } });

  it('stores the default 19:00 schedule on start and follows saved settings', async () => {
    const scheduler = await startRmdScheduler(database.db, {
      log: () => undefined,
      syncIntervalMs: 3_600_000,
    });
    try {
      expect(await stored()).toEqual([{ cron: '0 19 * * 1-5', timezone: 'Europe/Istanbul' }]);
      await save({ ...VAR_SETTINGS_DEFAULTS, dailyBatchTime: '20:15' });
      expect(await scheduler.sync()).toBe('15 20 * * 1-5');
      expect(await stored()).toEqual([{ cron: '15 20 * * 1-5', timezone: 'Europe/Istanbul' }]);
      await save({ ...VAR_SETTINGS_DEFAULTS, dailyBatchEnabled: false });
      expect(await scheduler.sync()).toBeNull();
      expect(await stored()).toEqual([]);
    } finally {
      await scheduler.stop();
    }
  });

  it('runs the batch as the system (no user) when the scheduled job arrives', async () => {
    const scheduler = await startRmdScheduler(database.db, {
      log: () => undefined,
      syncIntervalMs: 3_600_000,
      pollingIntervalSeconds: 0.5,
    });
    try {
      // What pg-boss's cron monitor sends at the scheduled time.
      await database.pool.query(`INSERT INTO pgboss.job (name, data) VALUES ($1, '{}'::jsonb)`, [
        RMD_BATCH_QUEUE,
      ]);
      await expect
        .poll(
          async () =>
            database.db.select().from(auditLog).where(eq(auditLog.action, 'rmd-tracking.run-all')),
          { timeout: 10_000, interval: 200 },
        )
        .toHaveLength(1);
      const [entry] = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'rmd-tracking.run-all'));
      expect(entry).toMatchObject({ actorUserId: null, after: { runIds: [] } });
    } finally {
      await scheduler.stop();
    }
  });
});
