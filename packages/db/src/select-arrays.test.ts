// The large reads decoded without drizzle's row mapper (decision 0108) give the rows drizzle's own
// mapping gives, from the very statement drizzle sends (a run's recorded bundle must not change).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableColumns } from 'drizzle-orm';
import { databaseOver, type QueryClient } from './client.ts';
import { holdings, instruments, marketSeries, portfolios, tickerMappings } from './schema/index.ts';
import { columnDecoder, selectArrays, tableRowDecoder } from './select-arrays.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

describe('selectArrays', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.insert(portfolios).values({ code: 'DZN', name: 'Dizin Fonu', kind: 'fund' });
    await t.db.insert(instruments).values([
      {
        code: 'TAHVIL',
        name: 'Devlet Tahvili 2030',
        mainType: 'bond',
        subType: 'DİBS',
        currency: 'TRY',
        issuer: 'Hazine',
        isin: 'TRT150130T17',
        isForeign: false,
        terms: { kind: 'bond', maturityDate: '2030-01-15', couponRatePct: 12.5 },
      },
      { code: 'ÇİPS', name: 'Çips "A" Pay', mainType: 'share', currency: 'USD', isForeign: true },
    ]);
    await t.db.insert(marketSeries).values([
      { ticker: 'TAHVIL', name: 'Tahvil', kind: 'price', currency: 'TRY', tenorDays: 1_460 },
      {
        ticker: 'ÇİPS',
        name: 'Çips',
        kind: 'price',
        currency: 'USD',
        unit: 'USD/pay',
        retiredAt: new Date('2026-03-04T05:06:07.089Z'),
      },
    ]);
    await t.db
      .insert(tickerMappings)
      .values({ instrumentCode: 'TAHVIL', seriesTicker: 'TAHVIL', mappingKind: 'direct' });
    await t.db.insert(holdings).values([
      {
        portfolioCode: 'DZN',
        portfolioDate: '2026-11-27',
        rowNo: 1,
        instrumentCode: 'TAHVIL',
        instrumentName: 'Devlet Tahvili 2030',
        mainType: 'bond',
        currency: 'TRY',
        nominalValue: 1_000_000,
        currentValue: 1_234_567.89,
        columns: { Duration: 2.75, MaturityDate: '2030-01-15', note: null },
      },
      {
        portfolioCode: 'DZN',
        portfolioDate: '2026-11-27',
        rowNo: 2,
        instrumentCode: 'ÇİPS',
        currentValue: -0.01,
      },
    ]);
  });
  afterAll(async () => {
    await t.drop();
  });

  it("decodes a table's rows as drizzle maps them: dates, timestamps, numerics, JSON and nulls", async () => {
    const holdingsQuery = () => t.db.select().from(holdings).orderBy(holdings.rowNo);
    const seriesQuery = () => t.db.select().from(marketSeries).orderBy(marketSeries.ticker);
    const held = await selectArrays(t.db, holdingsQuery(), tableRowDecoder(holdings));
    expect(held).toEqual(await holdingsQuery());
    expect(held[1]!.nominalValue).toBeNull();
    expect(held[1]!.currentValue).toBe(-0.01);
    const series = await selectArrays(t.db, seriesQuery(), tableRowDecoder(marketSeries));
    expect(series).toEqual(await seriesQuery());
    expect(series.find((s) => s.ticker === 'ÇİPS')!.retiredAt).toEqual(
      new Date('2026-03-04T05:06:07.089Z'),
    );
  });

  it('decodes a table and an outer-joined column after it, null where nothing joined', async () => {
    const query = () =>
      t.db
        .select({ i: instruments, ticker: tickerMappings.seriesTicker })
        .from(instruments)
        .leftJoin(tickerMappings, eq(tickerMappings.instrumentCode, instruments.code))
        .orderBy(instruments.code);
    const instrument = tableRowDecoder(instruments);
    const ticker = columnDecoder(
      tickerMappings.seriesTicker,
      Object.keys(getTableColumns(instruments)).length,
    );
    const rows = await selectArrays(t.db, query(), (row) => ({
      i: instrument(row),
      ticker: ticker(row),
    }));
    expect(rows).toEqual(await query());
    expect(rows.map((r) => r.ticker)).toEqual(['TAHVIL', null]);
  });

  it('sends the statement drizzle sends: the same text, values and row mode', async () => {
    const sent: unknown[] = [];
    const client: QueryClient = {
      query: (config, values) => {
        sent.push({ text: config.text, rowMode: config.rowMode, values });
        return t.pool.query(config as never, values);
      },
    };
    const over = databaseOver(client);
    const query = () => over.select().from(holdings).where(eq(holdings.portfolioCode, 'DZN'));
    await query();
    await selectArrays(over, query(), tableRowDecoder(holdings));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]).toMatchObject({ rowMode: 'array', values: ['DZN'] });
  });
});
