// Issue 15 on first start: my-reports of the demo accounts opens with a finished demo report.
// The API on a demo database plus the real worker process (worker-main.ts, as `npm start` runs
// it): the worker computes the analyses and generates the queued demo reports.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportListResponse } from '@fonrisk/contracts';
import { reportSchedules, reports } from '@fonrisk/db';
import { createTestApi, TEST_SECRETS_KEY, type TestApi } from '../testing/test-api.ts';
import { WORKER_COMMAND } from '../worker-process.ts';
import { runDemoSteps } from './demo-steps.ts';
import { demoReportsStep } from './demo-reports.ts';
import { DEMO_EXAMPLE_FUND } from './demo-module1-runs.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

describe('demo reports step', { timeout: 400_000 }, () => {
  let api: TestApi;
  let worker: ChildProcess | null = null;
  const output: string[] = [];

  beforeAll(async () => {
    api = await createTestApi({ demoMarket: true });
  }, 180_000);
  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker!.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await api.close();
  });

  const list = async (username: string) =>
    (
      await api.call('GET', '/api/reports', { token: (await api.login(username)).accessToken })
    ).json<ReportListResponse>();

  it('queues the board report of the demo fund for the analyst and the observer, with a monthly schedule, all labelled demo', async () => {
    expect(await runDemoSteps(api.database.db, [demoReportsStep])).toEqual(['reports-v1']);
    const rows = await api.database.db.select().from(reports);
    expect(rows.map((r) => r.ownerName).sort()).toEqual(['Can Yıldız', 'Elif Kaya']);
    for (const report of rows) {
      expect(report).toMatchObject({
        status: 'queued',
        demo: true,
        templateName: 'Yönetim Kurulu Aylık Risk Raporu',
        portfolioCodes: [DEMO_EXAMPLE_FUND],
      });
      expect(report.ownerId).not.toBeNull();
      expect(report.asOfDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const schedules = await api.database.db.select().from(reportSchedules);
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({
      frequency: 'monthly-bd-n',
      businessDay: 1,
      demo: true,
      ownerName: 'Elif Kaya',
    });
  });

  it('fills my-reports: the worker finishes them; the analyst and the observer see their own, Admin sees both', async () => {
    // The worker as `npm start` runs it (compiled in the test run, worker-process.ts).
    const [executable, ...args] = WORKER_COMMAND;
    worker = spawn(executable!, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: api.database.url,
        FONRISK_SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'),
        WORKER_POOL_SIZE: '1',
        WORKER_CONCURRENCY: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    worker.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const deadline = Date.now() + 360_000;
    let all = await list('admin');
    while (all.items.some((r) => r.status !== 'done' && r.status !== 'failed')) {
      if (Date.now() > deadline) throw new Error(`reports not finished:\n${output.join('')}`);
      await new Promise((r) => setTimeout(r, 1_000));
      all = await list('admin');
    }
    expect(all.items.map((r) => [r.status, r.error])).toEqual([
      ['done', null],
      ['done', null],
    ]);

    const analyst = await list('hesaplayici');
    expect(analyst.items).toHaveLength(1);
    expect(analyst.items[0]).toMatchObject({
      status: 'done',
      demo: true,
      owner: { fullName: 'Elif Kaya' },
    });
    expect(analyst.items[0]!.files.map((f) => f.format)).toEqual(['pdf', 'xlsx']);
    const observer = await list('gozlemleyici');
    expect(observer.items.map((r) => [r.owner.fullName, r.demo, r.status])).toEqual([
      ['Can Yıldız', true, 'done'],
    ]);
    // The second report reused the analyses the first one ran.
    const reused = all.items.find((r) => r.runsUsed.every((u) => u.reused));
    expect(reused, 'one report reuses the other’s runs').toBeDefined();
    // What the route table allows: the observer opens my-reports but makes no report.
    const token = (await api.login('gozlemleyici')).accessToken;
    const pdf = await api.call('GET', `/api/reports/${String(observer.items[0]!.id)}/pdf`, {
      token,
    });
    expect(pdf.statusCode).toBe(200);
    const refused = await api.call('POST', '/api/reports', {
      token,
      body: { sourceRunId: analyst.items[0]!.runsUsed[0]!.runId },
    });
    expect(refused.statusCode).toBe(403);
  });
});
