// The recording handle and the replay (decision 0041) on a real database: a handler that reads in
// every way a handler can (drizzle selects in array mode, raw SQL in object mode, concurrent
// statements, a transaction that writes with RETURNING, a statement that fails) is recorded, then
// re-run on the recording alone, to the same result; a changed recorded value and a statement the
// run did not send are reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnalysisInputs,
  LeverageResult,
  RecordedStatement,
  StoredBundle,
} from '@fonrisk/contracts';
import { eq, settings, sql, users } from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { FIXTURE_TASKS } from '../pool/compute-fixtures.ts';
import { fakeContext } from '../analyses/testing/fake-context.ts';
import type { AnalysisHandler, AnalysisHandlers, RunContext } from '../runner/handler.ts';
import { packBundle } from '../runner/input-bundle.ts';
import { recordingDatabase } from '../runner/statement-recorder.ts';
import { decodeValue, encodeValue } from '../runner/value-codec.ts';
import { replayRun, ReplayError, type ReplayableBundle } from './replay-run.ts';

type Inputs = AnalysisInputs<'leverage'>;

/** Reads users, settings and odd values, writes a setting in a transaction, sums what it saw. */
const readingHandler: AnalysisHandler<'leverage'> = {
  async run(ctx: RunContext<Inputs>) {
    const [people, odd] = await Promise.all([
      ctx.db.select({ id: users.id, name: users.fullName }).from(users).orderBy(users.id),
      ctx.db.execute<{ n: number; b: Buffer; big: string; d: string; j: unknown }>(
        sql`SELECT 'NaN'::float8 AS n, '\\x01ff'::bytea AS b, 9007199254740993::int8 AS big,
                   '2025-01-02'::date AS d, '{"$t": 1, "x": [1.5, null]}'::jsonb AS j`,
      ),
    ]);
    const failed = await ctx.db
      .execute(sql`SELECT 1/0`)
      .then(() => 'no error')
      .catch((e: unknown) => String((e as { cause?: { code?: string } }).cause?.code));
    const written = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(settings)
        .values({ key: `replay-test-${ctx.inputs.portfolioCodes[0] ?? ''}`, value: { a: 1 } })
        .onConflictDoUpdate({ target: settings.key, set: { value: { a: 2 } } })
        .returning({ key: settings.key, value: settings.value });
      const [again] = await tx.select().from(settings).where(eq(settings.key, row!.key));
      return again!.value as { a: number };
    });
    const row = odd.rows[0]!;
    const squares = await ctx.compute(FIXTURE_TASKS.sumSquares, new Float64Array([1, 2, 3]));
    const result: LeverageResult = {
      asOfDate: ctx.inputs.asOfDate,
      portfolios: [],
      tables: {
        ozet: {
          title: 'Özet',
          columns: [{ key: 'deger', label: 'Değer', format: 'text' }],
          rows: [
            { deger: people.map((p) => `${String(p.id)}:${p.name}`).join(',') },
            { deger: `${String(row.n)} ${row.b.toString('hex')} ${row.big} ${row.d}` },
            { deger: JSON.stringify(row.j) },
            { deger: `${failed} ${String(written.a)} ${String(squares)}` },
          ],
        },
      },
    };
    return { result, dataSnapshot: {} };
  },
};
const HANDLERS: AnalysisHandlers = { leverage: readingHandler };

describe('recorded statements and their replay', () => {
  let database: TestDatabase;
  let bundle: ReplayableBundle;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(users).values([
      { username: 'a', fullName: 'Ayşe', role: 'Hesaplayici', modules: [1], passwordHash: 'x' },
      { username: 'b', fullName: 'Bora', role: 'Hesaplayici', modules: [1], passwordHash: 'x' },
    ]);
    const inputs = { portfolioCodes: ['KAYIT'], asOfDate: '2025-01-02' };
    const recording = recordingDatabase(database.db);
    const ctx = { ...fakeContext(database.db, inputs), db: recording.db };
    const outcome = await readingHandler.run(ctx);
    // Through the stored form: JSON text, as the runner gzips it and the API serves it.
    const stored = JSON.parse(
      JSON.stringify({
        reads: recording.recorder.statements,
        data: null,
        snapshot: null,
      } satisfies StoredBundle),
    ) as StoredBundle;
    expect((await packBundle(stored)).jsonBytes).toBeGreaterThan(0);
    bundle = {
      runId: '00000000-0000-4000-8000-000000000009',
      analysisType: 'leverage',
      inputs,
      reads: stored.reads,
      result: JSON.parse(JSON.stringify(outcome.result)) as Record<string, unknown>,
    };
  });
  afterAll(() => database.drop());

  it('records every statement, in a transaction too, with its answer and its failure', () => {
    const texts = bundle.reads.map((r) => r.text.toLowerCase());
    expect(texts.some((t) => t.startsWith('select') && t.includes('"users"'))).toBe(true);
    expect(texts).toContain('begin');
    expect(texts).toContain('commit');
    expect(texts.some((t) => t.startsWith('insert into "settings"'))).toBe(true);
    const failed = bundle.reads.find((r) => r.text === 'SELECT 1/0')!;
    expect(failed.error).toEqual({ message: 'division by zero', code: '22012' });
    const odd = bundle.reads.find((r) => r.text.includes("'NaN'::float8"))!;
    expect(odd.rowMode).toBeNull();
    const [row] = decodeValue(odd.rows) as Record<string, unknown>[];
    expect(row!.n).toBeNaN();
    expect(Buffer.isBuffer(row!.b)).toBe(true);
    expect(row!.j).toEqual({ $t: 1, x: [1.5, null] });
    const rows = (bundle.result as LeverageResult).tables.ozet!.rows.map((r) => r.deger);
    expect(rows).toEqual([
      '1:Ayşe,2:Bora',
      'NaN 01ff 9007199254740993 2025-01-02',
      JSON.stringify({ x: [1.5, null], $t: 1 }),
      '22012 1 14',
    ]);
  });

  it('re-runs the handler on the recording alone to the same result', async () => {
    // The database is gone from the replay's view: drop the rows it read and wrote.
    await database.db.delete(users);
    await database.db.delete(settings);
    const replay = await replayRun(bundle, HANDLERS);
    expect(replay.differences).toEqual([]);
    expect(replay.unusedStatements).toBe(0);
    expect(replay.result).toEqual(bundle.result);
    expect(await database.db.select().from(settings)).toEqual([]);
  });

  it('answers concurrent statements in any order', async () => {
    const reversed = { ...bundle, reads: [...bundle.reads].reverse() };
    expect((await replayRun(reversed, HANDLERS)).differences).toEqual([]);
  });

  it('lists the figure that moves when a recorded value is changed', async () => {
    const reads = structuredClone(bundle.reads) as RecordedStatement[];
    const people = reads.find((r) => r.text.includes('"users"') && r.rowMode === 'array')!;
    const rows = decodeValue(people.rows) as unknown[][];
    rows[0]![1] = 'Ahmet';
    people.rows = encodeValue(rows) as unknown[];
    const replay = await replayRun({ ...bundle, reads }, HANDLERS);
    expect(replay.differences).toHaveLength(1);
    expect(replay.differences[0]).toMatchObject({ path: 'tables.ozet.rows[0].deger' });
    expect(String(replay.differences[0]!.recomputed)).toContain(':Ahmet');
  });

  it('names a statement the recording does not hold, and refuses other types and inputs', async () => {
    const reads = bundle.reads.filter((r) => !r.text.includes("'NaN'::float8"));
    const error = await replayRun({ ...bundle, reads }, HANDLERS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReplayError);
    expect(String(error)).toContain('pakette kaydı olmayan bir sorgu');
    expect(String(error)).toContain("'NaN'::float8");
    await expect(replayRun({ ...bundle, analysisType: 'yok' }, HANDLERS)).rejects.toThrow(
      '"yok" analiz türü bu sürümde yeniden hesaplanamıyor',
    );
    await expect(replayRun({ ...bundle, analysisType: 'var' }, HANDLERS)).rejects.toThrow(
      '"var" analiz türü',
    );
    await expect(replayRun({ ...bundle, inputs: {} }, HANDLERS)).rejects.toThrow(
      'paketteki analiz girdileri bu sürümde geçersiz',
    );
  });

  it('reports a handler failure and a result that breaks the schema', async () => {
    const failing: AnalysisHandlers = {
      leverage: { run: () => Promise.reject(new Error('hesap hatası')) },
    };
    await expect(replayRun(bundle, failing)).rejects.toThrow(
      'paket yeniden hesaplanamadı: hesap hatası',
    );
    const broken: AnalysisHandlers = {
      leverage: {
        run: () =>
          Promise.resolve({
            result: { asOfDate: 5 } as unknown as LeverageResult,
            dataSnapshot: {},
          }),
      },
    };
    await expect(replayRun(bundle, broken)).rejects.toThrow('sonuç şemasına uymuyor');
  });
});
