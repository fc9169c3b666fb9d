// The one data access path: the functions the API screens and the worker's runs both read with.
import { VAR_SETTINGS_DEFAULTS, VAR_SETTINGS_KEY } from '@fonrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  fxRates,
  holdings,
  instruments,
  marketSeries,
  marketValues,
  portfolios,
  settings,
  tickerMappings,
  unifiedPortfolioMembers,
  unifiedPortfolios,
} from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import {
  findPortfolioRefs,
  holdingsDates,
  latestHoldingsDate,
  latestHoldingsDates,
  readFxRates,
  readMarketValues,
  readMarketWindow,
  readPositions,
  readPositionsOfPortfolios,
  readVarSettings,
  chainPercentReturns,
} from './index.ts';

describe('readers of packages/db', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.db;
    await db.insert(portfolios).values([
      { code: 'AAA', name: 'A Fonu', kind: 'fund' },
      { code: 'BBB', name: 'B Fonu', kind: 'fund' },
    ]);
    const [u] = await db
      .insert(unifiedPortfolios)
      .values({ newPortfolioCode: 'ABX', name: 'A+B' })
      .returning();
    await db.insert(unifiedPortfolioMembers).values([
      { unifiedId: u!.id, portfolioCode: 'AAA' },
      { unifiedId: u!.id, portfolioCode: 'BBB' },
    ]);
    await db.insert(instruments).values([
      { code: 'HIS', name: 'Hisse', mainType: 'share', currency: 'TRY' },
      { code: 'EUB', name: 'Euro tahvil', mainType: 'bond', currency: 'EUR' },
    ]);
    await db.insert(marketSeries).values([
      { ticker: 'HIS', name: 'Hisse', kind: 'price', currency: 'TRY' },
      { ticker: 'EUB', name: 'Euro tahvil', kind: 'price', currency: 'EUR' },
    ]);
    await db.insert(tickerMappings).values({
      instrumentCode: 'HIS',
      seriesTicker: 'HIS',
      mappingKind: 'direct',
    });
    await db.insert(marketValues).values([
      { ticker: 'HIS', date: '2025-01-02', value: 10 },
      { ticker: 'HIS', date: '2025-01-03', value: 11 },
      { ticker: 'HIS', date: '2025-01-06', value: 12 },
      { ticker: 'EUB', date: '2025-01-06', value: 99 },
    ]);
    await db.insert(fxRates).values([
      { currency: 'EUR', date: '2025-01-03', forexBuying: 36.5, forexSelling: 36.6 },
      { currency: 'EUR', date: '2025-01-06', forexBuying: null, forexSelling: 36.8 },
      { currency: 'USD', date: '2025-01-06', forexBuying: null, banknoteBuying: 35.1 },
      { currency: 'GBP', date: '2025-01-06' },
    ]);
    const row = (code: string, date: string, rowNo: number, instrument: string, value: number) => ({
      portfolioCode: code,
      portfolioDate: date,
      rowNo,
      instrumentCode: instrument,
      currentValue: value,
      nominalValue: value / 10,
    });
    await db
      .insert(holdings)
      .values([
        row('AAA', '2025-01-03', 1, 'HIS', 100),
        row('AAA', '2025-01-06', 1, 'HIS', 120),
        row('AAA', '2025-01-06', 2, 'EUB', 50),
        row('BBB', '2025-01-06', 1, 'HIS', 30),
      ]);
  });
  afterAll(async () => {
    await t.drop();
  });

  it('reads the VaR settings: the SPK defaults until saved, then the saved value', async () => {
    expect(await readVarSettings(t.db)).toEqual({
      settings: VAR_SETTINGS_DEFAULTS,
      updatedAt: null,
    });
    const saved = { ...VAR_SETTINGS_DEFAULTS, confidenceLevel: 0.975 };
    await t.db.insert(settings).values({ key: VAR_SETTINGS_KEY, value: saved });
    const read = await readVarSettings(t.db);
    expect(read.settings.confidenceLevel).toBe(0.975);
    expect(read.updatedAt).not.toBeNull();
  });

  it('resolves plain and unified portfolios and leaves unknown codes out', async () => {
    const refs = await findPortfolioRefs(t.db, ['AAA', 'ABX', 'YOK']);
    expect(refs.get('AAA')).toMatchObject({ name: 'A Fonu', members: ['AAA'] });
    expect(refs.get('ABX')?.members.slice().sort()).toEqual(['AAA', 'BBB']);
    expect(refs.has('YOK')).toBe(false);
  });

  it('gives only the holdings dates every member has, ascending, within the range', async () => {
    expect(await holdingsDates(t.db, ['AAA'])).toEqual(['2025-01-03', '2025-01-06']);
    expect(await holdingsDates(t.db, ['AAA', 'BBB'])).toEqual(['2025-01-06']);
    expect(await holdingsDates(t.db, ['AAA'], '2025-01-04', '2025-01-31')).toEqual(['2025-01-06']);
    expect(await latestHoldingsDate(t.db, ['AAA'], '2025-01-05')).toBe('2025-01-03');
    expect(await latestHoldingsDate(t.db, ['AAA'], '2024-12-31')).toBeNull();
  });

  it('sums the members per instrument with the mapping and the NAV', async () => {
    const snapshot = (await readPositions(t.db, ['AAA', 'BBB'], ['2025-01-06'])).get('2025-01-06')!;
    expect(snapshot.nav).toBe(200);
    const his = snapshot.positions.find((p) => p.instrumentCode === 'HIS')!;
    expect(his).toMatchObject({ valueTry: 150, nominalValue: 15, mappingTicker: 'HIS' });
    expect(snapshot.positions.find((p) => p.instrumentCode === 'EUB')).toMatchObject({
      currency: 'EUR',
      mappingTicker: null,
    });
  });

  it('reads several portfolios, each on its own date, as readPositions reads each', async () => {
    expect(await latestHoldingsDates(t.db, ['AAA', 'BBB', 'YOK'], '2025-01-05')).toEqual(
      new Map([['AAA', '2025-01-03']]),
    );
    expect(await latestHoldingsDates(t.db, ['AAA', 'BBB'], '2025-01-31')).toEqual(
      new Map([
        ['AAA', '2025-01-06'],
        ['BBB', '2025-01-06'],
      ]),
    );
    const wanted = [
      { code: 'AAA', date: '2025-01-06' },
      { code: 'BBB', date: '2025-01-06' },
      { code: 'ABX', date: '2025-01-03' },
    ];
    const together = await readPositionsOfPortfolios(t.db, wanted);
    for (const { code, date } of wanted)
      expect(together.get(code), code).toEqual(
        (await readPositions(t.db, [code], [date])).get(date),
      );
    expect(together.get('AAA')!.nav).toBe(170);
    expect(together.get('ABX'), 'no lines of its own on the date').toEqual({
      date: '2025-01-03',
      nav: 0,
      positions: [],
    });
  });

  // A restore or an update moves rows on disk: the positions (and every sum over them, whose last
  // digits follow its order) keep the file's row order all the same.
  it("gives the positions in the file's row order, however the rows lie on disk", async () => {
    await t.db.transaction(async (tx) => {
      const [first] = await tx
        .delete(holdings)
        .where(
          and(
            eq(holdings.portfolioCode, 'AAA'),
            eq(holdings.portfolioDate, '2025-01-06'),
            eq(holdings.rowNo, 1),
          ),
        )
        .returning();
      await tx.insert(holdings).values(first!);
      // Read as a sequential scan does: in the order the rows lie on disk.
      await tx.execute(sql`SET LOCAL enable_indexscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      const stored = await tx.execute<{ row_no: number }>(
        sql`SELECT row_no FROM holdings WHERE portfolio_code = 'AAA' AND portfolio_date = '2025-01-06'`,
      );
      expect(
        stored.rows.map((r) => r.row_no),
        'row 1 lies last on disk',
      ).toEqual([2, 1]);
      const snapshot = (await readPositions(tx, ['AAA'], ['2025-01-06'])).get('2025-01-06')!;
      expect(snapshot.positions.map((p) => p.instrumentCode)).toEqual(['HIS', 'EUB']);
    });
  });

  it('reads FX with one rule: forex buying, else forex selling, else banknote buying', async () => {
    const rates = await readFxRates(t.db, '2025-01-01', '2025-01-31');
    const key = (r: { currency: string; date: string }) => `${r.currency} ${r.date}`;
    expect(Object.fromEntries(rates.map((r) => [key(r), r.rate]))).toEqual({
      'EUR 2025-01-03': 36.5,
      'EUR 2025-01-06': 36.8,
      'USD 2025-01-06': 35.1,
    });
    expect(await readFxRates(t.db, '2025-01-01', '2025-01-31', ['USD'])).toHaveLength(1);
    // Every digit of the numeric, as a number (decision 0096 reads it as PostgreSQL writes it).
    await t.db
      .insert(fxRates)
      .values({ currency: 'CHF', date: '2025-01-07', forexBuying: 38.123456789012 });
    expect(await readFxRates(t.db, '2025-01-07', '2025-01-07', ['CHF', "it's"])).toEqual([
      { currency: 'CHF', date: '2025-01-07', rate: 38.123456789012 },
    ]);
  });

  it('lines market series and FX up on one calendar with the look-back', async () => {
    expect(await readMarketValues(t.db, ['HIS'], '2025-01-03', undefined)).toEqual([
      { ticker: 'HIS', date: '2025-01-03', value: 11 },
      { ticker: 'HIS', date: '2025-01-06', value: 12 },
    ]);
    const window = await readMarketWindow(t.db, ['HIS', 'EUB'], '2025-01-06', '2025-01-06', 1);
    expect(window.dates).toEqual(['2025-01-03', '2025-01-06']);
    expect([...window.series.get('HIS')!.values]).toEqual([11, 12]);
    expect([...window.series.get('EUB')!.values]).toEqual([Number.NaN, 99]);
    expect([...window.fx.get('EUR')!]).toEqual([36.5, 36.8]);
  });

  it('reads a return series in a market window as the index of its returns, not as prices', async () => {
    await t.db
      .insert(marketSeries)
      .values({ ticker: 'RET', name: 'Getiri', kind: 'return', currency: 'TRY' });
    await t.db.insert(marketValues).values([
      { ticker: 'RET', date: '2025-01-03', value: 1.5 },
      { ticker: 'RET', date: '2025-01-06', value: -2 },
    ]);
    const window = await readMarketWindow(t.db, ['HIS', 'RET'], '2025-01-06', '2025-01-06', 1);
    expect(window.series.get('RET')!.kind).toBe('return');
    expect([...window.series.get('RET')!.values]).toEqual([100, 98]);
  });
});

describe('return series read as levels', () => {
  it('chains daily percent returns into an index of 100 on the first value, gaps kept', () => {
    const levels = chainPercentReturns([Number.NaN, 5, 2, Number.NaN, -10]);
    expect(Number.isNaN(levels[0]!)).toBe(true);
    expect(levels[1]).toBe(100);
    expect(levels[2]).toBeCloseTo(102, 12);
    expect(Number.isNaN(levels[3]!)).toBe(true);
    expect(levels[4]).toBeCloseTo(102 * 0.9, 12);
  });
});
