import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RUN_LANE_QUEUES,
  VAR_SETTINGS_DEFAULTS,
  VAR_SETTINGS_KEY,
  type Problem,
  type RmdHistoryResponse,
  type RmdRunAllResponse,
  type RmdTrackingResponse,
  type VarPoint,
  type VarSettingsResponse,
} from '@fonrisk/contracts';
import { analysisRuns, and, eq, holdings, inArray, portfolios, settings, sql } from '@fonrisk/db';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { SYSTEM_ACTOR, queueRmdBatch } from './rmd-batch.ts';
import type { QueuedRun } from '../analyses/run-queue.ts';

const point = (
  date: string,
  usage: number,
  status: VarPoint['status'],
  portfolioCode = 'DHS',
): VarPoint => ({
  portfolioCode,
  date,
  navTry: 1_000_000,
  varTry: usage * 250_000,
  varPct: usage * 0.25,
  esTry: usage * 300_000,
  esPct: usage * 0.3,
  approach: 'absolute',
  referenceVarPct: null,
  limitPct: 0.25,
  usage,
  status,
});

describe('var-settings and rmd-tracking endpoints', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;

  beforeAll(async () => {
    // The tracking table lists the demo funds (DHS, DBA).
    api = await createTestApi({ demoMarket: true });
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
  });
  afterAll(() => api.close());

  it('serves the SPK defaults until settings are saved', async () => {
    const res = await api.call('GET', '/api/var-settings', { token: observer });
    expect(res.statusCode).toBe(200);
    expect(res.json<VarSettingsResponse>()).toEqual({
      settings: VAR_SETTINGS_DEFAULTS,
      updatedAt: null,
    });
  });

  it('refuses observers a settings change and saves a calculator’s, validating in Turkish', async () => {
    const next = {
      ...VAR_SETTINGS_DEFAULTS,
      warningThresholdPct: 90,
      portfolioLimits: [
        {
          portfolioCode: 'DHS',
          approach: null,
          absoluteLimitPct: 20,
          relativeLimitPct: null,
          leverageLimitPct: null,
        },
      ],
    };
    expect(
      (await api.call('PUT', '/api/var-settings', { token: observer, body: next })).statusCode,
    ).toBe(403);
    const bad = await api.call('PUT', '/api/var-settings', {
      token: runner,
      body: { ...next, confidenceLevel: 1.5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Problem>().errors?.[0]?.message).toContain('güven düzeyi');
    const saved = await api.call('PUT', '/api/var-settings', { token: runner, body: next });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (
      await api.call('GET', '/api/var-settings', { token: observer })
    ).json<VarSettingsResponse>();
    expect(read.settings.warningThresholdPct).toBe(90);
    expect(read.settings.portfolioLimits[0]?.absoluteLimitPct).toBe(20);
    expect(read.updatedAt).not.toBeNull();
  });

  it('reports stored settings that no longer validate instead of serving the defaults silently', async () => {
    const key = VAR_SETTINGS_KEY;
    const [row] = await api.database.db.select().from(settings).where(eq(settings.key, key));
    const kept: unknown = row?.value;
    await api.database.db
      .update(settings)
      .set({ value: { ...(kept as object), confidenceLevel: 3 } })
      .where(eq(settings.key, key));
    try {
      const read = (
        await api.call('GET', '/api/var-settings', { token: observer })
      ).json<VarSettingsResponse>();
      expect(read.storedProblems).toEqual([
        { field: 'confidenceLevel', message: 'güven düzeyi en fazla 0,9999 olmalı' },
      ]);
      expect(read.settings, 'the form opens with the defaults').toEqual(VAR_SETTINGS_DEFAULTS);
    } finally {
      await api.database.db.update(settings).set({ value: kept }).where(eq(settings.key, key));
    }
  });

  it('tracks the latest VaR per portfolio from finished runs, a later run superseding an earlier one', async () => {
    const base = {
      analysisType: 'var',
      status: 'done',
      inputs: {},
      portfolioCodes: ['DHS'],
      createdByName: 'Test',
    };
    await api.database.db.insert(analysisRuns).values([
      {
        ...base,
        finishedAt: new Date('2026-01-05T10:00:00Z'),
        result: {
          series: [point('2026-01-01', 1.1, 'breach'), point('2026-01-02', 1.2, 'breach')],
        },
      },
      {
        ...base,
        finishedAt: new Date('2026-01-06T10:00:00Z'),
        result: { series: [point('2026-01-02', 0.5, 'ok'), point('2026-01-05', 1.05, 'breach')] },
      },
      { ...base, status: 'failed', finishedAt: new Date('2026-01-07T10:00:00Z'), result: null },
    ]);
    const res = await api.call('GET', '/api/rmd-tracking', { token: observer });
    expect(res.statusCode).toBe(200);
    const body = res.json<RmdTrackingResponse>();
    const dhs = body.items.find((i) => i.portfolioCode === 'DHS')!;
    expect(dhs).toMatchObject({
      asOfDate: '2026-01-05',
      status: 'breach',
      daysInBreach: 1,
      usage: 1.05,
      limitPct: 0.25,
    });
    expect(body.items.find((i) => i.portfolioCode === 'DBA')?.status).toBe('noData');
    const history = (
      await api.call('GET', '/api/rmd-tracking/DHS/history?from=2026-01-02', { token: observer })
    ).json<RmdHistoryResponse>();
    expect(history.items.map((p) => [p.date, p.status])).toEqual([
      ['2026-01-02', 'ok'],
      ['2026-01-05', 'breach'],
    ]);
  });

  it('reads every date of a range run, a later run superseding earlier ones per date', async () => {
    const base = {
      analysisType: 'var',
      status: 'done',
      portfolioCodes: ['DPP'],
      createdByName: 'Test',
    };
    await api.database.db.insert(analysisRuns).values([
      {
        ...base,
        inputs: { portfolioCodes: ['DPP'], asOfDate: '2026-02-03' },
        asOfDate: '2026-02-03',
        finishedAt: new Date('2026-02-04T10:00:00Z'),
        result: { series: [point('2026-02-03', 0.9, 'warning', 'DPP')] },
      },
      {
        ...base,
        inputs: { portfolioCodes: ['DPP'], fromDate: '2026-02-02', toDate: '2026-02-04' },
        fromDate: '2026-02-02',
        toDate: '2026-02-04',
        finishedAt: new Date('2026-02-05T10:00:00Z'),
        result: {
          series: ['2026-02-02', '2026-02-03', '2026-02-04'].map((d, i) =>
            point(d, 0.3 + i * 0.4, i === 2 ? 'breach' : 'ok', 'DPP'),
          ),
        },
      },
    ]);
    const history = (
      await api.call('GET', '/api/rmd-tracking/DPP/history', { token: observer })
    ).json<RmdHistoryResponse>();
    expect(history.items.map((p) => [p.date, p.usage, p.status])).toEqual([
      ['2026-02-02', 0.3, 'ok'],
      ['2026-02-03', 0.7, 'ok'],
      ['2026-02-04', 1.1, 'breach'],
    ]);
    // Usage moved 40 points twice: both days are explained (settings default: above 5 points).
    expect(history.explainAbovePoints).toBe(VAR_SETTINGS_DEFAULTS.varChangeExplainPoints);
    expect(history.items.map((p) => [p.usageChangePoints, p.explain])).toEqual([
      [null, false],
      [expect.closeTo(40, 9), true],
      [expect.closeTo(40, 9), true],
    ]);
    // Above 50 points only: no day is explained.
    const [saved] = await api.database.db
      .select()
      .from(settings)
      .where(eq(settings.key, VAR_SETTINGS_KEY));
    await api.database.db
      .insert(settings)
      .values({ key: VAR_SETTINGS_KEY, value: { varChangeExplainPoints: 50 } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { varChangeExplainPoints: 50 } } });
    const strict = (
      await api.call('GET', '/api/rmd-tracking/DPP/history?from=2026-02-03', { token: observer })
    ).json<RmdHistoryResponse>();
    expect(strict.explainAbovePoints).toBe(50);
    expect(strict.items.map((p) => [p.date, p.explain])).toEqual([
      ['2026-02-03', false],
      ['2026-02-04', false],
    ]);
    if (saved) {
      await api.database.db
        .update(settings)
        .set({ value: saved.value })
        .where(eq(settings.key, VAR_SETTINGS_KEY));
    } else await api.database.db.delete(settings).where(eq(settings.key, VAR_SETTINGS_KEY));
    const row = (await api.call('GET', '/api/rmd-tracking', { token: observer }))
      .json<RmdTrackingResponse>()
      .items.find((i) => i.portfolioCode === 'DPP');
    expect(row).toMatchObject({ asOfDate: '2026-02-04', status: 'breach', daysInBreach: 1 });
  });

  it('refuses observers the batch and queues one VaR run per fund on its latest holdings date', async () => {
    expect(
      (await api.call('POST', '/api/rmd-tracking/run-all', { token: observer, body: {} }))
        .statusCode,
    ).toBe(403);
    const res = await api.call('POST', '/api/rmd-tracking/run-all', { token: runner, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const { runIds } = res.json<RmdRunAllResponse>();
    const db = api.database.db;
    const funds = await db
      .select({ code: portfolios.code })
      .from(portfolios)
      .where(eq(portfolios.kind, 'fund'));
    expect(funds.length).toBeGreaterThan(1);
    expect(runIds).toHaveLength(funds.length);
    const runs = await db.select().from(analysisRuns).where(inArray(analysisRuns.id, runIds));
    expect(runs.map((r) => r.portfolioCodes[0]).sort()).toEqual(funds.map((f) => f.code).sort());
    const [latest] = await db
      .select({ date: sql<string>`max(${holdings.portfolioDate})` })
      .from(holdings)
      .where(eq(holdings.portfolioCode, 'DHS'));
    const dhs = runs.find((r) => r.portfolioCodes[0] === 'DHS')!;
    expect(dhs).toMatchObject({
      analysisType: 'var',
      status: 'queued',
      asOfDate: latest!.date,
      createdByName: 'Elif Kaya',
    });
    expect(dhs.inputs).toEqual({ portfolioCodes: ['DHS'], asOfDate: latest!.date });
    const jobs = await api.database.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM pgboss.job WHERE name = $2 AND data->>'runId' = ANY($1::text[])`,
      [runIds, RUN_LANE_QUEUES.batch],
    );
    // The batch is batch work even when a user presses the button (decision 0054).
    expect(Number(jobs.rows[0]!.n), 'every run has its job on the batch lane').toBe(funds.length);
  });

  it('leaves out, for the schedule, funds whose latest date already has a run; the button recomputes them', async () => {
    const sent: string[] = [];
    const queue = {
      enqueue: (_ex: unknown, runs: readonly QueuedRun[]) => {
        for (const run of runs)
          expect(run.lane, 'the RMD batch is batch work (decision 0054)').toBe('batch');
        return Promise.resolve(void sent.push(...runs.map((run) => run.id)));
      },
      close: () => Promise.resolve(),
    };
    const funds = await api.database.db
      .select({ code: portfolios.code })
      .from(portfolios)
      .where(eq(portfolios.kind, 'fund'));
    expect(
      await queueRmdBatch(api.database.db, queue, SYSTEM_ACTOR, { skipCovered: true }),
      'the previous test queued every fund',
    ).toEqual([]);
    const again = await queueRmdBatch(api.database.db, queue, SYSTEM_ACTOR);
    expect(again).toHaveLength(funds.length);
    expect(sent).toEqual(again);
    const runs = await api.database.db
      .select()
      .from(analysisRuns)
      .where(inArray(analysisRuns.id, again));
    expect(runs.every((r) => r.createdBy === null && r.createdByName === 'Sistem')).toBe(true);
  });

  it('queues the batch for a given date on each fund’s holdings on or before it', async () => {
    const [first] = await api.database.db
      .select({ date: sql<string>`min(${holdings.portfolioDate})` })
      .from(holdings)
      .where(and(eq(holdings.portfolioCode, 'DHS')));
    const res = await api.call('POST', '/api/rmd-tracking/run-all', {
      token: runner,
      body: { asOfDate: first!.date },
    });
    expect(res.statusCode, res.body).toBe(200);
    const runs = await api.database.db
      .select()
      .from(analysisRuns)
      .where(inArray(analysisRuns.id, res.json<RmdRunAllResponse>().runIds));
    expect(runs.find((r) => r.portfolioCodes[0] === 'DHS')?.asOfDate).toBe(first!.date);
    expect(runs.every((r) => r.asOfDate !== null && r.asOfDate <= first!.date)).toBe(true);
  });
});
