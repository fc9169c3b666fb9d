// Issue 9, "every figure reproducible", for every analysis type (decision 0041): the first-start
// demo runs (one or more of every type, a VaR run queued through the API) are computed by the real
// worker process; the input bundle of each, served by GET /api/analyses/runs/{id}/bundle, holds
// every statement the handler ran, and the worker's replayRun re-runs the handler on them to the
// stored result's bits. A changed recorded value shows as a listed difference, and the `fonrisk`
// command replays a downloaded file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYSIS_TYPES,
  AnyInputBundleSchema,
  fileNameStem,
  findAnalysisType,
  InputBundleSchema,
  LeverageInputsSchema,
  type InputBundle,
} from '@fonrisk/contracts';
import { analysisRunBundles, analysisRuns, eq, sql, type AnalysisRunRow } from '@fonrisk/db';
import { decodeValue, encodeValue, replayRun } from '@fonrisk/worker';
import { createTestApi, type TestApi } from '../testing/test-api.ts';
import { finishedRuns } from '../testing/demo-database.ts';
import { startWorkerProcess, type WorkerProcess } from '../worker-process.ts';

const gzipAsync = promisify(gzip);

describe('input bundles of every analysis type', () => {
  let api: TestApi;
  let worker: WorkerProcess | null = null;
  let token: string;
  let runs: AnalysisRunRow[] = [];
  const bundles = new Map<string, InputBundle>();

  beforeAll(async () => {
    // The first-start demo with its runs computed by the worker process (DEMO_COMPUTED_SEED).
    api = await createTestApi({ demoRuns: true });
    // The VaR run as a user starts one: through the API, on the leverage demo run's date.
    const [leverage] = await api.database.db
      .select()
      .from(analysisRuns)
      .where(eq(analysisRuns.analysisType, 'leverage'));
    const { asOfDate } = LeverageInputsSchema.parse(leverage!.inputs);
    const analyst = (await api.login('hesaplayici')).accessToken;
    const created = await api.call('POST', '/api/analyses/runs', {
      token: analyst,
      body: { analysisType: 'var', inputs: { portfolioCodes: ['DHS', 'DSF'], asOfDate } },
    });
    expect(created.statusCode, created.body).toBe(200);

    worker = startWorkerProcess({ databaseUrl: api.database.url, log: () => undefined });
    expect(await worker.ready(60_000)).toBe(true);
    runs = await finishedRuns(api.database.db, 540_000);
    expect(
      runs.map((r) => `${r.analysisType}: ${String(r.error)}`).filter((e) => !e.endsWith('null')),
    ).toEqual([]);
    token = (await api.login('gozlemleyici')).accessToken;
  }, 720_000);
  afterAll(async () => {
    await worker?.stop();
    await api.close();
  });

  it('has a done run of every analysis type, each with a version 2 bundle of its statements', async () => {
    expect([...new Set(runs.map((r) => r.analysisType))].sort()).toEqual(
      Object.keys(ANALYSIS_TYPES).sort(),
    );
    for (const run of runs) {
      const response = await api.call('GET', `/api/analyses/runs/${run.id}/bundle`, { token });
      expect(response.statusCode, run.analysisType).toBe(200);
      // Named by the analysis's Turkish title in ASCII (decision 0134).
      expect(response.headers['content-disposition']).toContain(
        `${fileNameStem(findAnalysisType(run.analysisType)!.title)}_Girdi-Paketi_`,
      );
      const bundle = InputBundleSchema.parse(response.json());
      expect(bundle).toMatchObject({
        version: 2,
        runId: run.id,
        analysisType: run.analysisType,
        engineVersion: run.engineVersion,
        dataDates: run.dataSnapshot,
        inputs: run.inputs,
        result: run.result,
      });
      expect(bundle.reads.length, run.analysisType).toBeGreaterThan(0);
      bundles.set(run.id, bundle);
    }
  });

  // Decision 0086: the large parts (a statement's rows, a market window) are stored once and put
  // back when served; decision 0091: a packed series read's rows are parts of their own, shared
  // by the reads of the funds that hold the ticker. The replays below prove the served bundles whole.
  it('stores the large parts of the bundles once, for the runs that read them alike', async () => {
    const counted = await api.database.db.execute<{
      parts: number;
      links: number;
      runs: number;
      rows: number;
      rowLinks: number;
    }>(
      sql`SELECT (SELECT count(*) FROM analysis_bundle_parts p WHERE EXISTS
                   (SELECT 1 FROM analysis_run_bundle_parts l WHERE l.hash = p.hash))::int AS parts,
                 (SELECT count(*) FROM analysis_run_bundle_parts)::int AS links,
                 (SELECT count(DISTINCT run_id) FROM analysis_run_bundle_parts)::int AS runs,
                 (SELECT count(DISTINCT c) FROM analysis_bundle_parts, unnest(children) AS c)::int
                   AS rows,
                 (SELECT count(*) FROM analysis_bundle_parts, unnest(children) AS c)::int
                   AS "rowLinks"`,
    );
    const { parts, links, runs: linked, rows, rowLinks } = counted.rows[0]!;
    expect(parts).toBeGreaterThan(0);
    expect(linked, 'runs whose bundle has parts').toBeGreaterThan(runs.length / 2);
    expect(links, 'parts shared by several runs').toBeGreaterThan(parts);
    expect(rows, 'rows of reads stored as parts of their own').toBeGreaterThan(0);
    expect(rowLinks, 'rows shared by several reads').toBeGreaterThan(rows);
  });

  it('replays every run of every type to the same bits', async () => {
    expect(bundles.size).toBe(runs.length);
    for (const bundle of bundles.values()) {
      const replay = await replayRun(bundle);
      expect(replay.differences, bundle.analysisType).toEqual([]);
      expect(replay.unusedStatements, bundle.analysisType).toBe(0);
      expect(replay.result).toEqual(bundle.result);
    }
    // Every demo run re-computed: over the default 30 s on the loaded shared machine.
  }, 180_000);

  it('reports the figures that move when one recorded price is changed', async () => {
    const bundle = [...bundles.values()].find((b) => b.analysisType === 'var')!;
    const changed = structuredClone(bundle);
    // One recorded price of one day tripled: a jump that puts a scenario in the loss tail. The
    // market window is read packed (decision 0074): one row per ticker, its values as the bytes
    // of float8send; the middle value of the middle ticker is changed.
    const read = changed.reads.find(
      (r) => r.text.includes('float8send') && r.text.includes('FROM market_values'),
    )!;
    const rows = decodeValue(read.rows) as { ticker: string; vals: Buffer }[];
    expect(rows.length).toBeGreaterThan(2);
    const vals = rows[Math.floor(rows.length / 2)]!.vals;
    const at = 8 * Math.floor(vals.length / 16);
    vals.writeDoubleBE(vals.readDoubleBE(at) * 3, at);
    read.rows = encodeValue(rows) as unknown[];
    const replay = await replayRun(changed);
    expect(replay.differences.length).toBeGreaterThan(0);
    const paths = replay.differences.map((d) => d.path);
    expect(paths.some((p) => /var|es/i.test(p))).toBe(true);
    for (const d of replay.differences) expect(d.stored).not.toEqual(d.recomputed);
    // The unchanged bundle still gives no difference: the change alone moved the figures.
    expect((await replayRun(bundle)).differences).toEqual([]);
  });

  it('replays a downloaded file with `fonrisk replay`, for a Module 1 and a Module 3 type', () => {
    const bin = resolve(import.meta.dirname, '../../../cli/bin/fonrisk.js');
    const dir = mkdtempSync(join(tmpdir(), 'fonrisk-replay-all-'));
    for (const type of ['var', 'fund-statistics']) {
      const bundle = [...bundles.values()].find((b) => b.analysisType === type)!;
      const file = join(dir, `${type}.json`);
      writeFileSync(file, JSON.stringify(bundle));
      const done = spawnSync(process.execPath, [bin, 'replay', file], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(done.status, done.stderr).toBe(0);
      const out = JSON.parse(done.stdout) as { comparison: unknown; result: unknown };
      expect(out.comparison, type).toBe('aynı');
      expect(out.result).toEqual(bundle.result);
    }
  }, 240_000);

  it('still serves a bundle stored before every statement was recorded as version 1', async () => {
    const run = runs.find((r) => r.analysisType === 'var')!;
    const legacy = { holdings: [], markets: [], settings: null, evaluations: [] };
    const content = await gzipAsync(Buffer.from(JSON.stringify(legacy)));
    await api.database.db
      .update(analysisRunBundles)
      .set({ content, jsonBytes: 10 })
      .where(eq(analysisRunBundles.runId, run.id));
    const response = await api.call('GET', `/api/analyses/runs/${run.id}/bundle`, { token });
    expect(response.statusCode).toBe(200);
    const bundle = AnyInputBundleSchema.parse(response.json());
    expect(bundle.version).toBe(1);
    expect(bundle.data).toEqual(legacy);
  });
});
