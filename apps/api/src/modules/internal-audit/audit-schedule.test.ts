import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTERNAL_AUDIT_SETTINGS_DEFAULTS,
  INTERNAL_AUDIT_SETTINGS_KEY,
  type InternalAuditSettings,
} from '@fonrisk/contracts';
import { settings } from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { AUDIT_BATCH_QUEUE, auditCron, startAuditScheduler } from './audit-schedule.ts';

describe('daily internal audit schedule', () => {
  it('turns the settings time into a Monday-to-Friday cron, none when disabled', () => {
    expect(auditCron(INTERNAL_AUDIT_SETTINGS_DEFAULTS)).toBe('30 19 * * 1-5');
    expect(auditCron({ dailyAuditEnabled: false, dailyAuditTime: '19:30' })).toBeNull();
  });
});

describe('internal audit scheduler on a database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const stored = async () =>
    (
      await database.pool.query<{ cron: string; timezone: string }>(
        `SELECT cron, options->>'tz' AS timezone FROM pgboss.schedule WHERE name = $1`,
        [AUDIT_BATCH_QUEUE],
      )
    ).rows;
  const save = (next: InternalAuditSettings) =>
    database.db
      .insert(settings)
      .values({ key: INTERNAL_AUDIT_SETTINGS_KEY, value: next, updatedAt: new Date() })
      .onConflictDoUpdate({ target: settings.key, set: { value: next } });

  it('follows the saved settings and queues the audit when the scheduled job arrives', async () => {
    const lines: string[] = [];
    const scheduler = await startAuditScheduler(database.db, {
      log: (message) => lines.push(message),
      syncIntervalMs: 3_600_000,
      pollingIntervalSeconds: 0.5,
    });
    try {
      expect(await stored()).toEqual([{ cron: '30 19 * * 1-5', timezone: 'Europe/Istanbul' }]);
      // What pg-boss's cron monitor sends at the scheduled time; no fund has holdings here.
      await database.pool.query(`INSERT INTO pgboss.job (name, data) VALUES ($1, '{}'::jsonb)`, [
        AUDIT_BATCH_QUEUE,
      ]);
      await expect
        .poll(() => lines, { timeout: 10_000, interval: 200 })
        .toContain('Günlük iç denetim kuyruğa alındı: fon yok');
      await save({ ...INTERNAL_AUDIT_SETTINGS_DEFAULTS, dailyAuditTime: '08:05' });
      expect(await scheduler.sync()).toBe('5 8 * * 1-5');
      await save({ ...INTERNAL_AUDIT_SETTINGS_DEFAULTS, dailyAuditEnabled: false });
      expect(await scheduler.sync()).toBeNull();
      expect(await stored()).toEqual([]);
    } finally {
      await scheduler.stop();
    }
  });
});
