// Issue 9, "every figure reproducible": the input bundle of every demo fund's VaR run, served by
// GET /api/analyses/runs/{id}/bundle, replays with packages/risk to the stored figures (same bits),
// and a changed input value shows as a difference (decision 0040).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputBundleSchema, VarResultSchema, type InputBundle } from '@fonrisk/contracts';
import { analysisRuns, eq, type AnalysisRunRow } from '@fonrisk/db';
import { compareFigures, replayVar, type ScenarioBundleJson } from '@fonrisk/risk';
import { createRunQueue, type RunQueue } from '../modules/analyses/run-queue.ts';
import { createTestApi, type TestApi } from '../testing/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../worker-process.ts';
import { demoRmdHistoryStep } from './demo-rmd-history.ts';
import { runDemoSteps } from './demo-steps.ts';

describe('input bundles of the demo VaR runs', () => {
  let api: TestApi;
  let queue: RunQueue;
  let worker: WorkerProcess | null = null;
  let token: string;
  let runs: AnalysisRunRow[] = [];
  const bundles = new Map<string, InputBundle>();

  beforeAll(async () => {
    api = await createTestApi({ demoMarket: true });
    queue = createRunQueue(api.database.db, (error) => {
      throw error;
    });
    await runDemoSteps(api.database.db, [demoRmdHistoryStep], { queue });
    worker = startWorkerProcess({ databaseUrl: api.database.url, log: () => undefined });
    expect(await worker.ready(60_000)).toBe(true);
    const deadline = Date.now() + 480_000;
    for (;;) {
      runs = await api.database.db
        .select()
        .from(analysisRuns)
        .where(eq(analysisRuns.analysisType, 'var'));
      if (runs.length > 0 && runs.every((r) => r.status === 'done' || r.status === 'failed')) break;
      if (Date.now() > deadline) throw new Error('the demo VaR runs did not finish in time');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(runs.map((r) => r.error).filter((e) => e !== null)).toEqual([]);
    token = (await api.login('gozlemleyici')).accessToken;
  }, 600_000);
  afterAll(async () => {
    await worker?.stop();
    await queue.close();
    await api.close();
  });

  it('serves one JSON bundle per done run, with the data it read, the engine version and the data dates', async () => {
    expect(runs.length).toBeGreaterThanOrEqual(10);
    for (const run of runs) {
      const response = await api.call('GET', `/api/analyses/runs/${run.id}/bundle`, { token });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain('RMD-Analizi_Girdi-Paketi_');
      const bundle = InputBundleSchema.parse(response.json());
      bundles.set(run.id, bundle);
      expect(bundle).toMatchObject({
        runId: run.id,
        analysisType: 'var',
        engineVersion: run.engineVersion,
        dataDates: run.dataSnapshot,
        inputs: run.inputs,
        result: run.result,
      });
      expect(bundle.parameters).toEqual(run.result!.parameters);
      const data = bundle.data as unknown as ScenarioBundleJson;
      const result = VarResultSchema.parse(run.result);
      expect(data.evaluations).toHaveLength(result.series.length);
      expect(data.holdings.map((h) => h.date)).toEqual(result.series.map((p) => p.date));
      expect(data.markets[0]!.series.length).toBeGreaterThan(0);
    }
  });

  it('replays every demo fund VaR run to the same bits', () => {
    for (const [id, bundle] of bundles) {
      const replay = replayVar(bundle.data as unknown as ScenarioBundleJson);
      expect(replay.series.length, id).toBeGreaterThan(0);
      expect(compareFigures(bundle.result, replay), id).toEqual([]);
    }
  });

  it('reports the figures that move when one input value of a bundle is changed', () => {
    const [bundle] = [...bundles.values()];
    const data = structuredClone(bundle!.data) as unknown as {
      holdings: { positions: { valueTry: number; mappingTicker: string | null }[] }[];
    };
    const last = data.holdings[data.holdings.length - 1]!;
    const position = last.positions.find((p) => p.mappingTicker !== null && p.valueTry > 0)!;
    position.valueTry *= 1.5;
    const diffs = compareFigures(bundle!.result, replayVar(data as unknown as ScenarioBundleJson));
    const paths = diffs.map((d) => d.path);
    const lastPoint = data.holdings.length - 1;
    expect(paths).toContain(`series[${String(lastPoint)}].varTry`);
    expect(paths.every((p) => !p.startsWith('series[0].'))).toBe(true);
    const varDiff = diffs.find((d) => d.path === `series[${String(lastPoint)}].varTry`)!;
    expect(varDiff.stored).not.toBe(varDiff.recomputed);
  });

  it('refuses the bundle of a run that is not done, in Turkish', async () => {
    const [queued] = await api.database.db
      .insert(analysisRuns)
      .values({
        analysisType: 'var',
        inputs: { portfolioCodes: ['DHS'], asOfDate: '2025-01-02' },
        createdByName: 'Test',
      })
      .returning();
    const response = await api.call('GET', `/api/analyses/runs/${queued!.id}/bundle`, { token });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ detail: string }>().detail).toContain('girdi paketi indirilemez');
  });
});
