// Issue 22, backup and restore: a backup whose portfolios and benchmarks name each other
// restores; an incomplete, altered or cut-off file is refused in Turkish and the target keeps
// every row. (The demo install's round trip through the scripts is
// apps/api/src/security/backup-restore.test.ts.)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BackupError, createBackup, cyclicKeys, readBackup, restoreBackup } from './backup.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import type { Database } from './client.ts';

async function rows(db: Database, query: string): Promise<unknown[]> {
  return (await db.execute(sql.raw(query))).rows;
}

const PORTFOLIOS = 'SELECT code, reference_benchmark_code FROM portfolios ORDER BY code';
const BENCHMARKS = 'SELECT code, holdings_portfolio_code FROM benchmarks ORDER BY code';

describe('backup and restore of linked records', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  const work = mkdtempSync(join(tmpdir(), 'fonrisk-yedek-db-'));
  const file = join(work, 'yedek.json.gz');

  beforeAll(async () => {
    [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    // A fund benchmarked against another fund's holdings, which is benchmarked against the
    // first fund's holdings: no table order loads these rows.
    await source.db.execute(sql`
      INSERT INTO portfolios (code, name, kind) VALUES ('AAA', 'A Fonu', 'fund'), ('BBB', 'B Fonu', 'fund');
      INSERT INTO benchmarks (code, name, kind, holdings_portfolio_code)
        VALUES ('BM-A', 'A portföyü', 'holdings', 'AAA'), ('BM-B', 'B portföyü', 'holdings', 'BBB');
      UPDATE portfolios SET reference_benchmark_code = CASE code WHEN 'AAA' THEN 'BM-B' ELSE 'BM-A' END;
      INSERT INTO portfolios (code, name, kind) VALUES ('HEDEF', 'Hedefte kalan', 'fund')`);
    await target.db.execute(
      sql`INSERT INTO portfolios (code, name, kind) VALUES ('ESKI', 'Hedefteki fon', 'fund')`,
    );
    writeFileSync(file, await createBackup(source.db, { 'jwt-secret': 'gizli' }));
  });
  afterAll(async () => {
    await Promise.all([source.drop(), target.drop()]);
    rmSync(work, { recursive: true, force: true });
  });

  it('finds the foreign keys that close a cycle', () => {
    const keys = [
      { child: 'portfolios', parent: 'benchmarks' },
      { child: 'benchmarks', parent: 'portfolios' },
      { child: 'holdings', parent: 'portfolios' },
      { child: 'queue', parent: 'queue' },
    ];
    expect(cyclicKeys(keys)).toEqual([keys[0], keys[1], keys[3]]);
  });

  /** The file with its content changed by `edit` and the header made consistent again. */
  function rewritten(name: string, edit: (content: { tables: { name: string }[] }) => void) {
    const [head, content] = gunzipSync(readFileSync(file)).toString('utf8').split('\n') as [
      string,
      string,
    ];
    const body = JSON.parse(content) as { tables: { name: string; rows: unknown[] }[] };
    edit(body);
    const text = JSON.stringify(body);
    const header = {
      ...(JSON.parse(head) as object),
      tables: body.tables.map((t) => ({ name: t.name, rows: t.rows.length })),
      bytes: Buffer.byteLength(text),
    };
    const path = join(work, name);
    writeFileSync(path, gzipSync(`${JSON.stringify(header)}\n${text}`));
    return path;
  }

  async function refused(path: string, message: RegExp) {
    const before = [await rows(target.db, PORTFOLIOS), await rows(target.db, BENCHMARKS)];
    let error: unknown = null;
    try {
      await restoreBackup(target.db, readBackup(path));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toMatch(/hiçbir kayıt değişmedi/);
    expect([await rows(target.db, PORTFOLIOS), await rows(target.db, BENCHMARKS)]).toEqual(before);
  }

  it('refuses a file missing tables of its schema, and the target keeps its rows', async () => {
    const half = rewritten('yarim.json.gz', (body) => {
      body.tables = body.tables.filter((_, i) => i % 2 === 0);
    });
    await refused(half, /sağlama toplamı/);
    // With a matching checksum too (a file made incomplete on purpose).
    const consistent = rewritten('yarim-tutarli.json.gz', (body) => {
      body.tables = body.tables.filter((t) => t.name !== 'public.holdings');
    });
    const text = gunzipSync(readFileSync(consistent)).toString('utf8');
    const [head, content] = text.split('\n') as [string, string];
    const { createHash } = await import('node:crypto');
    const header = {
      ...(JSON.parse(head) as object),
      sha256: createHash('sha256').update(content).digest('hex'),
    };
    writeFileSync(consistent, gzipSync(`${JSON.stringify(header)}\n${content}`));
    await refused(consistent, /Yedek eksik: şemanın 1 tablosu yedekte yok \(public\.holdings\)/);
  });

  it('refuses a cut-off file, an altered file and a file that is no backup, in Turkish', async () => {
    const data = readFileSync(file);
    const cut = join(work, 'kesik.json.gz');
    writeFileSync(cut, data.subarray(0, Math.floor(data.length / 2)));
    await refused(cut, /yarıda kesilmiş/);

    const [head, content] = gunzipSync(data).toString('utf8').split('\n') as [string, string];
    const altered = join(work, 'degismis.json.gz');
    writeFileSync(altered, gzipSync(`${head}\n${content.replace('A Fonu', 'Z Fonu')}`));
    await refused(altered, /SHA-256 sağlama toplamı başlıktakiyle tutmuyor/);

    const other = join(work, 'baska.json.gz');
    writeFileSync(other, 'yedek değil');
    await refused(other, /gzip ile sıkıştırılmış bir Fonrisk yedeği değil/);
    expect(() => readBackup(join(work, 'yok.json.gz'))).toThrow(/Yedek dosyası bulunamadı/);
  });

  it('restores portfolios and benchmarks that name each other, with their constraints as before', async () => {
    const backup = readBackup(file);
    expect(backup.keys).toEqual({ 'jwt-secret': 'gizli' });
    await restoreBackup(target.db, backup);
    expect(await rows(target.db, PORTFOLIOS)).toEqual(await rows(source.db, PORTFOLIOS));
    expect(await rows(target.db, BENCHMARKS)).toEqual(await rows(source.db, BENCHMARKS));
    expect(await rows(target.db, PORTFOLIOS)).toContainEqual({
      code: 'AAA',
      reference_benchmark_code: 'BM-B',
    });
    // The constraints are as the migrations made them: checked row by row again.
    expect(
      await rows(
        target.db,
        `SELECT conname, condeferrable FROM pg_constraint WHERE contype = 'f' AND condeferrable
           AND connamespace = 'public'::regnamespace`,
      ),
    ).toEqual([]);
    await expect(
      target.db.execute(
        sql`UPDATE portfolios SET reference_benchmark_code = 'YOK' WHERE code = 'AAA'`,
      ),
    ).rejects.toThrow();
  });
});
