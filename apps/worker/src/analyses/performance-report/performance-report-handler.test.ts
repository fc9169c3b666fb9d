import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PerformanceReportResultSchema } from '@fonrisk/contracts';
import {
  benchmarkComponents,
  benchmarks,
  eq,
  holdings,
  indexConstituents,
  instruments,
  marketSeries,
  marketValues,
  portfolioFeeRates,
  portfolios,
} from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { monthsBefore } from '@fonrisk/risk';
import { AnalysisInputError } from '../../runner/errors.ts';
import { fakeContext } from '../testing/fake-context.ts';
import { indexSectorSegments } from './index-sectors.ts';
import { performanceReportHandler } from './performance-report-handler.ts';

function businessDays(start: string, n: number): string[] {
  const out: string[] = [];
  for (let d = Date.parse(`${start}T00:00:00Z`); out.length < n; d += 86_400_000) {
    const day = new Date(d).getUTCDay();
    if (day !== 0 && day !== 6) out.push(new Date(d).toISOString().slice(0, 10));
  }
  return out;
}

const DATES = businessDays('2025-01-02', 70);
const unit = (t: number) => 1.5 * (1 + 0.0008 * t + 0.01 * Math.sin(t / 3));
const idxA = (t: number) => 1000 * (1 + 0.001 * t + 0.02 * Math.cos(t / 5));
const idxB = (t: number) => 500 * (1 + 0.0004 * t);
const stock = (t: number) => 20 * (1 + 0.0015 * t + 0.03 * Math.sin(t / 4));
const SNAPSHOTS = [0, 30, 60];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await db.insert(marketSeries).values([
    { ticker: 'PFON', name: 'Test fonu birim pay fiyatı', kind: 'price', currency: 'TRY' },
    { ticker: 'IDXA', name: 'BIST Test Getiri Endeksi', kind: 'index', currency: 'TRY' },
    { ticker: 'IDXB', name: 'Para Piyasası Test Endeksi', kind: 'index', currency: 'TRY' },
  ]);
  await db.insert(marketValues).values(
    DATES.flatMap((date, t) => [
      { ticker: 'PFON', date, value: unit(t) },
      { ticker: 'IDXA', date, value: idxA(t) },
      { ticker: 'IDXB', date, value: idxB(t) },
    ]),
  );
  await db.insert(benchmarks).values({ code: 'PBM', name: 'Test ölçütü', kind: 'composite' });
  await db.insert(benchmarkComponents).values([
    { benchmarkCode: 'PBM', seriesTicker: 'IDXA', weightPct: 60 },
    { benchmarkCode: 'PBM', seriesTicker: 'IDXB', weightPct: 40 },
  ]);
  await db.insert(portfolios).values({
    code: 'PFON',
    name: 'Test Fonu',
    kind: 'fund',
    referenceBenchmarkCode: 'PBM',
  });
  await db.insert(instruments).values([
    { code: 'STK1', name: 'Hisse 1', mainType: 'stock', currency: 'TRY' },
    { code: 'REPO1', name: 'Ters Repo', mainType: 'reverseRepo', currency: 'TRY' },
  ]);
  await db.insert(holdings).values(
    SNAPSHOTS.flatMap((t) => [
      {
        portfolioCode: 'PFON',
        portfolioDate: DATES[t]!,
        rowNo: 1,
        instrumentCode: 'STK1',
        mainType: 'stock',
        nominalValue: 1000,
        currentValue: 1000 * stock(t),
      },
      {
        portfolioCode: 'PFON',
        portfolioDate: DATES[t]!,
        rowNo: 2,
        instrumentCode: 'REPO1',
        mainType: 'reverseRepo',
        nominalValue: 10_000 * (1 + 0.0005 * t),
        currentValue: 10_000 * (1 + 0.0005 * t),
      },
    ]),
  );
});
afterAll(() => database.drop());

describe('performance-report handler on a hand-made fund', () => {
  const last = DATES.at(-1)!;

  it('returns from unit prices, gross by the fee add-back, attribution summing to the active return', async () => {
    const ctx = fakeContext(database.db, {
      portfolioCode: 'PFON',
      asOfDate: last,
      fromDate: DATES[0]!,
      annualFeeRatePct: 3.65,
    });
    const { result } = await performanceReportHandler.run(ctx);
    expect(() => PerformanceReportResultSchema.parse(result)).not.toThrow();
    // 1M: the price a month before the last date (or the last one before it) to the last price.
    const since = monthsBefore(last, 1);
    const s = DATES.filter((d) => d <= since).length - 1;
    const oneMonth = result.periods.find((p) => p.period === '1M')!;
    expect(oneMonth.net).toBeCloseTo(unit(DATES.length - 1) / unit(s) - 1, 12);
    // Gross: each day's return plus 3,65 % × calendar days / 365.
    let g = 1;
    for (let t = s + 1; t < DATES.length; t++) {
      const days = (Date.parse(DATES[t]!) - Date.parse(DATES[t - 1]!)) / 86_400_000;
      g *= unit(t) / unit(t - 1) + (0.0365 * days) / 365;
    }
    expect(oneMonth.gross).toBeCloseTo(g - 1, 12);
    // Benchmark: 60/40 of the two indices, monthly rebalanced, compounded over the same month.
    expect(oneMonth.benchmark).not.toBeNull();
    const a = result.byAssetClass!;
    expect(a.linking).toBe('Carino (1999)');
    expect(a.periods).toBe(SNAPSHOTS.length - 1);
    expect(a.allocation + a.selection + a.interaction).toBeCloseTo(a.activeReturn, 12);
    expect(a.segments.map((x) => x.segment).sort()).toEqual([
      'Hisse Senedi',
      'Para Piyasası ve Mevduat',
    ]);
    // Holdings-based portfolio return: value-weighted unit-value changes, chained over the periods.
    const nav = (t: number) => 1000 * stock(t) + 10_000 * (1 + 0.0005 * t);
    let h = 1;
    for (let k = 1; k < SNAPSHOTS.length; k++) {
      const t0 = SNAPSHOTS[k - 1]!;
      const t1 = SNAPSHOTS[k]!;
      h *= 1 + ((1000 * stock(t0)) / nav(t0)) * (stock(t1) / stock(t0) - 1);
    }
    expect(a.portfolioReturn).toBeCloseTo(h - 1, 12);
    const contribution = result.tables['contributions']!.rows.reduce(
      (sum, r) => sum + (r['contribution'] as number),
      0,
    );
    expect(contribution, 'linked contributions add up to the holdings return').toBeCloseTo(
      h - 1,
      12,
    );
    // Risk figures: percentages in the percent column, ratios in the ratio column, dd.mm.yyyy
    // in the title (decision 0060).
    const risk = result.tables['risk']!;
    const [y0, m0, d0] = DATES[0]!.split('-');
    const [y1, m1, d1] = last.split('-');
    expect(risk.title).toBe(`Risk Göstergeleri (${d0!}.${m0!}.${y0!} – ${d1!}.${m1!}.${y1!})`);
    const riskRow = (figure: string) => risk.rows.find((r) => r['figure'] === figure)!;
    expect(riskRow('Yıllık oynaklık (fon)')['percent']).toBe(result.risk.volatility);
    expect(riskRow('Yıllık oynaklık (fon)')['ratio']).toBeNull();
    expect(riskRow('Sharpe oranı (yıllık, TLREF)')['ratio']).toBe(result.risk.sharpe);
    expect(riskRow('Sharpe oranı (yıllık, TLREF)')['percent']).toBeNull();
    expect(riskRow('Beta')['ratio']).toBe(result.risk.beta);
    expect(result.bySector).toBeNull();
    expect(result.bySectorNote).toContain('sektör ayrıştırması');
    expect(Object.keys(result.charts)).toEqual(
      expect.arrayContaining(['cumulative', 'excess', 'periods', 'attribution']),
    );
  });

  it('answers a report date without prices in Turkish', async () => {
    const ctx = fakeContext(database.db, {
      portfolioCode: 'PFON',
      asOfDate: '2025-06-30',
      annualFeeRatePct: 1,
    });
    await expect(performanceReportHandler.run(ctx)).rejects.toThrow(
      new AnalysisInputError(
        `PFON fonunun ${last} sonrasında birim pay fiyatı yok; rapor tarihi 2025-06-30 için fiyat gerekli.`,
      ),
    );
  });

  it("adds back the fund's stored fee rate unless the form overrides it, and says which", async () => {
    const inputs = { portfolioCode: 'PFON', asOfDate: last, fromDate: DATES[0]! };
    await expect(performanceReportHandler.run(fakeContext(database.db, inputs))).rejects.toThrow(
      new AnalysisInputError(
        'PFON fonunun yıllık yönetim ücreti oranı kayıtlı değil: Portföyler ekranında kaydedin ya da rapor formunda girin.',
      ),
    );
    await database.db
      .insert(portfolioFeeRates)
      .values({ portfolioCode: 'PFON', annualFeeRatePct: 3.65 });
    const stored = (await performanceReportHandler.run(fakeContext(database.db, inputs))).result;
    const typed = (
      await performanceReportHandler.run(
        fakeContext(database.db, { ...inputs, annualFeeRatePct: 3.65 }),
      )
    ).result;
    expect(stored.annualFeeRatePct).toBe(3.65);
    expect(stored.feeRateSource).toBe('stored');
    expect(typed.feeRateSource).toBe('input');
    expect(stored.periods.map((p) => p.gross)).toEqual(typed.periods.map((p) => p.gross));
    const override = (
      await performanceReportHandler.run(
        fakeContext(database.db, { ...inputs, annualFeeRatePct: 0 }),
      )
    ).result;
    expect(override.annualFeeRatePct).toBe(0);
    expect(override.feeRateSource).toBe('input');
    expect(override.periods.map((p) => p.gross)).toEqual(override.periods.map((p) => p.net));
  });

  it('attributes the equity part by sector against the constituents of the index component', async () => {
    // IDXA (the benchmark's equity component) holds STK1 (banks, 1 000 shares) and STK2 (industry, 400).
    const stock2 = (t: number) => 50 * (1 + 0.002 * t);
    const db = database.db;
    await db.update(instruments).set({ sector: 'Bankacılık' }).where(eq(instruments.code, 'STK1'));
    await db.insert(instruments).values({
      code: 'STK2',
      name: 'Hisse 2',
      mainType: 'stock',
      currency: 'TRY',
      sector: 'Sanayi',
    });
    await db.insert(marketSeries).values([
      { ticker: 'STK1', name: 'Hisse 1', kind: 'price', currency: 'TRY' },
      { ticker: 'STK2', name: 'Hisse 2', kind: 'price', currency: 'TRY' },
    ]);
    await db.insert(marketValues).values(
      DATES.flatMap((date, t) => [
        { ticker: 'STK1', date, value: stock(t) },
        { ticker: 'STK2', date, value: stock2(t) },
      ]),
    );
    await db.insert(indexConstituents).values([
      { indexTicker: 'IDXA', instrumentCode: 'STK1', shares: 1000 },
      { indexTicker: 'IDXA', instrumentCode: 'STK2', shares: 400 },
    ]);
    const { result } = await performanceReportHandler.run(
      fakeContext(db, {
        portfolioCode: 'PFON',
        asOfDate: last,
        fromDate: DATES[0]!,
        annualFeeRatePct: 1,
      }),
    );
    const s = result.bySector!;
    expect(s, result.bySectorNote ?? '').not.toBeNull();
    expect(s.segments.map((x) => x.segment).sort()).toEqual(['Bankacılık', 'Sanayi']);
    expect(s.allocation + s.selection + s.interaction).toBeCloseTo(s.activeReturn, 12);
    // Hand-computed: per period, cap weights at the start and price returns, chained.
    let bench = 1;
    let fund = 1;
    for (let k = 1; k < SNAPSHOTS.length; k++) {
      const t0 = SNAPSHOTS[k - 1]!;
      const t1 = SNAPSHOTS[k]!;
      const c1 = stock(t0) * 1000;
      const c2 = stock2(t0) * 400;
      const r1 = stock(t1) / stock(t0) - 1;
      const r2 = stock2(t1) / stock2(t0) - 1;
      bench *= 1 + (c1 * r1 + c2 * r2) / (c1 + c2);
      fund *= 1 + r1; // the fund's equity part is STK1 alone
    }
    expect(s.benchmarkReturn).toBeCloseTo(bench - 1, 12);
    expect(s.portfolioReturn).toBeCloseTo(fund - 1, 12);
    expect(result.tables['attributionSector']!.rows.length).toBeGreaterThan(0);
  });
});

describe('indexSectorSegments', () => {
  const series = (points: [string, number][]) => ({
    dates: points.map((p) => p[0]),
    values: points.map((p) => p[1]),
  });
  it('splits each equity component by capitalisation and groups by sector (hand-computed)', () => {
    const a = {
      instrumentCode: 'A',
      sector: 'Bankacılık',
      shares: 10,
      prices: series([
        ['2025-01-02', 10],
        ['2025-02-03', 12],
      ]),
    };
    const b = {
      instrumentCode: 'B',
      sector: 'Sanayi',
      shares: 30,
      prices: series([
        ['2025-01-02', 10],
        ['2025-02-03', 9],
      ]),
    };
    const c = { instrumentCode: 'C', sector: 'Sanayi', shares: 5, prices: series([]) };
    // Two equity components of start weights 60 and 20: the first holds A and B, the second B.
    const segments = indexSectorSegments(
      [
        { weight: 60, constituents: [a, b, c] },
        { weight: 20, constituents: [b] },
      ],
      '2025-01-02',
      '2025-02-03',
    );
    // Component 1 (75 % of the equity part): A 100/400 = 25 %, B 75 %; component 2 (25 %): B.
    expect(segments.map((x) => x.segment)).toEqual(['Bankacılık', 'Sanayi']);
    const [banks, industry] = segments;
    expect(banks!.weight).toBeCloseTo(0.1875, 12);
    expect(banks!.return).toBeCloseTo(0.2, 12);
    expect(industry!.weight).toBeCloseTo(0.8125, 12);
    expect(industry!.return).toBeCloseTo(-0.1, 12);
  });
});
