// Issue 14, faults: PostgreSQL stopped and started while the API process is under load. Every
// request during the outage answers quickly with a 503 problem in Turkish (never a 500, never a
// hang, the process never dies), and after the restart the same process serves again by itself:
// its pool drops the dead connections and opens new ones.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectDatabase,
  migrateDatabase,
  startEmbeddedPostgres,
  type EmbeddedPostgresHandle,
} from '@fonrisk/db';
import { DEMO_STEPS } from '../demo/index.ts';
import { runDemoSteps } from '../demo/demo-steps.ts';
import { demoMarketStep } from '../demo/market/load.ts';
import { DATABASE_UNAVAILABLE_DETAIL } from '../http/problem-details.ts';
import {
  browserHeaders,
  loginOver,
  startApiProcess,
  type ApiProcess,
} from '../testing/api-process.ts';

interface Outcome {
  readonly path?: string;
  readonly status: number | 'timeout' | 'network';
  readonly detail?: string;
  readonly ms: number;
}

describe('PostgreSQL stopped and started under load', { timeout: 240_000 }, () => {
  let dataDir: string;
  let server: EmbeddedPostgresHandle;
  let api: ApiProcess | null = null;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fonrisk-api-outage-'));
    chmodSync(dataDir, 0o755);
    server = await startEmbeddedPostgres({ dataDir, logFile: null });
    const database = connectDatabase(server.url, { max: 2 });
    try {
      await migrateDatabase(database.pool);
      await runDemoSteps(
        database.db,
        DEMO_STEPS.filter((step) => step !== demoMarketStep),
      );
    } finally {
      await database.close();
    }
  }, 120_000);
  afterAll(async () => {
    if (api && api.child.exitCode === null) {
      api.child.kill('SIGTERM');
      await api.exited;
    }
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (!server.clusterDir.startsWith(dataDir))
      rmSync(server.clusterDir, { recursive: true, force: true });
  });

  it('answers 503 in Turkish during the outage and serves again after the restart', async () => {
    api = await startApiProcess(server.url, dataDir);
    const base = api.base;
    const token = await loginOver(base, 'hesaplayici');

    async function request(path: string): Promise<Outcome> {
      const started = Date.now();
      try {
        const r = await fetch(`${base}${path}`, {
          headers: browserHeaders(token),
          signal: AbortSignal.timeout(20_000),
        });
        const body = (await r.json()) as { detail?: string };
        return {
          path,
          status: r.status,
          ...(body.detail ? { detail: body.detail } : {}),
          ms: Date.now() - started,
        };
      } catch (error) {
        const status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
        return { status, ms: Date.now() - started };
      }
    }

    // Load: a few clients call read endpoints without pause for the whole test.
    const outcomes: Outcome[] = [];
    let loading = true;
    const clients = Array.from({ length: 4 }, (_, i) =>
      (async () => {
        while (loading) {
          outcomes.push(await request(i % 2 === 0 ? '/api/portfolios' : '/api/health'));
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })(),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const port = Number(new URL(server.url).port);
    await server.stop();
    const outageStart = outcomes.length;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const during = outcomes.slice(outageStart);
    server = await startEmbeddedPostgres({ dataDir, logFile: null, port });

    // Served again by itself, within a few seconds of the restart.
    const deadline = Date.now() + 30_000;
    let recovered: Outcome = { status: 'network', ms: 0 };
    while (Date.now() < deadline) {
      recovered = await request('/api/portfolios');
      if (recovered.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    loading = false;
    await Promise.all(clients);

    expect(during.length, 'requests were made during the outage').toBeGreaterThan(0);
    const refused = during.filter((o) => o.status === 503);
    expect(refused.length, 'the outage is answered with 503').toBeGreaterThan(0);
    for (const o of refused) {
      // The health check says it in its own words; every other endpoint with the problem text.
      if (o.path === '/api/health') expect(o.detail).toBe('Veritabanına ulaşılamıyor.');
      else expect(o.detail).toBe(DATABASE_UNAVAILABLE_DETAIL);
    }
    expect(
      refused.some((o) => o.path === '/api/portfolios'),
      'a data endpoint was refused too',
    ).toBe(true);
    const statuses = new Set(outcomes.map((o) => o.status));
    expect([...statuses].sort(), 'only successes and 503s: no 500, no hang').toEqual(
      [200, 503].filter((s) => statuses.has(s)),
    );
    expect(Math.max(...during.map((o) => o.ms)), 'refusals are quick').toBeLessThan(10_000);
    expect(recovered.status, 'the API serves again after the restart').toBe(200);
    expect(api.child.exitCode, 'the API process never stopped').toBeNull();
    // A write after the restart goes through as well.
    expect((await loginOver(base, 'admin')).length).toBeGreaterThan(0);
  });
});
