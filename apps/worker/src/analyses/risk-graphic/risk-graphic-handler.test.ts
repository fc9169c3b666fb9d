import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RiskGraphicResultSchema, type RiskGraphicInputs } from '@fonrisk/contracts';
import {
  analysisRuns,
  holdings,
  instruments,
  marketSeries,
  marketValues,
  portfolios,
  tickerMappings,
} from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { fakeContext } from '../testing/fake-context.ts';
import { riskGraphicHandler } from './risk-graphic-handler.ts';

// 41 business days from 2026-02-02; fund returns written here (40 daily returns each).
const DAYS: string[] = [];
for (let t = Date.UTC(2026, 1, 2); DAYS.length < 41; t += 86_400_000) {
  const d = new Date(t);
  if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) DAYS.push(d.toISOString().slice(0, 10));
}
const LAST = DAYS.at(-1)!;
const ra = (k: number): number => 0.01 * Math.sin(k);
const rb = (k: number): number => -0.5 * ra(k) + 0.004 * Math.cos(3 * k);

function prices(ticker: string, ret: (k: number) => number) {
  let p = 10;
  return DAYS.map((date, k) => {
    if (k > 0) p *= 1 + ret(k);
    return { ticker, date, value: p };
  });
}
const mean = (x: readonly number[]) => x.reduce((s, v) => s + v, 0) / x.length;
function pearson(x: readonly number[], y: readonly number[]): number {
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await db.insert(marketSeries).values([
    { ticker: 'RGA', name: 'RGA fiyat', kind: 'price', currency: 'TRY' },
    { ticker: 'RGB', name: 'RGB fiyat', kind: 'price', currency: 'TRY' },
  ]);
  await db.insert(marketValues).values([...prices('RGA', ra), ...prices('RGB', rb)]);
  await db.insert(portfolios).values([
    { code: 'RGA', name: 'Grafik Fonu A', kind: 'fund' },
    { code: 'RGB', name: 'Grafik Fonu B', kind: 'fund' },
    { code: 'RGX', name: 'Boş Fon', kind: 'fund' },
  ]);
  await db.insert(instruments).values([
    { code: 'SA', name: 'Hisse A', mainType: 'stock', currency: 'TRY', issuer: 'A Holding' },
    { code: 'SB', name: 'Hisse B', mainType: 'stock', currency: 'TRY', issuer: 'B Sanayi' },
    { code: 'CASH', name: 'Nakit', mainType: 'cash', currency: 'TRY' },
  ]);
  await db.insert(tickerMappings).values([
    { instrumentCode: 'SA', seriesTicker: 'RGA', mappingKind: 'direct' },
    { instrumentCode: 'SB', seriesTicker: 'RGB', mappingKind: 'direct' },
  ]);
  const line = (
    portfolioCode: string,
    rowNo: number,
    instrumentCode: string,
    currentValue: number,
  ) => ({
    portfolioCode,
    portfolioDate: LAST,
    rowNo,
    instrumentCode,
    currentValue,
    currency: 'TRY',
  });
  await db
    .insert(holdings)
    .values([
      line('RGA', 1, 'SA', 600),
      line('RGA', 2, 'SB', 300),
      line('RGA', 3, 'CASH', 100),
      line('RGB', 1, 'SB', 2000),
      line('RGB', 2, 'CASH', -50),
    ]);
  const point = (portfolioCode: string, date: string, varPct: number) => ({
    portfolioCode,
    date,
    navTry: 1000,
    varTry: varPct * 1000,
    varPct,
    esTry: 0,
    esPct: 0,
    approach: 'absolute',
    referenceVarPct: null,
    limitPct: 0.2,
    usage: varPct / 0.2,
    status: 'ok',
  });
  const run = (finishedAt: string, series: unknown[]) => ({
    analysisType: 'var',
    status: 'done',
    inputs: {},
    portfolioCodes: ['RGA'],
    createdByName: 'Test',
    finishedAt: new Date(finishedAt),
    result: { series },
  });
  await db.insert(analysisRuns).values([
    run('2026-03-01T10:00:00Z', [point('RGA', DAYS[5]!, 0.05), point('RGA', DAYS[6]!, 0.06)]),
    // A later run supersedes the same date; a date outside the period is left out.
    run('2026-03-02T10:00:00Z', [point('RGA', DAYS[6]!, 0.1), point('RGA', '2025-01-02', 0.3)]),
  ]);
});
afterAll(() => database.drop());

const inputs = (more: Partial<RiskGraphicInputs> = {}): RiskGraphicInputs => ({
  portfolioCodes: ['RGA', 'RGB'],
  fromDate: DAYS[0]!,
  toDate: LAST,
  correlationBasis: 'portfolios',
  topPositions: 10,
  ...more,
});

describe('risk-graphic handler', () => {
  it('draws VaR usage, risk/return, correlation and exposure from stored data', async () => {
    const { result } = await riskGraphicHandler.run(fakeContext(database.db, inputs()));
    expect(() => RiskGraphicResultSchema.parse(result)).not.toThrow();
    expect(Object.keys(result.charts)).toEqual([
      'varUsage',
      'riskReturn',
      'correlation',
      'exposure',
    ]);
    // Each chart's panel has its PNG button (and paper none): no ECharts download icon on the plot.
    for (const chart of Object.values(result.charts))
      expect(chart.option['toolbox']).toBeUndefined();

    expect(result.tables['varUsage']!.rows).toEqual([
      expect.objectContaining({ date: DAYS[5], varPct: 0.05, usage: 0.25 }),
      expect.objectContaining({ date: DAYS[6], varPct: 0.1, usage: 0.5 }),
    ]);

    const a = DAYS.slice(1).map((_, i) => ra(i + 1));
    const b = DAYS.slice(1).map((_, i) => rb(i + 1));
    const vol = (r: number[]) =>
      Math.sqrt(r.reduce((s, v) => s + (v - mean(r)) ** 2, 0) / (r.length - 1)) * Math.sqrt(252);
    const growth = (r: number[]) => r.reduce((p, v) => p * (1 + v), 1) ** (252 / r.length) - 1;
    const [pa, pb] = result.points;
    expect(pa).toMatchObject({ portfolioCode: 'RGA', navTry: 1000, observations: 40 });
    expect(pa!.annualizedVolatility).toBeCloseTo(vol(a), 12);
    expect(pa!.annualizedReturn).toBeCloseTo(growth(a), 12);
    expect(pb!.navTry).toBe(1950);
    expect(pb!.annualizedVolatility).toBeCloseTo(vol(b), 12);

    const corr = result.tables['correlation']!.rows;
    expect(corr[0]).toMatchObject({ label: 'RGA', RGA: 1 });
    expect(corr[0]!['RGB']).toBeCloseTo(pearson(a, b), 12);

    const exposure = result.charts['exposure']!.option['series'] as { data: unknown[] }[];
    expect(exposure[0]!.data).toEqual([
      {
        name: 'Hisse Senedi',
        children: [
          { name: 'A Holding', children: [{ name: 'Hisse A', value: 600 }] },
          { name: 'B Sanayi', children: [{ name: 'Hisse B', value: 2300 }] },
        ],
      },
      {
        name: expect.any(String) as string,
        children: [{ name: 'İhraççısız', children: [{ name: 'Nakit', value: 100 }] }],
      },
    ]);
    expect(result.notes).toContainEqual(expect.stringMatching(/eksi değerli 1 satır/));
  });

  it('correlates the first portfolio’s largest positions through their series', async () => {
    const { result } = await riskGraphicHandler.run(
      fakeContext(database.db, inputs({ correlationBasis: 'positions', topPositions: 2 })),
    );
    expect(result.charts['correlation']!.title).toBe(
      'RGA: En Büyük 2 Pozisyonun Getiri Korelasyonu',
    );
    const a = DAYS.slice(1).map((_, i) => ra(i + 1));
    const b = DAYS.slice(1).map((_, i) => rb(i + 1));
    expect(result.tables['correlation']!.rows[0]!['SB']).toBeCloseTo(pearson(a, b), 12);
  });

  it('answers a period with no data at all in Turkish', async () => {
    await expect(
      riskGraphicHandler.run(
        fakeContext(
          database.db,
          inputs({ portfolioCodes: ['RGX'], fromDate: '2020-01-01', toDate: '2020-06-01' }),
        ),
      ),
    ).rejects.toThrow(
      'RGX için 2020-01-01 – 2020-06-01 döneminde veri yok (portföy kaydı, birim pay fiyatı ve RMD sonucu bulunamadı).',
    );
    await expect(
      riskGraphicHandler.run(fakeContext(database.db, inputs({ portfolioCodes: ['YOK'] }))),
    ).rejects.toThrow('YOK kodlu portföy bulunamadı.');
  });
});
