// Issue 14, faults: the API process killed (SIGKILL) in the middle of a large holdings import
// and restarted. The import is one transaction, so it is absent after the kill (every table's
// row count and checksum as before) and whole after the restart's import, never partial.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@fonrisk/db/testing';
import { sql } from '@fonrisk/db';
import { multipart, seedMasterData } from '../modules/data-imports/test-support.ts';
import { databaseFingerprint } from '../testing/db-fingerprint.ts';
import {
  browserHeaders,
  loginOver,
  startApiProcess,
  type ApiProcess,
} from '../testing/api-process.ts';
import { createDemoTestDatabase } from '../testing/demo-database.ts';

const P = 'K';
const FUND = `${P}FONA`;
const ROWS = 60_000;

function bigHoldings(): string {
  const lines = ['Portföy Kodu;Portföy Tarihi;Yatırım Aracı Kodu;Güncel Değer;Nominal Değer'];
  for (let i = 0; i < ROWS; i++) lines.push(`${FUND};2025-03-31;${P}HIS1;${String(100 + i)};10`);
  return lines.join('\n');
}

async function holdingsCount(database: TestDatabase): Promise<number> {
  const { rows } = await database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM holdings WHERE portfolio_code = ${FUND}`,
  );
  return rows[0]!.n;
}

/** True while some session holds a write lock on holdings: the import is inserting its chunks. */
async function importWriting(database: TestDatabase): Promise<boolean> {
  const { rows } = await database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
        WHERE c.relname = 'holdings' AND l.mode = 'RowExclusiveLock' AND l.pid <> pg_backend_pid()`,
  );
  return rows[0]!.n > 0;
}

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the API killed mid-import', { timeout: 240_000 }, () => {
  let database: TestDatabase;
  let dataDir: string;
  let api: ApiProcess | null = null;

  beforeAll(async () => {
    database = await createDemoTestDatabase({ market: false });
    await seedMasterData(database.db, P);
    dataDir = mkdtempSync(join(tmpdir(), 'fonrisk-kill-'));
  }, 120_000);
  afterAll(async () => {
    if (api && api.child.exitCode === null) {
      api.child.kill('SIGKILL');
      await api.exited;
    }
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves the import absent after SIGKILL and whole after a restart', async () => {
    api = await startApiProcess(database.url, dataDir);
    const token = await loginOver(api.base, 'hesaplayici');
    const before = await databaseFingerprint(database.db);
    const { payload, contentType } = multipart(bigHoldings());
    const send = (base: string) =>
      fetch(`${base}/api/imports/holdings`, {
        method: 'POST',
        headers: { 'content-type': contentType, ...browserHeaders(token) },
        body: payload,
      });

    const interrupted = send(api.base).then(
      (r) => `answered ${String(r.status)}`,
      () => 'connection lost',
    );
    await until(() => importWriting(database), 120_000, 'the import to start writing');
    api.child.kill('SIGKILL');
    await api.exited;
    expect(await interrupted, 'the request never got an answer').toBe('connection lost');
    // PostgreSQL rolls the transaction back once it sees the client gone.
    await until(async () => !(await importWriting(database)), 30_000, 'the rollback');
    expect(await holdingsCount(database)).toBe(0);
    expect(await databaseFingerprint(database.db), 'nothing of the import stayed').toEqual(before);

    api = await startApiProcess(database.url, dataDir);
    const again = await send(api.base);
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await holdingsCount(database), 'the import after the restart is whole').toBe(ROWS);
  });
});
