import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, eq, ftpTransfers, marketValues, sql } from '@fonrisk/db';
import type {
  FtpConnection,
  FtpConnectionRequest,
  FtpFileRule,
  FtpPullResponse,
  FtpTestResult,
  FtpTransfer,
  Problem,
} from '@fonrisk/contracts';
import { createTestApi, TEST_SECRETS_KEY, type TestApi } from '../../testing/test-api.ts';
import { createImportsService } from '../data-imports/imports.service.ts';
import { multipart, seedMasterData } from '../data-imports/test-support.ts';
import { startFtpScheduler, type FtpScheduler } from './ftp-schedule.ts';
import { createFtpService } from './ftp.service.ts';
import { createSecretBox } from './ftp-secrets.ts';
import {
  generateCertificate,
  generateHostKey,
  startFtpServer,
  startSftpServer,
  startSilentServer,
  type SftpTestServer,
  type TestCertificate,
  type TestServer,
} from './testing/test-servers.ts';

const P = 'F';
const USER = 'saklayici';
const PASSWORD = 'Gizli-Parola-9f3k!x';
const PASSPHRASE = 'anahtar-parolasi-77Qz';

/** Everything the server logged, to check that no secret is ever written. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logLines.push(chunk.toString());
    callback();
  },
});

const prices = (rows: [string, string, string][]) =>
  ['Sembol;Tarih;Fiyat', ...rows.map((r) => r.join(';'))].join('\n') + '\n';

describe('ftp connections, pulls and pushes against real servers', () => {
  let api: TestApi;
  let admin: string;
  let runner: string;
  let observer: string;
  let sftp: SftpTestServer;
  let ftps: TestServer;
  let certificate: TestCertificate;
  /** The worker side of pulls (decision 0021): the API only enqueues "Şimdi çek". */
  let pullWorker: FtpScheduler;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    token = admin,
  ) => api.call(method, url, { token, body });
  const create = async (request: FtpConnectionRequest) => {
    const r = await call('POST', '/api/ftp/connections', request);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<FtpConnection>();
  };
  const sftpConnection = (overrides: Partial<FtpConnectionRequest> = {}): FtpConnectionRequest => ({
    name: `SFTP ${Math.random().toString(36).slice(2, 8)}`,
    protocol: 'sftp',
    host: '127.0.0.1',
    port: sftp.port,
    username: USER,
    authMethod: 'password',
    password: PASSWORD,
    inboundDir: '/gelen',
    outboundDir: '/giden',
    timeoutSeconds: 5,
    retries: 2,
    ...overrides,
  });
  const addRule = async (connectionId: number, pattern: string, kind = 'prices') => {
    const r = await call('POST', '/api/ftp/rules', {
      connectionId,
      pattern,
      kind,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<FtpFileRule>();
  };
  const pull = async (id: number, token = runner) => {
    const r = await call('POST', `/api/ftp/connections/${id}/pull`, undefined, token);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<FtpPullResponse>();
  };
  const test = async (id: number) => {
    const r = await call('POST', `/api/ftp/connections/${id}/test`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<FtpTestResult>();
  };
  const priceCount = async (ticker: string) =>
    (
      await api.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(marketValues)
        .where(eq(marketValues.ticker, ticker))
    )[0]!.n;

  beforeAll(async () => {
    api = await createTestApi({
      ftpRetryBaseMs: 50,
      logger: { level: 'trace', stream: logStream },
    });
    admin = (await api.login('admin')).accessToken;
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    const db = api.database.db;
    const workerLog = (message: string, error?: unknown) =>
      logLines.push(`${message} ${error instanceof Error ? error.message : JSON.stringify(error)}`);
    pullWorker = await startFtpScheduler(
      db,
      createFtpService(db, {
        secrets: createSecretBox(TEST_SECRETS_KEY),
        imports: createImportsService(db),
        retryBaseMs: 50,
        log: workerLog,
      }),
      { log: workerLog, onDemandPollingSeconds: 0.5 },
    );
    await seedMasterData(api.database.db, P);
    sftp = await startSftpServer({ username: USER, password: PASSWORD });
    await sftp.put('gelen/.keep', '');
    await sftp.put('giden/.keep', '');
    certificate = await generateCertificate();
    ftps = await startFtpServer({ username: USER, password: PASSWORD, certificate });
    await ftps.put('gelen/.keep', '');
    await ftps.put('giden/.keep', '');
  }, 60_000);
  afterAll(async () => {
    await pullWorker.stop();
    await sftp.close();
    await ftps.close();
    await api.close();
  });

  it('stores secrets encrypted, answers only set / not set, and lets only admins manage connections', async () => {
    const created = await create(
      sftpConnection({ name: 'Saklayıcı SFTP', privateKey: null, passphrase: PASSPHRASE }),
    );
    expect(created).toMatchObject({
      name: 'Saklayıcı SFTP',
      passwordSet: true,
      privateKeySet: false,
      passphraseSet: true,
      hostKeyFingerprint: null,
    });
    const listed = await call('GET', '/api/ftp/connections', undefined, observer);
    expect(listed.statusCode).toBe(200);
    for (const body of [JSON.stringify(created), listed.body]) {
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toContain(PASSPHRASE);
      expect(body).not.toMatch(/"password":|"passphrase":|"privateKey":|_enc|Enc"/);
    }
    const stored = await api.database.pool.query<{ row: string }>(
      `SELECT t::text AS row FROM ftp_connections t WHERE id = $1`,
      [created.id],
    );
    expect(stored.rows[0]!.row).not.toContain(PASSWORD);
    expect(stored.rows[0]!.row).not.toContain(PASSPHRASE);
    expect(stored.rows[0]!.row).toMatch(/v1:/);

    // An update without secrets keeps them; null clears one.
    const kept = await call('PUT', `/api/ftp/connections/${created.id}`, {
      ...sftpConnection({ name: 'Saklayıcı SFTP' }),
      password: undefined,
      passphrase: null,
    });
    expect(kept.json<FtpConnection>()).toMatchObject({ passwordSet: true, passphraseSet: false });

    const forbidden = await call('POST', '/api/ftp/connections', sftpConnection(), runner);
    expect(forbidden.statusCode).toBe(403);
    const noPassword = await call('POST', '/api/ftp/connections', {
      ...sftpConnection(),
      password: undefined,
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json<Problem>().errors).toEqual([
      expect.objectContaining({ field: 'password', message: 'parola gerekli' }),
    ]);
    const keyOnFtp = await call('POST', '/api/ftp/connections', {
      ...sftpConnection({ protocol: 'ftp', authMethod: 'privateKey', privateKey: 'x' }),
    });
    expect(keyOnFtp.statusCode).toBe(400);
    expect(JSON.stringify(keyOnFtp.json<Problem>().errors)).toContain('yalnız SFTP');

    const audit = await api.database.pool.query<{ row: string }>(
      `SELECT t::text AS row FROM audit_log t WHERE entity = 'ftp-connection'`,
    );
    expect(audit.rows.length).toBeGreaterThan(0);
    for (const r of audit.rows) {
      expect(r.row).not.toContain(PASSWORD);
      expect(r.row).not.toContain(PASSPHRASE);
    }
  });

  it('tests an SFTP connection, pins the host key on first use and refuses a changed key', async () => {
    const connection = await create(sftpConnection());
    const first = await test(connection.id);
    expect(first).toMatchObject({ ok: true, reason: null, hostKeyPinned: true });
    expect(first.hostKeyFingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(first.steps.map((s) => s.ok)).toEqual([true, true, true]);
    const shown = (
      await call('GET', `/api/ftp/connections/${connection.id}`)
    ).json<FtpConnection>();
    expect(shown.hostKeyFingerprint).toBe(first.hostKeyFingerprint);
    expect((await test(connection.id)).hostKeyPinned).toBe(false);

    // The same address now answers with another host key.
    const impostor = await startSftpServer({
      username: USER,
      password: PASSWORD,
      hostKey: generateHostKey(),
      root: sftp.root,
    });
    try {
      const moved = await call('PUT', `/api/ftp/connections/${connection.id}`, {
        ...sftpConnection({ name: connection.name, port: impostor.port }),
      });
      // A new address pins again; put the old fingerprint back to simulate the same address.
      expect(moved.json<FtpConnection>().hostKeyFingerprint).toBeNull();
      await api.database.pool.query(
        `UPDATE ftp_connections SET host_key_fingerprint = $1 WHERE id = $2`,
        [first.hostKeyFingerprint, connection.id],
      );
      const changed = await test(connection.id);
      expect(changed.ok).toBe(false);
      expect(changed.reason).toBe('hostKeyChanged');
      expect(changed.message).toContain('anahtar parmak izi değişti');
      expect(changed.message).toContain(first.hostKeyFingerprint!);
      // A pull refuses the server too, and imports nothing.
      await addRule(connection.id, 'ANAHTAR_{YYYYMMDD}.csv');
      await impostor.put('gelen/ANAHTAR_20260105.csv', prices([[`${P}HIS1`, '05.01.2026', '1']]));
      const refused = await pull(connection.id);
      expect(refused.transfers).toEqual([
        expect.objectContaining({
          result: 'failed',
          message: expect.stringContaining('değişti') as string,
        }),
      ]);
      expect(refused.transfers[0]!.attempts).toBe(1);
      // After an admin resets the pin, the next test pins the new key.
      const reset = await call('POST', `/api/ftp/connections/${connection.id}/host-key/reset`);
      expect(reset.json<FtpConnection>().hostKeyFingerprint).toBeNull();
      const again = await test(connection.id);
      expect(again).toMatchObject({ ok: true, hostKeyPinned: true });
      expect(again.hostKeyFingerprint).not.toBe(first.hostKeyFingerprint);
    } finally {
      await impostor.close();
    }
  });

  it('answers in Turkish what failed: login, folder missing, no permission, refused, DNS, timeout', async () => {
    const wrong = await create(sftpConnection({ password: 'yanlis-parola' }));
    expect(await test(wrong.id)).toMatchObject({
      ok: false,
      reason: 'login',
      message: expect.stringContaining('Oturum açılamadı') as string,
    });

    const missing = await create(sftpConnection({ inboundDir: '/yok' }));
    const missingResult = await test(missing.id);
    expect(missingResult).toMatchObject({ ok: false, reason: 'folderMissing' });
    expect(missingResult.message).toContain("'/yok'");
    expect(missingResult.steps.map((s) => s.ok)).toEqual([true, false]);

    sftp.faults.denied.add('/giden');
    try {
      const denied = await create(sftpConnection());
      expect(await test(denied.id)).toMatchObject({
        ok: false,
        reason: 'noPermission',
        message: expect.stringContaining('Yetki yok') as string,
      });
    } finally {
      sftp.faults.denied.delete('/giden');
    }

    const silent = await startSilentServer();
    const closed = await startSilentServer();
    const closedPort = closed.port;
    await closed.close();
    try {
      const refused = await create(sftpConnection({ port: closedPort }));
      expect(await test(refused.id)).toMatchObject({
        ok: false,
        reason: 'refused',
        message: expect.stringContaining('reddetti') as string,
      });
      const dns = await create(sftpConnection({ host: 'fonrisk-yok.invalid' }));
      expect(await test(dns.id)).toMatchObject({
        ok: false,
        reason: 'dns',
        message: expect.stringContaining('DNS') as string,
      });
      const slow = await create(
        sftpConnection({ port: silent.port, timeoutSeconds: 1, protocol: 'ftp' }),
      );
      expect(await test(slow.id)).toMatchObject({
        ok: false,
        reason: 'timeout',
        message: expect.stringContaining('zamanında yanıt vermedi') as string,
      });
    } finally {
      await silent.close();
    }
  });

  it('FTPS: refuses an untrusted certificate, works once the certificate is given, and reports a wrong password', async () => {
    const base = {
      name: 'Fon Yöneticisi FTPS',
      protocol: 'ftps-explicit' as const,
      host: '127.0.0.1',
      port: ftps.port,
      username: USER,
      authMethod: 'password' as const,
      password: PASSWORD,
      inboundDir: '/gelen',
      outboundDir: '/giden',
      timeoutSeconds: 5,
      retries: 0,
    };
    const untrusted = await create(base);
    const refused = await test(untrusted.id);
    expect(refused).toMatchObject({ ok: false, reason: 'tlsCertificate' });
    expect(refused.message).toContain('TLS sertifikası doğrulanamadı');

    const trusted = await call('PUT', `/api/ftp/connections/${untrusted.id}`, {
      ...base,
      password: undefined,
      tlsCaCertificate: certificate.cert,
    });
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect(await test(untrusted.id)).toMatchObject({ ok: true, hostKeyFingerprint: null });

    const wrong = await create({
      ...base,
      name: 'FTPS yanlış parola',
      password: 'yanlis',
      tlsCaCertificate: certificate.cert,
    });
    expect(await test(wrong.id)).toMatchObject({ ok: false, reason: 'login' });
  });

  it('pulls over FTPS into the prices import, skips the same file again and moves it to processed', async () => {
    const connection = await create({
      name: 'FTPS fiyat',
      protocol: 'ftps-explicit',
      host: '127.0.0.1',
      port: ftps.port,
      username: USER,
      authMethod: 'password',
      password: PASSWORD,
      tlsCaCertificate: certificate.cert,
      inboundDir: '/gelen',
      outboundDir: '/giden',
      processedDir: 'islenen',
      timeoutSeconds: 5,
      retries: 1,
    });
    await addRule(connection.id, 'FIYAT_{YYYYMMDD}.csv');
    const content = prices([
      [`${P}HIS1`, '05.01.2026', '10,5'],
      [`${P}HIS1`, '06.01.2026', '11,25'],
    ]);
    await ftps.put('gelen/FIYAT_20260106.csv', content);
    await ftps.put('gelen/BASKA_DOSYA.csv', 'kurala uymayan');
    const result = await pull(connection.id);
    expect(result.transfers).toEqual([
      expect.objectContaining({
        fileName: 'FIYAT_20260106.csv',
        fileDate: '2026-01-06',
        kind: 'prices',
        result: 'imported',
        rowsImported: 2,
        size: Buffer.byteLength(content),
        trigger: 'user',
        actorName: 'Elif Kaya',
      }),
    ]);
    expect(result.transfers[0]!.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(result.message).toBe('1 dosya yüklendi.');
    expect(await priceCount(`${P}HIS1`)).toBe(2);
    expect(await ftps.exists('gelen/FIYAT_20260106.csv')).toBe(false);
    expect(await ftps.exists('gelen/islenen/FIYAT_20260106.csv')).toBe(true);
    expect(await ftps.exists('gelen/BASKA_DOSYA.csv')).toBe(true);

    // The custodian sends the same file again: skipped, nothing written twice.
    await ftps.put('gelen/FIYAT_20260106.csv', content);
    const again = await pull(connection.id);
    expect(again.transfers).toEqual([
      expect.objectContaining({
        result: 'skipped',
        message: expect.stringContaining('daha önce') as string,
      }),
    ]);
    const importAudits = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, 'FIYAT_20260106.csv'));
    expect(importAudits).toHaveLength(1);
  });

  it('rejects a bad file whole with the upload screen’s Turkish row errors and keeps it for download', async () => {
    const connection = await create(sftpConnection({ name: 'SFTP hatalı dosya' }));
    await addRule(connection.id, 'HATALI_{YYYYMMDD}.csv');
    const before = await priceCount(`${P}HIS2`);
    const bad = prices([
      [`${P}HIS2`, '05.01.2026', '10'],
      [`${P}HIS2`, '31.02.2026', '11'],
      ['BILINMEYEN', '06.01.2026', '12'],
    ]);
    await sftp.put('gelen/HATALI_20260107.csv', bad);
    const result = await pull(connection.id);
    const [transfer] = result.transfers;
    expect(transfer).toMatchObject({
      result: 'rejected',
      fileKept: true,
      message: 'Dosya reddedildi: 1 satırda hata var. Hiçbir kayıt yazılmadı.',
    });
    // An unknown ticker is no row error since issue 10 (it waits for a person's confirmation);
    // the impossible date is, and it rejects the whole file.
    expect(transfer!.errors).toEqual([
      expect.objectContaining({ row: 3, field: 'Tarih', value: '31.02.2026' }),
    ]);
    expect(await priceCount(`${P}HIS2`), 'the good first row was not written either').toBe(before);
    const kept = await api.call('GET', `/api/ftp/transfers/${transfer!.id}/file`, {
      token: observer,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toBe(bad);
    expect(await sftp.exists('gelen/HATALI_20260107.csv'), 'a rejected file stays in place').toBe(
      true,
    );

    const log = await call(
      'GET',
      `/api/ftp/transfers?connectionId=${connection.id}`,
      undefined,
      observer,
    );
    expect(log.json<FtpTransfer[]>()).toEqual([
      expect.objectContaining({ id: transfer!.id, result: 'rejected' }),
    ]);
  });

  it('a server vanishing mid-transfer imports nothing and is retried with backoff', async () => {
    const connection = await create(sftpConnection({ name: 'SFTP kopan', retries: 2 }));
    await addRule(connection.id, 'KOPAN_{YYYYMMDD}.csv');
    const rows: [string, string, string][] = [];
    for (let day = 0; day < 3000; day++) {
      const date = new Date(Date.UTC(2000, 0, 1 + day));
      rows.push([`${P}HIS2`, date.toISOString().slice(0, 10), String(100 + day)]);
    }
    const content = prices(rows);
    await sftp.put('gelen/KOPAN_20260108.csv', content);
    const before = await priceCount(`${P}HIS2`);

    // Cut once: the second attempt gets the whole file, which is imported once.
    sftp.faults.vanish = { afterBytes: 32 * 1024, times: 1 };
    const recovered = await pull(connection.id);
    expect(recovered.transfers).toEqual([
      expect.objectContaining({ result: 'imported', attempts: 2, rowsImported: 3000 }),
    ]);
    expect(await priceCount(`${P}HIS2`)).toBe(before + 3000);

    // Cut on every attempt: after 1 + 2 retries the transfer fails and nothing is imported.
    await sftp.remove('gelen/KOPAN_20260108.csv');
    await sftp.put(
      'gelen/KOPAN_20260109.csv',
      prices([[`${P}HIS1`, '09.01.2026', '9']]) + '#'.repeat(200_000),
    );
    sftp.faults.vanish = { afterBytes: 32 * 1024, times: 3 };
    const before2 = await priceCount(`${P}HIS1`);
    const failed = await pull(connection.id);
    sftp.faults.vanish = null;
    const last = failed.transfers.find((t) => t.fileName === 'KOPAN_20260109.csv');
    expect(last).toMatchObject({ result: 'failed', attempts: 3 });
    expect(last!.message).toMatch(/İndirilemedi; hiçbir kayıt yazılmadı/);
    expect(await priceCount(`${P}HIS1`)).toBe(before2);
  });

  it('pushes a file from the browser to the outbound folder and logs it', async () => {
    const connection = await create(sftpConnection({ name: 'SFTP rapor' }));
    const report = Buffer.from('%PDF-1.4 rapor içeriği '.repeat(1000));
    const body = multipart(report, 'RMD_Raporu_2026-01-09.pdf');
    const response = await api.app.inject({
      method: 'POST',
      url: `/api/ftp/connections/${connection.id}/upload`,
      headers: { ...api.headers(runner), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<FtpTransfer>()).toMatchObject({
      direction: 'push',
      result: 'pushed',
      fileName: 'RMD_Raporu_2026-01-09.pdf',
      remotePath: '/giden/RMD_Raporu_2026-01-09.pdf',
      size: report.length,
    });
    expect(await sftp.read('giden/RMD_Raporu_2026-01-09.pdf')).toEqual(report);
    const observerPush = await api.app.inject({
      method: 'POST',
      url: `/api/ftp/connections/${connection.id}/upload`,
      headers: { ...api.headers(observer), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(observerPush.statusCode).toBe(403);
  });

  it('keeps every transfer in its folder on the FTP and SFTP servers (issue 21)', async () => {
    const ftpsConnection = (overrides: Partial<FtpConnectionRequest>): FtpConnectionRequest => ({
      ...sftpConnection(),
      name: `FTPS ${Math.random().toString(36).slice(2, 8)}`,
      protocol: 'ftps-explicit',
      port: ftps.port,
      tlsCaCertificate: certificate.cert,
      ...overrides,
    });
    const upload = (id: number, name: string) => {
      const body = multipart(Buffer.from('gezinme denemesi'), name);
      return api.app.inject({
        method: 'POST',
        url: `/api/ftp/connections/${id}/upload`,
        headers: { ...api.headers(runner), 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    for (const [server, request] of [
      [sftp, sftpConnection],
      [ftps, ftpsConnection],
    ] as const) {
      // Refused on save, naming the field; nothing is stored.
      for (const [folder, reason] of [
        ['../../etc', '".." (üst klasör) içeremez'],
        ['/giden/../../../etc', '".." (üst klasör) içeremez'],
        ['..\\..\\etc', 'ters eğik çizgi'],
        ['/giden/\u0000etc', 'NUL'],
        ['/giden/\u001b[2Jx', 'denetim karakteri'],
      ] as [string, string][]) {
        const refused = await call(
          'POST',
          '/api/ftp/connections',
          request({ outboundDir: folder }),
        );
        expect(refused.statusCode, folder).toBe(400);
        expect(refused.json<Problem>().errors, folder).toEqual([
          expect.objectContaining({
            field: 'outboundDir',
            message: expect.stringContaining(reason) as string,
          }),
        ]);
      }
      // Saved and shown normalised; an upload lands in that folder, whatever its name says.
      await server.put('giden/kutu/.keep', '');
      const connection = await create(request({ outboundDir: ' /giden//./kutu/ ' }));
      expect(connection.outboundDir).toBe('/giden/kutu');
      const sent = await upload(connection.id, '../../gezinme.txt');
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json<FtpTransfer>().remotePath).toBe('/giden/kutu/gezinme.txt');
      expect(await server.exists('giden/kutu/gezinme.txt')).toBe(true);
      // A row saved before these checks (or by hand) is refused before any connection.
      await api.database.pool.query(
        `UPDATE ftp_connections SET outbound_dir = '/giden/kutu/../../disari',
           inbound_dir = '../../etc' WHERE id = $1`,
        [connection.id],
      );
      await server.put('disari/.keep', '');
      const escaped = await upload(connection.id, 'gezinme2.txt');
      expect(escaped.statusCode).toBe(400);
      expect(escaped.json<Problem>().detail).toBe(
        'Gelen dosyalar klasörü \'../../etc\' kullanılamaz: ".." (üst klasör) içeremez; yol yapılandırılan klasörün dışına çıkamaz. Hiçbir dosya aktarılmadı.',
      );
      const pulled = await call(
        'POST',
        `/api/ftp/connections/${connection.id}/pull`,
        undefined,
        runner,
      );
      expect(pulled.statusCode).toBe(400);
      expect((await call('POST', `/api/ftp/connections/${connection.id}/test`)).statusCode).toBe(
        400,
      );
      await api.database.pool.query(
        `UPDATE ftp_connections SET inbound_dir = '/gelen' WHERE id = $1`,
        [connection.id],
      );
      const outbound = await upload(connection.id, 'gezinme2.txt');
      expect(outbound.statusCode).toBe(400);
      expect(outbound.json<Problem>().errors).toEqual([
        expect.objectContaining({ field: 'outboundDir' }),
      ]);
      for (const path of [
        'disari/gezinme2.txt',
        'giden/gezinme2.txt',
        'gezinme.txt',
        'gezinme2.txt',
      ])
        expect(await server.exists(path), path).toBe(false);
    }
  });

  it('never writes a secret to the log', async () => {
    expect(logLines.length).toBeGreaterThan(10);
    const all = logLines.join('\n');
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(PASSPHRASE);
    const transfers = await api.database.pool.query<{ row: string }>(
      `SELECT t::text AS row FROM ftp_transfers t`,
    );
    expect(transfers.rows.map((r) => r.row).join('\n')).not.toContain(PASSWORD);
    expect(await api.database.db.select().from(ftpTransfers)).not.toHaveLength(0);
  });
});
