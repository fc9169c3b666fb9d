import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketSeries, marketValues } from '@fonrisk/db';
import type { Benchmark, BenchmarkReturnPoint, Problem, ReferenceBenchmark } from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { seedMasterData } from '../data-imports/test-support.ts';

const P = 'B';

describe('benchmarks and reference benchmarks', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    await seedMasterData(api.database.db, P);
    await api.database.db.insert(marketSeries).values({ ticker: `${P}ENDEKS`, name: 'Test Endeks', kind: 'index', currency: 'TRY' });
    const values = [
      [`${P}HIS1`, '2025-01-30', 100], [`${P}HIS1`, '2025-01-31', 110], [`${P}HIS1`, '2025-02-03', 121],
      [`${P}ENDEKS`, '2025-01-30', 50], [`${P}ENDEKS`, '2025-01-31', 50], [`${P}ENDEKS`, '2025-02-03', 45],
    ] as const;
    await api.database.db.insert(marketValues).values(values.map(([ticker, date, value]) => ({ ticker, date, value })));
  });
  afterAll(() => api.close());

  const composite = (weights: [number, number]) => ({
    code: `${P}BILESIK`,
    name: 'Bileşik',
    kind: 'composite',
    rebalancing: 'monthly',
    components: [
      { seriesTicker: `${P}HIS1`, weightPct: weights[0] },
      { seriesTicker: `${P}ENDEKS`, weightPct: weights[1] },
    ],
    holdingsPortfolioCode: null,
  });

  it('refuses composite weights not summing to 100 with a problem naming the field', async () => {
    const res = await api.call('POST', '/api/benchmarks', { token: runner, body: composite([60, 30]) });
    expect(res.statusCode).toBe(400);
    expect(res.json<Problem>().errors).toEqual([expect.objectContaining({ field: 'components' })]);
  });

  it('stores a composite benchmark and computes its monthly-rebalanced returns (hand-computed)', async () => {
    expect((await api.call('POST', '/api/benchmarks', { token: observer, body: composite([60, 40]) })).statusCode).toBe(403);
    const created = await api.call('POST', '/api/benchmarks', { token: runner, body: composite([60, 40]) });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<Benchmark>().components).toHaveLength(2);
    const res = await api.call('GET', `/api/benchmarks/${P}BILESIK/returns?from=2025-01-01&to=2025-02-28`, { token: observer });
    const points = res.json<BenchmarkReturnPoint[]>();
    // 31 Jan: 60·1.1 + 40 = 106; reset to 63.6/42.4; 3 Feb: 63.6·1.1 + 42.4·0.9 = 69.96 + 38.16 = 108.12.
    expect(points.map((p) => p.date)).toEqual(['2025-01-30', '2025-01-31', '2025-02-03']);
    expect(points[0]).toEqual({ date: '2025-01-30', return: 0, index: 100 });
    expect(points[1]!.index).toBeCloseTo(106, 10);
    expect(points[2]!.index).toBeCloseTo(108.12, 10);
    expect(points[2]!.return).toBeCloseTo(108.12 / 106 - 1, 12);
  });

  it('assigns a fund its reference benchmark', async () => {
    const put = await api.call('PUT', `/api/reference-benchmarks/${P}FONA`, { token: runner, body: { benchmarkCode: `${P}BILESIK` } });
    expect(put.statusCode, put.body).toBe(200);
    const list = (await api.call('GET', '/api/reference-benchmarks', { token: observer })).json<ReferenceBenchmark[]>();
    expect(list.find((r) => r.portfolioCode === `${P}FONA`)).toEqual({ portfolioCode: `${P}FONA`, portfolioName: 'Test Fon A', benchmarkCode: `${P}BILESIK` });
    const unknown = await api.call('PUT', `/api/reference-benchmarks/${P}FONA`, { token: runner, body: { benchmarkCode: 'YOK' } });
    expect(unknown.statusCode).toBe(404);
  });
});
