// GET /api/data-quality and its settings on a hand-made database (issue 26, decision 0065), and
// the warnings a run gets at submission from the same checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataQualityResponse, RunCreated } from '@fonrisk/contracts';
import {
  fxRates,
  holdings,
  instruments,
  marketSeries,
  marketValues,
  portfolios,
  tickerMappings,
} from '@fonrisk/db';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { createDataQualityService } from './data-quality.service.ts';

/** Past dates, so that "today" asked for is never after the clock. */
const DAYS = [
  '2025-03-03',
  '2025-03-04',
  '2025-03-05',
  '2025-03-06',
  '2025-03-07',
  '2025-03-10',
  '2025-03-11',
];
const TODAY = DAYS[DAYS.length - 1]!;

/** A liquidity test of one fund on TODAY, submitted as the given user: the run with its warnings. */
async function submitLiquidityTest(api: TestApi, token: string, code: string): Promise<RunCreated> {
  const r = await api.call('POST', '/api/analyses/runs', {
    token,
    body: { analysisType: 'liquidity-test', inputs: { portfolioCodes: [code], asOfDate: TODAY } },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<RunCreated>();
}

describe('the morning data-quality view (issue 26)', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    const db = api.database.db;
    await db.insert(portfolios).values([
      { code: 'DQ-A', name: 'DQ A Fonu', kind: 'fund' },
      { code: 'DQ-B', name: 'DQ B Fonu', kind: 'fund' },
      { code: 'DQ-M', name: 'DQ müşteri', kind: 'customer' },
    ]);
    await db.insert(instruments).values([
      { code: 'DQ-FLAT', name: 'Düz Hisse', mainType: 'stock', currency: 'TRY' },
      { code: 'DQ-MOVE', name: 'Hareketli Hisse', mainType: 'stock', currency: 'TRY' },
      { code: 'DQ-NOMAP', name: 'Eşlenmemiş Hisse', mainType: 'stock', currency: 'TRY' },
      { code: 'DQ-USD', name: 'Dolar mevduat', mainType: 'deposit', currency: 'USD' },
    ]);
    await db.insert(marketSeries).values([
      { ticker: 'DQ-FLAT', name: 'Düz', kind: 'price', currency: 'TRY' },
      { ticker: 'DQ-MOVE', name: 'Hareketli', kind: 'price', currency: 'TRY' },
    ]);
    // DQ-FLAT is 10 on every day; DQ-MOVE moves every day: 6 market-moving days after 03.03.
    await db
      .insert(marketValues)
      .values([
        ...DAYS.map((date) => ({ ticker: 'DQ-FLAT', date, value: 10 })),
        ...DAYS.map((date, k) => ({ ticker: 'DQ-MOVE', date, value: 20 + k })),
      ]);
    await db.insert(tickerMappings).values([
      { instrumentCode: 'DQ-FLAT', seriesTicker: 'DQ-FLAT', mappingKind: 'direct' },
      { instrumentCode: 'DQ-MOVE', seriesTicker: 'DQ-MOVE', mappingKind: 'direct' },
    ]);
    // The last USD rate is of 01.03.2025: ten days before today, missing.
    await db.insert(fxRates).values({ currency: 'USD', date: '2025-03-01', forexBuying: 36 });
    // DQ-A today: NAV 1000 = 500 flat + 300 moving + 100 unmapped + 100 USD. The file's FTD (%)
    // says 50 + 30 + 10 + 5 = 95 % for 1000 TL: reported NAV 1000 / 0.95 = 1052.63, gap -5 %.
    const line = (rowNo: number, instrumentCode: string, value: number, ftd: number) => ({
      portfolioCode: 'DQ-A',
      portfolioDate: TODAY,
      rowNo,
      instrumentCode,
      currentValue: value,
      columns: { totalByFTD: ftd },
    });
    await db
      .insert(holdings)
      .values([
        line(1, 'DQ-FLAT', 500, 50),
        line(2, 'DQ-MOVE', 300, 30),
        line(3, 'DQ-NOMAP', 100, 10),
        line(4, 'DQ-USD', 100, 5),
      ]);
    await db.insert(holdings).values({
      portfolioCode: 'DQ-B',
      portfolioDate: '2025-03-10',
      rowNo: 1,
      instrumentCode: 'DQ-MOVE',
      currentValue: 1000,
    });
  });
  afterAll(() => api.close());

  async function view(token: string, query = `?date=${TODAY}`): Promise<DataQualityResponse> {
    const r = await api.call('GET', `/api/data-quality${query}`, { token });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<DataQualityResponse>();
  }

  it('lists every fund with what its data is missing and the screen that fixes it', async () => {
    const v = await view(runner);
    expect(v.today).toBe(TODAY);
    expect(v.todaySource).toBe('request');
    expect(v.funds.map((f) => f.portfolioCode)).toEqual(['DQ-A', 'DQ-B']);
    const a = v.funds[0]!;
    expect(a.holdingsArrived).toBe(true);
    expect(a.navFromHoldings).toBe(1000);
    expect(a.reportedNav).toBeCloseTo(1000 / 0.95, 6);
    expect(a.navGapPct).toBeCloseTo(-5, 9);
    expect(a.unmappedWeightPct).toBe(10);
    expect(a.findings.map((f) => [f.check, f.instrumentCode, f.fixRoute])).toEqual([
      ['unmapped', null, 'ticker-mapper'], // 10 % above the 5 % tolerance
      ['unmapped', 'DQ-NOMAP', 'ticker-mapper'],
      ['stalePrice', 'DQ-FLAT', 'symbol-search'],
      ['fxMissing', null, 'symbol-search'],
      ['navMismatch', null, 'portfolios'],
    ]);
    expect(a.findings[2]!.message).toBe(
      'DQ-A: DQ-FLAT (Düz Hisse) fiyatı (DQ-FLAT) 03.03.2025 tarihinden beri 10 değerinde; piyasa bu sürede 6 gün hareket etti (eşik 5 gün).',
    );
    const b = v.funds[1]!;
    expect(b.holdingsArrived).toBe(false);
    expect(b.findings[0]!.message).toBe(
      'DQ-B: 11.03.2025 tarihli portföy dağılımı gelmedi; son dağılım 10.03.2025 tarihli.',
    );
  });

  it('takes the latest market-data date as today when none is asked', async () => {
    const v = await view(runner, '');
    expect(v.todaySource).toBe('marketData');
    expect(v.today).toBe(TODAY);
  });

  it('refuses a future date in Turkish', async () => {
    const r = await api.call('GET', '/api/data-quality?date=2999-01-01', { token: runner });
    expect(r.statusCode).toBe(400);
    expect(r.json<{ detail: string }>().detail).toContain('01.01.2999 henüz gelmedi');
  });

  it('uses the saved tolerances; observers read but cannot save them', async () => {
    const body = { staleDays: 7, jumpSigma: 5, jumpWindowDays: 60, navTolerancePct: 6 };
    const denied = await api.call('PUT', '/api/data-quality/settings', { token: observer, body });
    expect(denied.statusCode).toBe(403);
    const bad = await api.call('PUT', '/api/data-quality/settings', {
      token: runner,
      body: { ...body, staleDays: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('bayat fiyat gün sayısı en az 2 olabilir');
    const saved = await api.call('PUT', '/api/data-quality/settings', { token: runner, body });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await api.call('GET', '/api/data-quality/settings', { token: observer });
    expect(read.json<{ settings: unknown }>().settings).toEqual(body);
    // 6 moving days < 7: not stale; the 5 % NAV gap is inside 6 %.
    const checks = (await view(observer)).funds[0]!.findings.map((f) => f.check);
    expect(checks).toEqual(['unmapped', 'unmapped', 'fxMissing']);
    await api.call('PUT', '/api/data-quality/settings', {
      token: runner,
      body: { ...body, staleDays: 5, navTolerancePct: 0.5 },
    });
  });

  it('lets a run start with the same findings as warnings, and lists it since yesterday', async () => {
    const run = await submitLiquidityTest(api, runner, 'DQ-A');
    const messages = run.dataWarnings.map((w) => w.message);
    expect(messages).toContain(
      'DQ-A: DQ-FLAT (Düz Hisse) fiyatı (DQ-FLAT) 03.03.2025 tarihinden beri 10 değerinde; piyasa bu sürede 6 gün hareket etti (eşik 5 gün).',
    );
    expect(messages.some((m) => m.startsWith('DQ-A: USD kuru'))).toBe(true);
    const v = await view(observer);
    expect(v.runs.find((x) => x.id === run.id)).toMatchObject({
      title: 'Likidite Testi',
      route: 'liquidity-test-result',
      portfolioCodes: ['DQ-A'],
    });
  });

  it('still refuses a run of a fund without holdings on or before its date', async () => {
    const r = await api.call('POST', '/api/analyses/runs', {
      token: runner,
      body: {
        analysisType: 'liquidity-test',
        inputs: { portfolioCodes: ['DQ-B'], asOfDate: '2025-03-07' },
      },
    });
    expect(r.statusCode).toBe(422);
  });

  it("lists the open RMD limit and audit breaches of the user's modules with their screens", async () => {
    const service = createDataQualityService(api.database.db, {
      rmdTracking: {
        list: () =>
          Promise.resolve({
            warningThresholdPct: 80,
            items: [
              {
                portfolioCode: 'DQ-A',
                portfolioName: 'DQ A Fonu',
                approach: 'absolute',
                asOfDate: '2025-03-10',
                runId: null,
                varTry: 300,
                varPct: 0.3,
                limitPct: 0.25,
                usage: 1.2,
                status: 'breach',
                daysInBreach: 2,
              },
              {
                portfolioCode: 'DQ-B',
                portfolioName: 'DQ B Fonu',
                approach: 'absolute',
                asOfDate: '2025-03-10',
                runId: null,
                varTry: 100,
                varPct: 0.1,
                limitPct: 0.25,
                usage: 0.4,
                status: 'ok',
                daysInBreach: 0,
              },
            ],
          }),
      },
      breaches: {
        list: () =>
          Promise.resolve([
            {
              id: 1,
              portfolioCode: 'DQ-B',
              criterionCode: 'K1',
              criterionId: 1,
              criterionName: 'Tek ihraççı sınırı',
              severity: 'breach',
              status: 'open',
              firstDate: '2025-03-07',
              lastDate: '2025-03-10',
              resolvedDate: null,
              dueDate: '2025-03-09',
              ageDays: 4,
              overdue: true,
              lastValue: null,
              limitText: '%10',
              owner: null,
              acceptReason: null,
              isDemo: false,
            },
          ]),
      },
      now: () => new Date('2025-03-11T07:00:00Z'),
    });
    const user = {
      userId: 1,
      role: 'Hesaplayici',
      fullName: 'T',
      tv: 1,
      sid: 's',
      exp: 0,
    } as const;
    const both = await service.view({ ...user, modules: [1, 3] }, TODAY);
    expect(both.since).toBe('2025-03-10');
    expect(both.breaches).toEqual([
      {
        kind: 'limit',
        portfolioCode: 'DQ-A',
        message: 'DQ-A: RMD %30,00, limit %25,00 (kullanım %120,00); 2 gündür limit aşımında.',
        since: '2025-03-10',
        route: 'rmd-tracking',
      },
      {
        kind: 'audit',
        portfolioCode: 'DQ-B',
        message: 'DQ-B: Tek ihraççı sınırı (Açık, 4 gün, süresi geçti).',
        since: '2025-03-07',
        route: 'internal-audit-tracking',
      },
    ]);
    const module2 = await service.view({ ...user, modules: [2] }, TODAY);
    expect(module2.breaches).toEqual([]);
  });
});

describe('the days a market moved (stale prices)', () => {
  let api: TestApi;
  let runner: string;

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    const db = api.database.db;
    await db.insert(portfolios).values([
      { code: 'DQ-C', name: 'DQ C Fonu', kind: 'fund' },
      { code: 'DQ-D', name: 'DQ D Fonu', kind: 'fund' },
      { code: 'DQ-E', name: 'DQ E Fonu', kind: 'fund' },
    ]);
    await db.insert(instruments).values([
      { code: 'DQ-IFLAT', name: 'Düz Endeks Fonu', mainType: 'stock', currency: 'TRY' },
      { code: 'DQ-LATE', name: 'Geç Duran Hisse', mainType: 'stock', currency: 'TRY' },
      { code: 'DQ-OLD', name: 'Eski Fiyatlı Hisse', mainType: 'stock', currency: 'TRY' },
    ]);
    await db.insert(marketSeries).values([
      { ticker: 'DQ-IFLAT', name: 'Düz', kind: 'index', currency: 'TRY' },
      // Not held: an active index that moves on 3 days, and a retired one that moves every day.
      { ticker: 'DQ-ISOME', name: 'Bazen', kind: 'index', currency: 'TRY' },
      { ticker: 'DQ-IOLD', name: 'Eski', kind: 'index', currency: 'TRY', retiredAt: new Date() },
      { ticker: 'DQ-LATE', name: 'Geç', kind: 'price', currency: 'TRY' },
      { ticker: 'DQ-OLD', name: 'Eski', kind: 'price', currency: 'TRY' },
      { ticker: 'DQ-GAP', name: 'Boşluklu', kind: 'price', currency: 'TRY' },
    ]);
    const some = [1, 2, 2, 3, 3, 3, 4];
    // DQ-LATE moves on 04.03, 05.03 and 06.03, then keeps 4 from 06.03 on. DQ-GAP (not held)
    // has no value on 06.03 and 07.03: it moves on 05.03, on 10.03 (8 after 05.03's 6: its
    // previous value is before DQ-LATE's 06.03) and on 11.03. DQ-OLD's one value is of 01.10.2024,
    // before the checks' window.
    const late = [1, 2, 3, 4, 4, 4, 4];
    const gap: Record<string, number> = {
      '2025-03-03': 5,
      '2025-03-04': 5,
      '2025-03-05': 6,
      '2025-03-10': 8,
      '2025-03-11': 7,
    };
    await db
      .insert(marketValues)
      .values([
        ...DAYS.map((date) => ({ ticker: 'DQ-IFLAT', date, value: 10 })),
        ...DAYS.map((date, k) => ({ ticker: 'DQ-ISOME', date, value: some[k]! })),
        ...DAYS.map((date, k) => ({ ticker: 'DQ-IOLD', date, value: 50 + k })),
        ...DAYS.map((date, k) => ({ ticker: 'DQ-LATE', date, value: late[k]! })),
        ...Object.entries(gap).map(([date, value]) => ({ ticker: 'DQ-GAP', date, value })),
        { ticker: 'DQ-OLD', date: '2024-10-01', value: 3 },
      ]);
    await db.insert(tickerMappings).values(
      ['DQ-IFLAT', 'DQ-LATE', 'DQ-OLD'].map((code) => ({
        instrumentCode: code,
        seriesTicker: code,
        mappingKind: 'direct',
      })),
    );
    await db.insert(holdings).values(
      [
        ['DQ-C', 'DQ-IFLAT'],
        ['DQ-D', 'DQ-LATE'],
        ['DQ-E', 'DQ-OLD'],
      ].map(([portfolioCode, instrumentCode]) => ({
        portfolioCode: portfolioCode!,
        portfolioDate: TODAY,
        rowNo: 1,
        instrumentCode: instrumentCode!,
        currentValue: 1000,
      })),
    );
  });
  afterAll(() => api.close());

  /** The stale-price findings of one fund with `staleDays` saved. */
  async function stale(staleDays: number, code = 'DQ-C'): Promise<string[]> {
    const settings = { staleDays, jumpSigma: 5, jumpWindowDays: 60, navTolerancePct: 6 };
    const saved = await api.call('PUT', '/api/data-quality/settings', {
      token: runner,
      body: settings,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const r = await api.call('GET', `/api/data-quality?date=${TODAY}`, { token: runner });
    expect(r.statusCode, r.body).toBe(200);
    return r
      .json<DataQualityResponse>()
      .funds.filter((f) => f.portfolioCode === code)
      .flatMap((f) => f.findings)
      .filter((f) => f.check === 'stalePrice')
      .map((f) => f.message);
  }

  it('counts the days an active series of the kind changed, not the retired one nor unchanged days', async () => {
    // DQ-ISOME changed on 3 days (04.03, 06.03, 11.03); the retired DQ-IOLD moved on every day.
    expect(await stale(4)).toEqual([]);
    expect(await stale(3)).toEqual([
      'DQ-C: DQ-IFLAT (Düz Endeks Fonu) fiyatı (DQ-IFLAT) 03.03.2025 tarihinden beri 10 değerinde; piyasa bu sürede 3 gün hareket etti (eşik 3 gün).',
    ]);
  });

  it("counts a move whose previous value is before the price's last change", async () => {
    expect(await stale(2, 'DQ-D')).toEqual([
      'DQ-D: DQ-LATE (Geç Duran Hisse) fiyatı (DQ-LATE) 06.03.2025 tarihinden beri 4 değerinde; piyasa bu sürede 2 gün hareket etti (eşik 2 gün).',
    ]);
  });

  it('counts every move of the window for a price older than the window', async () => {
    // 04.03, 05.03, 06.03 (DQ-LATE), 05.03, 10.03, 11.03 (DQ-GAP): 5 distinct days.
    expect(await stale(2, 'DQ-E')).toEqual([
      'DQ-E: DQ-OLD (Eski Fiyatlı Hisse) fiyatı (DQ-OLD) 01.10.2024 tarihinden beri 3 değerinde; piyasa bu sürede 5 gün hareket etti (eşik 2 gün).',
    ]);
  });

  it('warns a run of each fund at submission with the same count', async () => {
    // Each fund alone: its own series decide which moves are read.
    await stale(2, 'DQ-D');
    const late = await submitLiquidityTest(api, runner, 'DQ-D');
    expect(late.dataWarnings.map((w) => w.message)).toContain(
      'DQ-D: DQ-LATE (Geç Duran Hisse) fiyatı (DQ-LATE) 06.03.2025 tarihinden beri 4 değerinde; piyasa bu sürede 2 gün hareket etti (eşik 2 gün).',
    );
    const old = await submitLiquidityTest(api, runner, 'DQ-E');
    expect(old.dataWarnings.map((w) => w.message)).toContain(
      'DQ-E: DQ-OLD (Eski Fiyatlı Hisse) fiyatı (DQ-OLD) 01.10.2024 tarihinden beri 3 değerinde; piyasa bu sürede 5 gün hareket etti (eşik 2 gün).',
    );
  });
});
