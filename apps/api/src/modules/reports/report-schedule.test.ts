import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusinessCalendar, createTurkishCalendar } from '@fonrisk/risk';
import type { Report, ReportSchedule, ReportTemplate } from '@fonrisk/contracts';
import { eq, portfolios, reportSchedules } from '@fonrisk/db';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import {
  REPORT_SCHEDULE_CRON,
  REPORT_SCHEDULE_QUEUE,
  dueSlot,
  istanbulClock,
  previousBusinessDay,
  startReportScheduler,
} from './report-schedule.ts';
import { insertDoneVarRun } from './reports.test-support.ts';
import { startReportWorker } from './report-worker.ts';

const weekdays = createBusinessCalendar();

describe('report schedule timing (Europe/Istanbul, UTC+3)', () => {
  it('reads the Istanbul day and time of an instant', () => {
    expect(istanbulClock(new Date('2027-02-02T21:30:00Z'))).toEqual({
      date: '2027-02-03',
      time: '00:30',
    });
  });

  it('runs daily on business days once the time has come', () => {
    const daily = { frequency: 'daily', weekday: null, businessDay: null, time: '08:00' } as const;
    // Wednesday 3 Feb 2027, 10:30 in Istanbul.
    expect(dueSlot(daily, new Date('2027-02-03T07:30:00Z'), weekdays)?.toISOString()).toBe(
      '2027-02-03T05:00:00.000Z',
    );
    expect(dueSlot(daily, new Date('2027-02-03T04:30:00Z'), weekdays), 'before 08:00').toBeNull();
    expect(dueSlot(daily, new Date('2027-02-06T07:30:00Z'), weekdays), 'Saturday').toBeNull();
  });

  it('runs weekly on its weekday and monthly on the n-th business day', () => {
    const weekly = { frequency: 'weekly', weekday: 3, businessDay: null, time: '09:00' } as const;
    expect(dueSlot(weekly, new Date('2027-02-03T07:30:00Z'), weekdays)).not.toBeNull();
    expect(dueSlot(weekly, new Date('2027-02-04T07:30:00Z'), weekdays)).toBeNull();
    const monthly = {
      frequency: 'monthly-bd-n',
      weekday: null,
      businessDay: 2,
      time: '09:00',
    } as const;
    // February 2027 starts on a Monday: the 2nd business day is Tuesday the 2nd.
    expect(dueSlot(monthly, new Date('2027-02-02T07:30:00Z'), weekdays)).not.toBeNull();
    expect(dueSlot(monthly, new Date('2027-02-03T07:30:00Z'), weekdays)).toBeNull();
    // 29 October (Republic Day) is closed: the business day before Monday 1 Nov 2027 is the 28th.
    const turkish = createTurkishCalendar();
    expect(previousBusinessDay('2027-11-01', turkish)).toBe('2027-10-28');
  });
});

describe('report scheduler', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  }, 120_000);
  afterAll(() => api.close());

  it('queues the due report once per slot, keeps it in my reports and pushes its files to FTP', async () => {
    const runner = (await api.login('hesaplayici')).accessToken;
    await insertDoneVarRun(api.database.db, 'AAK', '2027-02-02');
    const template = await api.call('POST', '/api/report-templates', {
      token: runner,
      body: {
        name: 'Günlük RMD',
        module: 1,
        sections: [{ kind: 'analysis', analysisType: 'var' }],
      },
    });
    const scheduleBody = {
      name: 'Günlük RMD raporu',
      templateId: template.json<ReportTemplate>().id,
      portfolioCodes: ['AAK'],
      frequency: 'daily',
      time: '08:00',
    };
    const unknownFund = await api.call('POST', '/api/report-schedules', {
      token: runner,
      body: { ...scheduleBody, portfolioCodes: ['YOK'] },
    });
    expect(unknownFund.statusCode).toBe(400);
    expect(JSON.stringify(unknownFund.json())).toContain('YOK portföyü bulunamadı');
    // The demo market is not loaded here: the schedule's fund is made known directly.
    await api.database.db
      .insert(portfolios)
      .values({ code: 'AAK', name: 'Örnek Fon', kind: 'fund' });
    const created = await api.call('POST', '/api/report-schedules', {
      token: runner,
      body: scheduleBody,
    });
    expect(created.statusCode, created.body).toBe(200);
    const schedule = created.json<ReportSchedule>();
    await api.database.db
      .update(reportSchedules)
      .set({ createdAt: new Date('2027-01-01T00:00:00Z'), ftpConnectionId: 77 })
      .where(eq(reportSchedules.id, schedule.id));

    const pushed: string[] = [];
    // The worker process's side (decision 0043): report jobs and the scheduler.
    const worker = await startReportWorker(api.database.db, {
      log: () => undefined,
      ftp: null,
      schedules: false,
    });
    const scheduler = await startReportScheduler({
      db: api.database.db,
      ftp: {
        pushFile: (connectionId, source) => {
          pushed.push(`${String(connectionId)}:${source.fileName}`);
          return Promise.resolve({} as never);
        },
      },
      log: () => undefined,
      syncIntervalMs: 3_600_000,
    });
    try {
      // The Istanbul scheduler stores one minute tick while a schedule is enabled.
      const stored = await api.database.pool.query<{ cron: string; tz: string }>(
        `SELECT cron, options->>'tz' AS tz FROM pgboss.schedule WHERE name = $1`,
        [REPORT_SCHEDULE_QUEUE],
      );
      expect(stored.rows).toEqual([{ cron: REPORT_SCHEDULE_CRON, tz: 'Europe/Istanbul' }]);
      await api.database.db
        .update(reportSchedules)
        .set({ enabled: false })
        .where(eq(reportSchedules.id, schedule.id));
      expect(await scheduler.sync(), 'no enabled schedule: no tick').toBe(false);
      await api.database.db
        .update(reportSchedules)
        .set({ enabled: true })
        .where(eq(reportSchedules.id, schedule.id));
      expect(await scheduler.sync()).toBe(true);
      const now = new Date('2027-02-03T07:30:00Z');
      const ids = await scheduler.tick(now);
      expect(ids).toHaveLength(1);
      expect(await scheduler.tick(now), 'the same slot runs once').toEqual([]);
      await worker.jobs.idle();
      const report = (
        await api.call('GET', `/api/reports/${String(ids[0]!)}`, { token: runner })
      ).json<Report>();
      expect(report.status).toBe('done');
      expect(report.scheduleId).toBe(schedule.id);
      expect(report.asOfDate, 'the previous business day').toBe('2027-02-02');
      for (let i = 0; i < 50 && pushed.length < 2; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(pushed).toEqual(report.files.map((f) => `77:${f.fileName}`));
    } finally {
      await scheduler.stop();
      await worker.stop();
    }
  }, 120_000);
});
