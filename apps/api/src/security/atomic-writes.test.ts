import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@fonrisk/contracts';
import { sql } from '@fonrisk/db';
import { createTestApi, type TestApi } from '../testing/test-api.ts';
import { databaseFingerprint } from '../testing/db-fingerprint.ts';
import { seedMasterData, upload } from '../modules/data-imports/test-support.ts';
import { seedHoldings } from '../testing/run-fixtures.ts';

const P = 'Z';
const FUND = `${P}FONA`;
/** The portfolio a run is started on (its holdings apart from FUND's). */
const RUN_FUND = `${P}KOSU`;

/** A holdings snapshot of `rows` lines: the service writes it in chunks of 2,000 rows. */
function bigHoldings(rows: number): string {
  const lines = ['Portföy Kodu;Portföy Tarihi;Yatırım Aracı Kodu;Güncel Değer;Nominal Değer'];
  for (let i = 0; i < rows; i++) lines.push(`${FUND};2025-03-31;${P}HIS1;${String(100 + i)};10`);
  return lines.join('\n');
}

/**
 * Issue 14: a write that fails midway leaves nothing written. Each test makes the database fail
 * on a later statement of one request (a trigger raising, or the connection dropped between
 * chunks) and proves with a fingerprint of every table that nothing of the request stayed.
 * Removing the transaction around any of these writes makes its test fail.
 */
describe('all-or-nothing writes', () => {
  let api: TestApi;
  let runner: string;
  let admin: string;

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    admin = (await api.login('superadmin')).accessToken;
    await seedMasterData(api.database.db, P);
    await seedHoldings(api.database.db, RUN_FUND, ['2025-01-02']);
  });
  afterAll(() => api.close());
  afterEach(async () => {
    await api.database.db.execute(sql`DROP TRIGGER IF EXISTS fonrisk_test_fault ON holdings`);
    await api.database.db.execute(sql`DROP TRIGGER IF EXISTS fonrisk_test_fault ON audit_log`);
    await api.database.db.execute(sql`DROP FUNCTION IF EXISTS fonrisk_test_fault()`);
  });

  /** Makes `table` fail (or drop the connection) on rows matching `when`. */
  async function fault(table: 'holdings' | 'audit_log', when: string, action: 'raise' | 'drop') {
    const body =
      action === 'raise'
        ? `RAISE EXCEPTION 'test fault on later chunk';`
        : `PERFORM pg_terminate_backend(pg_backend_pid());`;
    await api.database.db.execute(
      sql.raw(`CREATE FUNCTION fonrisk_test_fault() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${body} RETURN NEW; END $$`),
    );
    await api.database.db.execute(
      sql.raw(`CREATE TRIGGER fonrisk_test_fault BEFORE INSERT ON ${table}
        FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION fonrisk_test_fault()`),
    );
  }

  it('a database error on the third chunk of a 5,000-row holdings import leaves nothing written', async () => {
    const before = await databaseFingerprint(api.database.db);
    await fault('holdings', 'NEW.row_no > 4500', 'raise');
    const r = await upload(api, runner, 'holdings', bigHoldings(5000));
    expect(r.statusCode).toBeGreaterThanOrEqual(500);
    expect(r.json<{ detail: string }>().detail).toMatch(/sunucu hatası/);
    expect(await databaseFingerprint(api.database.db)).toEqual(before);
  });

  it('a connection dropped between chunks of a holdings import leaves nothing written', async () => {
    const before = await databaseFingerprint(api.database.db);
    await fault('holdings', 'NEW.row_no = 2001', 'drop');
    const r = await upload(api, runner, 'holdings', bigHoldings(5000));
    expect(r.statusCode, 'a dropped connection is the database being unavailable').toBe(503);
    expect(r.json<{ detail: string }>().detail).toMatch(/^Veritabanına şu anda ulaşılamıyor/);
    expect(await databaseFingerprint(api.database.db)).toEqual(before);
    // The pool replaced the dropped connection: the same import now goes through whole.
    await api.database.db.execute(sql`DROP TRIGGER fonrisk_test_fault ON holdings`);
    const again = await upload(api, runner, 'holdings', bigHoldings(5000));
    expect(again.statusCode, again.body).toBe(200);
    const [row] = (
      await api.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM holdings WHERE portfolio_code = ${FUND}`,
      )
    ).rows;
    expect(row?.n).toBe(5000);
  });

  it('a failure after a prices import’s rows were written (its audit record) keeps none of them', async () => {
    const before = await databaseFingerprint(api.database.db);
    await fault('audit_log', "NEW.action = 'import.prices'", 'raise');
    const lines = ['ticker,date,close'];
    for (let i = 0; i < 3000; i++) {
      const date = new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      lines.push(`${P}HIS2,${date},${String(50 + i)}`);
    }
    const r = await upload(api, runner, 'prices', lines.join('\n'));
    expect(r.statusCode).toBe(500);
    expect(await databaseFingerprint(api.database.db)).toEqual(before);
  });

  it('a user with modules is created whole or not at all', async () => {
    const before = await databaseFingerprint(api.database.db);
    await fault('audit_log', "NEW.action = 'user.create'", 'raise');
    const r = await api.call('POST', '/api/Authorization/Users', {
      token: admin,
      body: {
        username: 'yarim.kalan',
        fullName: 'Yarım Kalan',
        password: 'Gecici.Parola1',
        role: Role.Hesaplayici,
        modules: [1, 2],
      },
    });
    expect(r.statusCode).toBe(500);
    expect(await databaseFingerprint(api.database.db)).toEqual(before);
  });

  it('a run is queued with its job whole or not at all', async () => {
    const before = await databaseFingerprint(api.database.db);
    const jobs = async () =>
      (
        await api.database.db.execute<{
          n: number;
        }>(sql`SELECT CASE WHEN to_regclass('pgboss.job') IS NULL THEN 0
                ELSE (xpath('/row/n/text()', query_to_xml('SELECT count(*) AS n FROM pgboss.job', false, true, '')))[1]::text::int END AS n`)
      ).rows[0]?.n;
    const jobsBefore = await jobs();
    await fault('audit_log', "NEW.action = 'analysis-run.create'", 'raise');
    const r = await api.call('POST', '/api/analyses/runs', {
      token: runner,
      body: {
        analysisType: 'leverage',
        inputs: { portfolioCodes: [RUN_FUND], asOfDate: '2025-01-02' },
      },
    });
    expect(r.statusCode).toBe(500);
    expect(await databaseFingerprint(api.database.db)).toEqual(before);
    expect(await jobs(), 'no pg-boss job without its run').toBe(jobsBefore);
  });
});
