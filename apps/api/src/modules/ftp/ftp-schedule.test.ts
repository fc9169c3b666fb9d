import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, auditLog, eq } from '@fonrisk/db';
import type { FtpConnection, FtpConnectionRequest, FtpTransfer } from '@fonrisk/contracts';
import { createTestApi, TEST_SECRETS_KEY, type TestApi } from '../../testing/test-api.ts';
import { createImportsService } from '../data-imports/imports.service.ts';
import { seedMasterData } from '../data-imports/test-support.ts';
import {
  FTP_PULL_TIME_ZONE,
  ftpPullCron,
  ftpPullQueue,
  startFtpScheduler,
  syncFtpSchedules,
  type FtpScheduleBoss,
} from './ftp-schedule.ts';
import { createFtpService } from './ftp.service.ts';
import { createSecretBox } from './ftp-secrets.ts';
import { startSftpServer, type SftpTestServer } from './testing/test-servers.ts';

const USER = 'zamanlayici';
const PASSWORD = 'Zaman-Parola-42';

/** pg-boss's scheduling calls, with the work handlers kept so that a test can fire a tick. */
function fakeBoss() {
  const handlers = new Map<string, () => Promise<unknown>>();
  const schedules = new Map<string, string>();
  const boss: FtpScheduleBoss = {
    createQueue: () => Promise.resolve(),
    schedule: (name, cron) => Promise.resolve(void schedules.set(name, cron)),
    unschedule: (name) => Promise.resolve(void schedules.delete(name)),
    getSchedules: () =>
      Promise.resolve([...schedules].map(([name, cron]) => ({ name, cron }) as never)),
    work: (name, _options, handler) => {
      handlers.set(name, () => Promise.resolve(handler([])));
      return Promise.resolve(name);
    },
    offWork: (name) => Promise.resolve(void handlers.delete(name)),
  };
  return { boss, handlers, schedules };
}

describe('scheduled pulls', () => {
  let api: TestApi;
  let admin: string;
  let sftp: SftpTestServer;
  let connection: FtpConnection;
  const request = (overrides: Partial<FtpConnectionRequest> = {}): FtpConnectionRequest => ({
    name: 'Zamanlanmış SFTP',
    protocol: 'sftp',
    host: '127.0.0.1',
    port: sftp.port,
    username: USER,
    authMethod: 'password',
    password: PASSWORD,
    inboundDir: '/gelen',
    outboundDir: '/giden',
    timeoutSeconds: 5,
    retries: 0,
    scheduleTime: '07:30',
    ...overrides,
  });
  const service = () =>
    createFtpService(api.database.db, {
      secrets: createSecretBox(TEST_SECRETS_KEY),
      imports: createImportsService(api.database.db),
      retryBaseMs: 10,
    });

  beforeAll(async () => {
    api = await createTestApi();
    admin = (await api.login('admin')).accessToken;
    await seedMasterData(api.database.db, 'Z');
    sftp = await startSftpServer({ username: USER, password: PASSWORD });
    await sftp.put('gelen/.keep', '');
    await sftp.put('giden/.keep', '');
    const r = await api.call('POST', '/api/ftp/connections', { token: admin, body: request() });
    expect(r.statusCode, r.body).toBe(200);
    connection = r.json<FtpConnection>();
    const rule = await api.call('POST', '/api/ftp/rules', {
      token: admin,
      body: { connectionId: connection.id, pattern: 'ZFIYAT_{YYYYMMDD}.csv', kind: 'prices' },
    });
    expect(rule.statusCode, rule.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await sftp.close();
    await api.close();
  });

  it('turns HH:MM into a Monday-to-Friday cron', () => {
    expect(ftpPullCron('07:30')).toBe('30 7 * * 1-5');
    expect(ftpPullCron('18:05')).toBe('5 18 * * 1-5');
  });

  it('registers one cron per scheduled connection in Istanbul time and removes it with the schedule', async () => {
    const scheduler = await startFtpScheduler(api.database.db, service(), {
      log: () => undefined,
      syncIntervalMs: 3_600_000,
    });
    try {
      const stored = () =>
        api.database.pool
          .query<{ name: string; cron: string; tz: string }>(
            `SELECT name, cron, options->>'tz' AS tz FROM pgboss.schedule WHERE name LIKE 'ftp-pull-%'`,
          )
          .then((r) => r.rows);
      expect(await stored()).toEqual([
        { name: ftpPullQueue(connection.id), cron: '30 7 * * 1-5', tz: FTP_PULL_TIME_ZONE },
      ]);
      const off = await api.call('PUT', `/api/ftp/connections/${connection.id}`, {
        token: admin,
        body: { ...request(), password: undefined, scheduleTime: null },
      });
      expect(off.statusCode, off.body).toBe(200);
      await scheduler.sync();
      expect(await stored()).toEqual([]);
      await api.call('PUT', `/api/ftp/connections/${connection.id}`, {
        token: admin,
        body: { ...request(), password: undefined },
      });
    } finally {
      await scheduler.stop();
    }
  });

  it('a failed scheduled pull shows on the connection and in the audit log; a later success clears it', async () => {
    const { boss, handlers } = fakeBoss();
    const ftp = service();
    const logged: string[] = [];
    await syncFtpSchedules(boss, ftp, new Set(), { log: (m) => logged.push(m) });
    const tick = handlers.get(ftpPullQueue(connection.id))!;
    expect(tick).toBeDefined();

    await sftp.put('gelen/ZFIYAT_20260112.csv', 'Sembol;Tarih;Fiyat\nBILINMEYEN;12.01.2026;5\n');
    await tick();
    const shown = await api.call('GET', `/api/ftp/connections/${connection.id}`, { token: admin });
    const failure = shown.json<FtpConnection>().lastScheduledFailure;
    // A scheduled pull never creates a series unasked: the file is refused with the list.
    expect(failure?.message).toContain('ZFIYAT_20260112.csv: Onay gerekiyor');
    expect(failure?.message).toContain('BILINMEYEN');
    const audits = await api.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'ftp.pull.failed'), eq(auditLog.entityId, String(connection.id))),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorUserId).toBeNull();
    expect(JSON.stringify(audits[0]!.after)).toContain('ZFIYAT_20260112.csv');
    const log = await api.call('GET', `/api/ftp/transfers?connectionId=${connection.id}`, {
      token: admin,
    });
    expect(log.json<FtpTransfer[]>()[0]).toMatchObject({
      trigger: 'schedule',
      actorName: 'Zamanlayıcı',
      result: 'rejected',
    });
    expect(logged.join('\n')).toContain('1 dosya reddedildi');

    await sftp.remove('gelen/ZFIYAT_20260112.csv');
    await sftp.put('gelen/ZFIYAT_20260113.csv', 'Sembol;Tarih;Fiyat\nZHIS1;13.01.2026;5\n');
    await tick();
    const cleared = await api.call('GET', `/api/ftp/connections/${connection.id}`, {
      token: admin,
    });
    expect(cleared.json<FtpConnection>().lastScheduledFailure).toBeNull();
  });
});
