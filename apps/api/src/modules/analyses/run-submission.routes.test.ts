import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_TYPE_IDS, type AnalysisType, type RunListResponse } from '@fonrisk/contracts';
import { benchmarks, marketSeries, marketValues, sql } from '@fonrisk/db';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { seedHoldings } from '../../testing/run-fixtures.ts';

interface ProblemBody {
  readonly status: number;
  readonly detail: string;
  readonly errors?: { field: string; message: string }[];
}

/** Holdings of SUB-A on 31.01.2025 and 28.02.2025; prices of SUB-FON on 2, 3 and 6 January. */
const A = 'SUB-A';
const FUND = 'SUB-FON';

/** One request per type naming portfolio (or fund, bond) YOK: every type refuses it. */
const UNKNOWN: { readonly [T in AnalysisType]: { inputs: Record<string, unknown>; code: string } } =
  {
    var: { inputs: { portfolioCodes: ['YOK'], asOfDate: '2025-01-31' }, code: 'YOK' },
    backtest: { inputs: { portfolioCode: 'YOK' }, code: 'YOK' },
    leverage: { inputs: { portfolioCodes: ['YOK'], asOfDate: '2025-01-31' }, code: 'YOK' },
    'incremental-var': { inputs: { portfolioCode: 'YOK', asOfDate: '2025-01-31' }, code: 'YOK' },
    'performance-report': { inputs: { portfolioCode: 'YOK', asOfDate: '2025-01-31' }, code: 'YOK' },
    'customer-performance-report': {
      inputs: { portfolioCode: 'YOK', fromDate: '2025-01-01', toDate: '2025-03-01' },
      code: 'YOK',
    },
    'bond-analysis': {
      inputs: { source: 'instrument', instrumentCode: 'YOKTAHVIL', asOfDate: '2025-01-31' },
      code: 'YOKTAHVIL',
    },
    'internal-audit': { inputs: { portfolioCodes: ['YOK'], asOfDate: '2025-01-31' }, code: 'YOK' },
    'fund-statistics': {
      inputs: { fundCodes: ['YOKFON'], fromDate: '2025-01-01', toDate: '2025-01-31' },
      code: 'YOKFON',
    },
    'risk-value': { inputs: { portfolioCodes: ['YOK'], asOfDate: '2025-01-31' }, code: 'YOK' },
    'stress-test': {
      inputs: { portfolioCodes: ['YOK'], asOfDate: '2025-01-31', scenarioIds: [1] },
      code: 'YOK',
    },
    'liquidity-test': { inputs: { portfolioCodes: ['YOK'], asOfDate: '2025-01-31' }, code: 'YOK' },
    'concentration-risk': {
      inputs: { portfolioCodes: ['YOK'], asOfDate: '2025-01-31' },
      code: 'YOK',
    },
    'active-share': { inputs: { portfolioCodes: ['YOK'], asOfDate: '2025-01-31' }, code: 'YOK' },
    'risk-graphic': {
      inputs: { portfolioCodes: ['YOK'], fromDate: '2025-01-01', toDate: '2025-01-31' },
      code: 'YOK',
    },
  };

describe('refusing at submission what can be known at submission (issue 21)', () => {
  let api: TestApi;
  let runner: string;

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    const db = api.database.db;
    await seedHoldings(db, A, ['2025-01-31', '2025-02-28']);
    await db
      .insert(marketSeries)
      .values({ ticker: FUND, name: 'Fon', kind: 'price', currency: 'TRY' });
    await db.insert(marketValues).values(
      ['2025-01-02', '2025-01-03', '2025-01-06'].map((date, k) => ({
        ticker: FUND,
        date,
        value: 1 + k / 100,
      })),
    );
    await db
      .insert(benchmarks)
      .values({ code: 'SUB-ENDEKS', name: 'Endeks ölçütü', kind: 'composite' });
  });
  afterAll(() => api.close());

  async function runCount(): Promise<number> {
    const list = await api.call('GET', '/api/analyses/runs?limit=1', { token: runner });
    return list.json<RunListResponse>().total;
  }

  async function submit(analysisType: string, inputs: Record<string, unknown>, extra = {}) {
    return api.call('POST', '/api/analyses/runs', {
      token: runner,
      body: { analysisType, inputs, ...extra },
    });
  }

  /** The request is refused with `status`; its reasons are returned; no run was created. */
  async function refused(
    status: number,
    analysisType: string,
    inputs: Record<string, unknown>,
    extra = {},
  ): Promise<ProblemBody> {
    const before = await runCount();
    const response = await submit(analysisType, inputs, extra);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(await runCount(), 'no run is created').toBe(before);
    return response.json<ProblemBody>();
  }

  async function accepted(analysisType: string, inputs: Record<string, unknown>) {
    const response = await submit(analysisType, inputs);
    expect(response.statusCode, response.body).toBe(200);
  }

  describe('an input field the type does not define is refused (400 naming it), never dropped', () => {
    it('refuses confidenceLevel sent to a stress test', async () => {
      const problem = await refused(400, 'stress-test', {
        portfolioCodes: [A],
        asOfDate: '2025-01-31',
        scenarioIds: [1],
        confidenceLevel: -0.99,
      });
      expect(problem.errors).toEqual([
        {
          field: 'inputs.confidenceLevel',
          message: '"confidenceLevel" tanımlı bir alan değil; tanımsız alan kabul edilmez',
        },
      ]);
      expect(problem.detail).toBe(
        'Tanımsız alan gönderildi: inputs.confidenceLevel. Bu alanlar kabul edilmez; istek işlenmedi.',
      );
    });

    it('refuses unknown fields inside nested inputs and beside the inputs', async () => {
      const nested = await refused(400, 'liquidity-test', {
        portfolioCodes: [A],
        asOfDate: '2025-01-31',
        scenarios: [{ name: 'Büyük çıkış', redemptionShare: 0.3, horizonDays: 5, oran: 1 }],
      });
      expect(nested.errors?.map((e) => e.field)).toEqual(['inputs.scenarios.0.oran']);
      const beside = await refused(
        400,
        'leverage',
        { portfolioCodes: [A], asOfDate: '2025-01-31' },
        { priority: 'high' },
      );
      expect(beside.errors?.map((e) => e.field)).toEqual(['priority']);
    });

    it('every analysis type refuses a field it does not define', async () => {
      for (const type of ANALYSIS_TYPE_IDS) {
        const problem = await refused(400, type, { ...UNKNOWN[type].inputs, tanimsizAlan: 1 });
        expect(
          problem.errors?.map((e) => e.field),
          type,
        ).toContain('inputs.tanimsizAlan');
      }
    });
  });

  it('every analysis type refuses an unknown portfolio, fund or bond code (422 naming it)', async () => {
    for (const type of ANALYSIS_TYPE_IDS) {
      const { inputs, code } = UNKNOWN[type];
      const problem = await refused(422, type, inputs);
      expect(problem.detail, type).toContain(code);
      expect(problem.errors?.length, type).toBeGreaterThan(0);
    }
  });

  it('refuses a date before the first holdings, naming the nearest holdings date; the first date itself is accepted', async () => {
    const problem = await refused(422, 'var', { portfolioCodes: [A], asOfDate: '2025-01-30' });
    expect(problem.errors).toEqual([
      {
        field: 'inputs.asOfDate',
        message:
          'SUB-A portföyünün 30.01.2025 veya öncesine ait portföy dağılımı yok; en yakın dağılım tarihi: 31.01.2025.',
      },
    ]);
    await accepted('var', { portfolioCodes: [A], asOfDate: '2025-01-31' });
    // A later date takes the latest holdings on or before it, as the worker does.
    await accepted('leverage', { portfolioCodes: [A], asOfDate: '2025-02-15' });
  });

  it('refuses a range without holdings, naming the nearest dates on both sides; a range reaching one is accepted', async () => {
    const problem = await refused(422, 'internal-audit', {
      portfolioCodes: [A],
      fromDate: '2025-02-01',
      toDate: '2025-02-27',
    });
    expect(problem.errors?.[0]).toEqual({
      field: 'inputs.fromDate',
      message:
        'SUB-A portföyünün 01.02.2025 – 27.02.2025 döneminde portföy dağılımı yok; en yakın dağılım tarihleri: 31.01.2025, 28.02.2025.',
    });
    await accepted('var', { portfolioCodes: [A], fromDate: '2025-02-01', toDate: '2025-02-28' });
  });

  it('refuses a customer report over a period with one valuation; two are accepted', async () => {
    const problem = await refused(422, 'customer-performance-report', {
      portfolioCode: A,
      fromDate: '2025-01-31',
      toDate: '2025-02-27',
    });
    expect(problem.errors?.[0]?.message).toBe(
      'SUB-A portföyünün 31.01.2025 – 27.02.2025 döneminde en az 2 tarihli portföy dağılımı gerekir, 1 var; en yakın dağılım tarihi: 28.02.2025.',
    );
    await accepted('customer-performance-report', {
      portfolioCode: A,
      fromDate: '2025-01-31',
      toDate: '2025-02-28',
    });
  });

  it('refuses a backtest of a portfolio with fewer than two holdings dates up to its end', async () => {
    const problem = await refused(422, 'backtest', { portfolioCode: A, toDate: '2025-02-27' });
    expect(problem.errors?.[0]?.message).toBe(
      'SUB-A portföyünün 27.02.2025 veya öncesinde en az 2 tarihli portföy dağılımı gerekir, 1 var; en yakın dağılım tarihi: 28.02.2025.',
    );
    await accepted('backtest', { portfolioCode: A });
  });

  it('refuses fund statistics over a period without prices, naming the nearest price date', async () => {
    const problem = await refused(422, 'fund-statistics', {
      fundCodes: [FUND],
      fromDate: '2025-02-01',
      toDate: '2025-02-28',
    });
    expect(problem.errors).toEqual([
      {
        field: 'inputs.fundCodes.0',
        message:
          'SUB-FON fonu: 01.02.2025 – 28.02.2025 döneminde fiyat yok; en yakın fiyat tarihi: 06.01.2025.',
      },
    ]);
    const unknownFund = await refused(422, 'fund-statistics', {
      fundCodes: ['YOKFON'],
      fromDate: '2025-01-01',
      toDate: '2025-01-31',
    });
    expect(unknownFund.errors?.[0]?.message).toBe(
      'YOKFON fonu: YOKFON kodlu fiyat serisi bulunamadı.',
    );
    const benchmark = await refused(422, 'fund-statistics', {
      fundCodes: [FUND],
      fromDate: '2025-01-01',
      toDate: '2025-01-31',
      benchmarkTicker: 'YOKENDEKS',
    });
    expect(benchmark.errors?.map((e) => e.field)).toEqual(['inputs.benchmarkTicker']);
    await accepted('fund-statistics', {
      fundCodes: [FUND],
      fromDate: '2025-01-01',
      toDate: '2025-01-06',
    });
  });

  it('refuses unknown stress scenarios and an unknown equity index', async () => {
    const problem = await refused(422, 'stress-test', {
      portfolioCodes: [A],
      asOfDate: '2025-01-31',
      scenarioIds: [999_999],
      equityIndexTicker: 'YOKENDEKS',
    });
    expect(problem.errors).toEqual([
      {
        field: 'inputs.scenarioIds',
        message: 'Stres senaryosu bulunamadı: 999999 numaralı senaryo kayıtlı değil.',
      },
      {
        field: 'inputs.equityIndexTicker',
        message: 'YOKENDEKS kodlu hisse endeksi serisi bulunamadı.',
      },
    ]);
  });

  it('refuses an unknown benchmark and an index benchmark for active share', async () => {
    const unknown = await refused(422, 'active-share', {
      portfolioCodes: [A],
      asOfDate: '2025-01-31',
      benchmarkCode: 'YOKOLCUT',
    });
    expect(unknown.errors).toEqual([
      { field: 'inputs.benchmarkCode', message: 'YOKOLCUT kodlu karşılaştırma ölçütü bulunamadı.' },
    ]);
    const index = await refused(422, 'active-share', {
      portfolioCodes: [A],
      asOfDate: '2025-01-31',
      benchmarkCode: 'SUB-ENDEKS',
    });
    expect(index.errors?.[0]?.message).toContain('SUB-ENDEKS (Endeks ölçütü) bir endeks bileşimi');
    const none = await refused(422, 'active-share', {
      portfolioCodes: [A],
      asOfDate: '2025-01-31',
    });
    expect(none.errors?.[0]?.message).toContain('SUB-A fonunun karşılaştırma ölçütü tanımlı değil');
  });

  it('refuses a performance report of a fund without a unit-price series', async () => {
    const problem = await refused(422, 'performance-report', {
      portfolioCode: A,
      asOfDate: '2025-01-31',
    });
    expect(problem.errors?.[0]?.message).toBe(
      'SUB-A fonunun birim pay fiyatı serisi bulunamadı (fon koduyla ya da sembol eşleştirmesiyle tanımlı bir fiyat serisi gerekir).',
    );
  });

  it('refuses what-if trades and hedges naming unknown instruments', async () => {
    const problem = await refused(422, 'incremental-var', {
      portfolioCode: A,
      asOfDate: '2025-01-31',
      trades: [{ instrumentCode: 'YOKHISSE', valueChangeTry: 100 }],
    });
    expect(problem.errors).toEqual([
      {
        field: 'inputs.trades.0.instrumentCode',
        message: 'YOKHISSE kodlu varlık tanımı bulunamadı.',
      },
    ]);
  });

  it('refuses a rerun whose portfolio lost its holdings', async () => {
    const db = api.database.db;
    await seedHoldings(db, 'SUB-B', ['2025-01-31']);
    const first = await submit('concentration-risk', {
      portfolioCodes: ['SUB-B'],
      asOfDate: '2025-01-31',
    });
    expect(first.statusCode).toBe(200);
    const { id } = first.json<{ id: string }>();
    await db.execute(sql`DELETE FROM holdings WHERE portfolio_code = 'SUB-B'`);
    const again = await api.call('POST', `/api/analyses/runs/${id}/rerun`, { token: runner });
    expect(again.statusCode).toBe(422);
    expect(again.json<ProblemBody>().detail).toContain('SUB-B portföyünün 31.01.2025');
  });
});
