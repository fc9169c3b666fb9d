import { Readable } from 'node:stream';
import type { ReportScheduleValues } from '@fonrisk/contracts';
import { and, eq, isNull, lt, or, reportSchedules, type Database } from '@fonrisk/db';
import { formatIsoDate, isoWeekday, parseIsoDate, type BusinessCalendar } from '@fonrisk/risk';
import {
  ISTANBUL_TIME_ZONE,
  startIstanbulScheduler,
  syncIstanbulJobs,
  type IstanbulScheduler,
} from '../../jobs/istanbul-schedule.ts';
import { loadCalendar } from '../calendar/calendar.repository.ts';
import type { FtpService } from '../ftp/ftp.service.ts';
import { readReportFile } from './report-files.ts';
import { insertReport } from './reports.service.ts';
import { findReportRow } from './reports.repository.ts';

/** Istanbul has been UTC+3 all year since 2016: a local HH:MM slot is that instant. */
const ISTANBUL_OFFSET = '+03:00';

/** The Istanbul calendar date and HH:MM of an instant. */
export function istanbulClock(now: Date): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ISTANBUL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
  };
}

/** The n-th business day of the month of `date` (1-based), or null when the month has fewer. */
function nthBusinessDay(date: string, n: number, calendar: BusinessCalendar): string | null {
  let day = parseIsoDate(`${date.slice(0, 8)}01`);
  let seen = 0;
  while (formatIsoDate(day).slice(0, 7) === date.slice(0, 7)) {
    if (calendar.isBusinessDay(day)) {
      seen += 1;
      if (seen === n) return formatIsoDate(day);
    }
    day += 1;
  }
  return null;
}

/** The business day before `date` (the report date of a scheduled report). */
export function previousBusinessDay(date: string, calendar: BusinessCalendar): string {
  let day = parseIsoDate(date) - 1;
  while (!calendar.isBusinessDay(day)) day -= 1;
  return formatIsoDate(day);
}

type ScheduleTiming = Pick<ReportScheduleValues, 'frequency' | 'weekday' | 'businessDay' | 'time'>;

/**
 * The slot (instant) a schedule is due at on the Istanbul day of `now`, or null when it does not
 * run that day or its time has not come: daily on every business day, weekly on its weekday when
 * that is a business day, monthly on the n-th business day of the month.
 */
export function dueSlot(
  schedule: ScheduleTiming,
  now: Date,
  calendar: BusinessCalendar,
): Date | null {
  const { date, time } = istanbulClock(now);
  const day = parseIsoDate(date);
  if (!calendar.isBusinessDay(day) || time < schedule.time) return null;
  if (schedule.frequency === 'weekly' && isoWeekday(day) !== schedule.weekday) return null;
  if (
    schedule.frequency === 'monthly-bd-n' &&
    nthBusinessDay(date, schedule.businessDay ?? 1, calendar) !== date
  )
    return null;
  return new Date(`${date}T${schedule.time}:00${ISTANBUL_OFFSET}`);
}

/**
 * The pg-boss queue (and cron) of the report schedules: a tick every minute in Istanbul time
 * (schedules are HH:MM; "the n-th business day" is no cron, the tick decides with the calendar).
 * It exists only while at least one schedule is enabled.
 */
export const REPORT_SCHEDULE_QUEUE = 'report-schedules';
export const REPORT_SCHEDULE_CRON = '* * * * *';

export interface ReportScheduler extends IstanbulScheduler<boolean> {
  /** Runs the due schedules now (also at each cron tick); returns the report ids created. */
  tick(now?: Date): Promise<number[]>;
}

export interface ReportSchedulerDeps {
  readonly db: Database;
  readonly ftp?: Pick<FtpService, 'pushFile'>;
  readonly log: (message: string, error?: unknown) => void;
  /** How often the schedules are looked at to start or stop the cron (60 s). */
  readonly syncIntervalMs?: number;
  /** How often this process asks pg-boss for a due tick (10 s). */
  readonly pollingIntervalSeconds?: number;
  /** How long a delivery waits for its report (30 min). */
  readonly deliveryWaitMs?: number;
}

/**
 * Scheduled reports in the worker process (decision 0043), on the Istanbul scheduler
 * (jobs/istanbul-schedule.ts): pg-boss sends one tick a minute to one worker; the tick claims the
 * schedules whose Istanbul slot has come (a conditional update of last_run_at, so two processes
 * never both run a slot), queues their report as the schedule's owner (the insert wakes the
 * report jobs of every worker) and, when an FTP connection is named, pushes the PDF and the
 * workbook to its outbound folder once the report is done (the transfer log shows it).
 */
export async function startReportScheduler(deps: ReportSchedulerDeps): Promise<ReportScheduler> {
  const { db } = deps;
  async function tick(now = new Date()): Promise<number[]> {
    const calendar = await loadCalendar(db);
    const schedules = await db
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.enabled, true));
    const created: number[] = [];
    for (const s of schedules) {
      const slot = dueSlot(s as typeof s & ScheduleTiming, now, calendar);
      if (!slot || s.createdAt >= slot) continue;
      const [claimed] = await db
        .update(reportSchedules)
        .set({ lastRunAt: now, lastError: null })
        .where(
          and(
            eq(reportSchedules.id, s.id),
            or(isNull(reportSchedules.lastRunAt), lt(reportSchedules.lastRunAt, slot)),
          ),
        )
        .returning();
      if (!claimed) continue;
      try {
        const asOfDate = previousBusinessDay(istanbulClock(now).date, calendar);
        const id = await db.transaction(async (tx) => {
          const reportId = await insertReport(
            tx,
            { userId: s.ownerId, fullName: s.ownerName },
            {
              templateId: s.templateId,
              portfolioCodes: s.portfolioCodes,
              asOfDate,
              title: `${s.name} — ${asOfDate.split('-').reverse().join('.')}`,
            },
            { scheduleId: s.id, demo: s.demo },
          );
          await tx
            .update(reportSchedules)
            .set({ lastReportId: reportId })
            .where(eq(reportSchedules.id, s.id));
          return reportId;
        });
        created.push(id);
        if (s.ftpConnectionId !== null && deps.ftp) void deliver(s.id, s.ftpConnectionId, id);
      } catch (error) {
        deps.log(`scheduled report ${String(s.id)} failed`, error);
        await db
          .update(reportSchedules)
          .set({ lastError: error instanceof Error ? error.message : String(error) })
          .where(eq(reportSchedules.id, s.id));
      }
    }
    return created;
  }

  /** Waits for the report, then pushes its files; failures are kept on the schedule. */
  async function deliver(
    scheduleId: number,
    connectionId: number,
    reportId: number,
  ): Promise<void> {
    const deadline = Date.now() + (deps.deliveryWaitMs ?? 30 * 60_000);
    try {
      for (;;) {
        const row = await findReportRow(db, reportId);
        if (!row || row.status === 'failed') {
          throw new Error(
            `Rapor oluşturulamadığı için FTP’ye gönderilmedi: ${row?.error ?? 'rapor silindi'}`,
          );
        }
        if (row.status === 'done') {
          for (const file of row.files as { fileName: string }[]) {
            const data = await readReportFile(db, reportId, file.fileName);
            if (!data) throw new Error(`Rapor dosyası bulunamadı: ${file.fileName}`);
            await deps.ftp!.pushFile(
              connectionId,
              { fileName: file.fileName, open: () => Readable.from(data) },
              { kind: 'schedule' },
            );
          }
          return;
        }
        if (Date.now() > deadline)
          throw new Error('Rapor zamanında hazır olmadı; FTP’ye gönderilmedi.');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    } catch (error) {
      deps.log(`scheduled report ${String(scheduleId)} delivery failed`, error);
      await db
        .update(reportSchedules)
        .set({ lastError: error instanceof Error ? error.message : String(error) })
        .where(eq(reportSchedules.id, scheduleId));
    }
  }

  const scheduler = await startIstanbulScheduler(
    db,
    { name: 'report schedule', ...deps },
    (boss) => {
      const working = new Set<string>();
      const run = async () => {
        await tick();
      };
      return Promise.resolve({
        async sync() {
          const [enabled] = await db
            .select({ id: reportSchedules.id })
            .from(reportSchedules)
            .where(eq(reportSchedules.enabled, true))
            .limit(1);
          const cron = enabled ? REPORT_SCHEDULE_CRON : null;
          await syncIstanbulJobs(
            boss,
            [{ name: REPORT_SCHEDULE_QUEUE, cron, run }],
            (name) => name === REPORT_SCHEDULE_QUEUE,
            working,
            deps,
          );
          return cron !== null;
        },
      });
    },
  );
  return { ...scheduler, tick };
}
