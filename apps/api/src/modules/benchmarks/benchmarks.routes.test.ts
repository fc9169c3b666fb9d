import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eq,
  fxRates,
  holdings,
  instruments,
  marketSeries,
  marketValues,
  marketValuesDerived,
  portfolios,
  tickerMappings,
} from '@fonrisk/db';
import type { Benchmark, BenchmarkReturns, Problem, ReferenceBenchmark } from '@fonrisk/contracts';
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
    await api.database.db
      .insert(marketSeries)
      .values({ ticker: `${P}ENDEKS`, name: 'Test Endeks', kind: 'index', currency: 'TRY' });
    const values = [
      [`${P}HIS1`, '2025-01-30', 100],
      [`${P}HIS1`, '2025-01-31', 110],
      [`${P}HIS1`, '2025-02-03', 121],
      [`${P}ENDEKS`, '2025-01-30', 50],
      [`${P}ENDEKS`, '2025-01-31', 50],
      [`${P}ENDEKS`, '2025-02-03', 45],
    ] as const;
    await api.database.db
      .insert(marketValues)
      .values(values.map(([ticker, date, value]) => ({ ticker, date, value })));
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
    const res = await api.call('POST', '/api/benchmarks', {
      token: runner,
      body: composite([60, 30]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Problem>().errors).toEqual([expect.objectContaining({ field: 'components' })]);
  });

  it('stores a composite benchmark and computes its monthly-rebalanced returns (hand-computed)', async () => {
    expect(
      (await api.call('POST', '/api/benchmarks', { token: observer, body: composite([60, 40]) }))
        .statusCode,
    ).toBe(403);
    const created = await api.call('POST', '/api/benchmarks', {
      token: runner,
      body: composite([60, 40]),
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<Benchmark>().components).toHaveLength(2);
    const res = await api.call(
      'GET',
      `/api/benchmarks/${P}BILESIK/returns?from=2025-01-01&to=2025-02-28`,
      { token: observer },
    );
    const { points, unmapped } = res.json<BenchmarkReturns>();
    expect(unmapped).toEqual([]);
    // 31 Jan: 60·1.1 + 40 = 106; reset to 63.6/42.4; 3 Feb: 63.6·1.1 + 42.4·0.9 = 69.96 + 38.16 = 108.12.
    expect(points.map((p) => p.date)).toEqual(['2025-01-30', '2025-01-31', '2025-02-03']);
    expect(points[0]).toEqual({ date: '2025-01-30', return: 0, index: 100 });
    expect(points[1]!.index).toBeCloseTo(106, 10);
    expect(points[2]!.index).toBeCloseTo(108.12, 10);
    expect(points[2]!.return).toBeCloseTo(108.12 / 106 - 1, 12);
  });

  it('reads shares as total return and chains a return series into levels (hand-computed)', async () => {
    const db = api.database.db;
    await db.insert(marketSeries).values({
      ticker: `${P}GETIRI`,
      name: 'Test getiri serisi',
      kind: 'return',
      currency: 'TRY',
    });
    // Daily returns in percent: +0,5 (first, not used), +2, −1.
    await db.insert(marketValues).values([
      { ticker: `${P}GETIRI`, date: '2025-01-30', value: 0.5 },
      { ticker: `${P}GETIRI`, date: '2025-01-31', value: 2 },
      { ticker: `${P}GETIRI`, date: '2025-02-03', value: -1 },
    ]);
    // A dividend before 31 January: the total-return close of 30 January is 90 (raw 100).
    await db.insert(marketValuesDerived).values([
      { ticker: `${P}HIS1`, date: '2025-01-30', adjusted: 100, totalReturn: 90 },
      { ticker: `${P}HIS1`, date: '2025-01-31', adjusted: 110, totalReturn: 110 },
      { ticker: `${P}HIS1`, date: '2025-02-03', adjusted: 121, totalReturn: 121 },
    ]);
    const created = await api.call('POST', '/api/benchmarks', {
      token: runner,
      body: {
        ...composite([50, 50]),
        code: `${P}TOPLAM`,
        components: [
          { seriesTicker: `${P}HIS1`, weightPct: 50 },
          { seriesTicker: `${P}GETIRI`, weightPct: 50 },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const res = await api.call(
      'GET',
      `/api/benchmarks/${P}TOPLAM/returns?from=2025-01-01&to=2025-02-28`,
      { token: observer },
    );
    const body = res.json<BenchmarkReturns>();
    expect(body.priceBasis).toBe('totalReturn');
    // 31 Jan: 50·110/90 + 50·1.02 (the return +2 %, not a price of 2); reset to halves at month
    // end; 3 Feb: half·1.1 + half·0.99. Raw prices would give 50·1.1 + 51 = 106 on 31 Jan.
    const jan = 50 * (110 / 90) + 50 * 1.02;
    expect(body.points[1]!.index).toBeCloseTo(jan, 10);
    expect(body.points[2]!.index).toBeCloseTo((jan / 2) * 1.1 + (jan / 2) * 0.99, 10);
    await db.delete(marketValuesDerived).where(eq(marketValuesDerived.ticker, `${P}HIS1`));
  });

  it('assigns a fund its reference benchmark', async () => {
    const put = await api.call('PUT', `/api/reference-benchmarks/${P}FONA`, {
      token: runner,
      body: { benchmarkCode: `${P}BILESIK` },
    });
    expect(put.statusCode, put.body).toBe(200);
    const list = (await api.call('GET', '/api/reference-benchmarks', { token: observer })).json<
      ReferenceBenchmark[]
    >();
    expect(list.find((r) => r.portfolioCode === `${P}FONA`)).toEqual({
      portfolioCode: `${P}FONA`,
      portfolioName: 'Test Fon A',
      benchmarkCode: `${P}BILESIK`,
    });
    const unknown = await api.call('PUT', `/api/reference-benchmarks/${P}FONA`, {
      token: runner,
      body: { benchmarkCode: 'YOK' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('values a holdings benchmark from its latest snapshot with mapped series and FX, reporting the unmapped (hand-computed)', async () => {
    const db = api.database.db;
    await db.insert(marketSeries).values({
      ticker: `${P}USDHIS`,
      name: 'Yabancı Hisse (USD)',
      kind: 'price',
      currency: 'USD',
    });
    await db.insert(instruments).values({
      code: `${P}YAB`,
      name: 'Yabancı Hisse',
      mainType: 'stock',
      currency: 'USD',
      terms: { kind: 'none' },
    });
    const usd = [
      ['2025-01-30', 10, 30],
      ['2025-01-31', 10, 33],
      ['2025-02-03', 11, 33],
      ['2025-02-04', 12, null],
    ] as const;
    await db
      .insert(marketValues)
      .values(usd.map(([date, value]) => ({ ticker: `${P}USDHIS`, date, value })));
    await db
      .insert(fxRates)
      .values(
        usd.flatMap(([date, , rate]) =>
          rate === null ? [] : [{ currency: 'USD', date, forexBuying: rate }],
        ),
      );
    await db.insert(tickerMappings).values([
      { instrumentCode: `${P}HIS1`, seriesTicker: `${P}HIS1`, mappingKind: 'direct' },
      { instrumentCode: `${P}YAB`, seriesTicker: `${P}USDHIS`, mappingKind: 'direct' },
    ]);
    // BHIS2 has a series of the same code but no mapping: only mapped series count.
    const row = (date: string, rowNo: number, code: string, currentValue: number) => ({
      portfolioCode: `${P}FONB`,
      portfolioDate: date,
      rowNo,
      instrumentCode: code,
      currentValue,
    });
    await db
      .insert(holdings)
      .values([
        row('2025-01-30', 1, `${P}HIS1`, 400),
        row('2025-01-30', 2, `${P}HIS1`, 200),
        row('2025-01-30', 3, `${P}YAB`, 300),
        row('2025-01-30', 4, `${P}HIS2`, 100),
        row('2025-02-03', 1, `${P}HIS1`, 200),
        row('2025-02-03', 2, `${P}YAB`, 800),
      ]);
    const body = {
      code: `${P}PORTFOY`,
      name: 'Portföy Tabanlı',
      kind: 'holdings',
      rebalancing: 'monthly',
      components: [],
      holdingsPortfolioCode: `${P}FONB`,
    };
    const created = await api.call('POST', '/api/benchmarks', { token: runner, body });
    expect(created.statusCode, created.body).toBe(200);

    const res = await api.call(
      'GET',
      `/api/benchmarks/${P}PORTFOY/returns?from=2025-01-01&to=2025-02-28`,
      { token: observer },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { points, unmapped } = res.json<BenchmarkReturns>();
    expect(points.map((p) => p.date)).toEqual([
      '2025-01-30',
      '2025-01-31',
      '2025-02-03',
      '2025-02-04',
    ]);
    // 31 Jan: 600·1.1 + 300·(10·33)/(10·30) + 100 = 1090. 3 Feb (30 Jan holdings, drifted):
    // 600·1.21 + 300·(11·33)/300 + 100 = 1189. 4 Feb (3 Feb holdings; HIS1 has no value, the
    // 3 Feb rate carries): 200 + 800·12/11.
    expect(points[1]!.index).toBeCloseTo(109, 10);
    expect(points[2]!.index).toBeCloseTo(118.9, 10);
    expect(points[3]!.return).toBeCloseTo((200 + (800 * 12) / 11) / 1000 - 1, 12);
    expect(points[3]!.index).toBeCloseTo(118.9 * (1 + 800 / 11 / 1000), 10);
    expect(unmapped).toEqual([
      {
        instrumentCode: `${P}HIS2`,
        instrumentName: 'İkinci Hisse',
        maxWeightPct: 10,
        reason: 'eşlenmiş seri yok',
      },
    ]);

    const later = (
      await api.call('GET', `/api/benchmarks/${P}PORTFOY/returns?from=2025-01-31&to=2025-02-03`, {
        token: observer,
      })
    ).json<BenchmarkReturns>();
    expect(later.points.map((p) => [p.date, p.index])).toEqual([
      ['2025-01-31', 100],
      ['2025-02-03', expect.closeTo((100 * 1189) / 1090, 10)],
    ]);
  });

  it('answers 409 for the returns of a holdings benchmark whose portfolio was deleted', async () => {
    const db = api.database.db;
    await db
      .insert(portfolios)
      .values({ code: `${P}GECICI`, name: 'Geçici', kind: 'fund', currency: 'TRY' });
    const body = {
      code: `${P}GECICIOLCUT`,
      name: 'Geçici Ölçüt',
      kind: 'holdings',
      rebalancing: 'monthly',
      components: [],
      holdingsPortfolioCode: `${P}GECICI`,
    };
    expect((await api.call('POST', '/api/benchmarks', { token: runner, body })).statusCode).toBe(
      200,
    );
    const empty = await api.call(
      'GET',
      `/api/benchmarks/${P}GECICIOLCUT/returns?from=2025-01-01&to=2025-02-28`,
      { token: observer },
    );
    expect(empty.json<BenchmarkReturns>(), 'no snapshots: no points').toEqual({
      points: [],
      unmapped: [],
      priceBasis: 'totalReturn',
    });
    await db.delete(portfolios).where(eq(portfolios.code, `${P}GECICI`));
    const res = await api.call(
      'GET',
      `/api/benchmarks/${P}GECICIOLCUT/returns?from=2025-01-01&to=2025-02-28`,
      { token: observer },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json<Problem>().detail).toContain('portföyü silinmiş');
  });
});
