import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActiveShareResultSchema,
  GAIN_COLOR,
  LOSS_COLOR,
  type ActiveShareInputs,
} from '@fonrisk/contracts';
import {
  benchmarkComponents,
  benchmarks,
  eq,
  holdings,
  instruments,
  marketSeries,
  marketValues,
  portfolios,
} from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { fakeContext } from '../testing/fake-context.ts';
import { activeShareHandler } from './active-share-handler.ts';

// 60 business-day prices (Mon–Fri) from 2026-01-05 for the fund ASF and the benchmark portfolio
// ASB; daily returns written here so that the tracking error is checked independently.
const DAYS: string[] = [];
for (let t = Date.UTC(2026, 0, 5); DAYS.length < 60; t += 86_400_000) {
  const d = new Date(t);
  if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) DAYS.push(d.toISOString().slice(0, 10));
}
const LAST = DAYS.at(-1)!;
const benchReturn = (k: number): number => 0.01 * Math.sin(0.9 * k);
const fundReturn = (k: number): number => benchReturn(k) + 0.002 * Math.cos(1.7 * k) + 0.0001;

function prices(ticker: string, ret: (k: number) => number) {
  let p = 100;
  return DAYS.map((date, k) => {
    if (k > 0) p *= 1 + ret(k);
    return { ticker, date, value: p };
  });
}

/** Sample sd × √252 and annualised geometric returns, written out (0003). */
function te(a: readonly number[], b: readonly number[]): number {
  const d = a.map((x, i) => x - b[i]!);
  const m = d.reduce((s, x) => s + x, 0) / d.length;
  return Math.sqrt(d.reduce((s, x) => s + (x - m) ** 2, 0) / (d.length - 1)) * Math.sqrt(252);
}
const annual = (r: readonly number[]): number =>
  r.reduce((p, x) => p * (1 + x), 1) ** (252 / r.length) - 1;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await db.insert(instruments).values([
    { code: 'AKB', name: 'Akbank', mainType: 'stock', currency: 'TRY', sector: 'Banka' },
    { code: 'GRN', name: 'Garanti', mainType: 'stock', currency: 'TRY', sector: 'Banka' },
    { code: 'THY', name: 'THY', mainType: 'stock', currency: 'TRY', sector: 'Ulaştırma' },
    { code: 'ASL', name: 'Aselsan', mainType: 'stock', currency: 'TRY', sector: 'Savunma' },
    { code: 'TRYN', name: 'Nakit', mainType: 'cash', currency: 'TRY' },
  ]);
  await db.insert(marketSeries).values([
    { ticker: 'ASF', name: 'ASF fiyat', kind: 'price', currency: 'TRY' },
    { ticker: 'ASB', name: 'ASB fiyat', kind: 'price', currency: 'TRY' },
    { ticker: 'IDX', name: 'Endeks', kind: 'index', currency: 'TRY' },
  ]);
  await db
    .insert(marketValues)
    .values([...prices('ASF', fundReturn), ...prices('ASB', benchReturn)]);
  await db.insert(portfolios).values([
    { code: 'ASB', name: 'Endeks Bileşimi', kind: 'fund' },
    { code: 'ASC', name: 'Bileşik Ölçütlü Fon', kind: 'fund' },
    { code: 'ASN', name: 'Ölçütsüz Fon', kind: 'fund' },
  ]);
  await db.insert(benchmarks).values([
    {
      code: 'BMH',
      name: 'Endeks Bileşimi (pay bazında)',
      kind: 'holdings',
      holdingsPortfolioCode: 'ASB',
    },
    { code: 'BMC', name: '%100 Endeks', kind: 'composite' },
  ]);
  await db
    .insert(benchmarkComponents)
    .values({ benchmarkCode: 'BMC', seriesTicker: 'IDX', weightPct: 100 });
  await db.insert(portfolios).values({
    code: 'ASF',
    name: 'Aktif Hisse Fonu',
    kind: 'fund',
    referenceBenchmarkCode: 'BMH',
  });
  await db.update(portfolios).set({ referenceBenchmarkCode: 'BMC' }).where(eqCode('ASC'));
  const line = (
    portfolioCode: string,
    portfolioDate: string,
    rowNo: number,
    instrumentCode: string,
    currentValue: number,
  ) => ({
    portfolioCode,
    portfolioDate,
    rowNo,
    instrumentCode,
    currentValue,
    currency: 'TRY',
  });
  const mid = DAYS[30]!;
  await db.insert(holdings).values([
    // Fund on the last day: AKB 40 %, THY 30 %, ASL 20 %, cash 10 %.
    line('ASF', LAST, 1, 'AKB', 400),
    line('ASF', LAST, 2, 'THY', 300),
    line('ASF', LAST, 3, 'ASL', 200),
    line('ASF', LAST, 4, 'TRYN', 100),
    // Fund mid-window: the benchmark's own weights (active share 0).
    line('ASF', mid, 1, 'AKB', 3),
    line('ASF', mid, 2, 'THY', 3),
    line('ASF', mid, 3, 'GRN', 4),
    // Benchmark (stored once, before both): AKB 30 %, THY 30 %, GRN 40 %.
    line('ASB', DAYS[10]!, 1, 'AKB', 30_000),
    line('ASB', DAYS[10]!, 2, 'THY', 30_000),
    line('ASB', DAYS[10]!, 3, 'GRN', 40_000),
    line('ASC', LAST, 1, 'AKB', 100),
  ]);
});
afterAll(() => database.drop());

const eqCode = (code: string) => eq(portfolios.code, code);

const inputs = (codes: string[], more: Partial<ActiveShareInputs> = {}): ActiveShareInputs => ({
  portfolioCodes: codes,
  asOfDate: LAST,
  benchmarkCode: null,
  windowDays: 250,
  ...more,
});

describe('active-share handler', () => {
  it('compares the fund with its holdings benchmark: active share, sectors, TE, IR and history', async () => {
    const { result } = await activeShareHandler.run(fakeContext(database.db, inputs(['ASF'])));
    expect(() => ActiveShareResultSchema.parse(result)).not.toThrow();
    const f = result.funds[0]!;
    // ½(|.40−.30| + |.30−.30| + |.20−0| + |.10−0| + |0−.40|) = 0.40
    expect(f.activeShare).toBeCloseTo(0.4, 12);
    expect(f.benchmarkPortfolioCode).toBe('ASB');
    expect(f.benchmarkHoldingsDate).toBe(DAYS[10]);
    expect(f.securities[0]).toMatchObject({ key: 'GRN', name: 'Garanti', sector: 'Banka' });
    expect(f.securities[0]!.activeWeight).toBeCloseTo(-0.4, 12);
    const bank = f.sectors.find((s) => s.key === 'Banka')!;
    expect(bank.activeWeight).toBeCloseTo(-0.3, 12);
    expect(f.sectors.find((s) => s.key === 'Savunma')!.activeWeight).toBeCloseTo(0.2, 12);
    // Banks −.30, defence +.20, cash +.10, transport 0: sector active share 0.30.
    expect(f.sectorActiveShare).toBeCloseTo(0.3, 12);

    const fr = DAYS.slice(1).map((_, i) => fundReturn(i + 1));
    const br = DAYS.slice(1).map((_, i) => benchReturn(i + 1));
    expect(f.observations).toBe(59);
    expect(f.trackingError).toBeCloseTo(te(fr, br), 10);
    expect(f.informationRatio).toBeCloseTo((annual(fr) - annual(br)) / te(fr, br), 8);
    expect(f.history).toEqual([
      { date: DAYS[30], activeShare: expect.closeTo(0, 12) as number },
      { date: LAST, activeShare: expect.closeTo(0.4, 12) as number },
    ]);
    expect(result.tables['summary']!.rows[0]).toMatchObject({
      portfolioCode: 'ASF',
      benchmarkCode: 'BMH',
    });
    expect(Object.keys(result.charts)).toEqual(['history', 'sectors:ASF']);
    // Over- and under-weights in a sign's colours, never the "within limit" green (0058).
    const bars = (
      result.charts['sectors:ASF']!.option['series'] as {
        data: { value: number; itemStyle: { color: string } }[];
      }[]
    )[0]!.data;
    expect(bars.length).toBeGreaterThan(1);
    for (const bar of bars)
      expect(bar.itemStyle.color).toBe(bar.value < 0 ? LOSS_COLOR : GAIN_COLOR);
    expect(bars.some((b) => b.value < 0) && bars.some((b) => b.value > 0)).toBe(true);
  });

  it('uses a chosen holdings benchmark instead of the reference one, with a short window', async () => {
    const { result } = await activeShareHandler.run(
      fakeContext(database.db, inputs(['ASC'], { benchmarkCode: 'BMH', windowDays: 20 })),
    );
    const f = result.funds[0]!;
    // ASC holds AKB only: ½(|1−.3| + .3 + .4) = 0.70; it has no unit prices of its own.
    expect(f.activeShare).toBeCloseTo(0.7, 12);
    expect(f.benchmarkCode).toBe('BMH');
    expect(f.trackingError).toBeNull();
    expect(f.notes[0]).toMatch(
      /İzleme hatası hesaplanmadı: ASC ve ASB .* 0 ortak günlük getirisi var/,
    );
  });

  it('answers an unknown fund, a fund without benchmark holdings and a window with no data in Turkish', async () => {
    await expect(
      activeShareHandler.run(fakeContext(database.db, inputs(['YOKFON']))),
    ).rejects.toThrow('YOKFON kodlu portföy bulunamadı.');
    await expect(activeShareHandler.run(fakeContext(database.db, inputs(['ASC'])))).rejects.toThrow(
      /ASC fonunun karşılaştırma ölçütü BMC \(%100 Endeks\) bir endeks bileşimi; pay bazında varlıkları yok/,
    );
    await expect(activeShareHandler.run(fakeContext(database.db, inputs(['ASN'])))).rejects.toThrow(
      /ASN fonunun karşılaştırma ölçütü tanımlı değil/,
    );
    await expect(
      activeShareHandler.run(fakeContext(database.db, inputs(['ASF'], { asOfDate: '2025-06-30' }))),
    ).rejects.toThrow(/ASF fonunun 2025-06-30 tarihine kadar portföy kaydı yok/);
    await expect(
      activeShareHandler.run(
        fakeContext(database.db, inputs(['ASF'], { asOfDate: '2027-06-30', windowDays: 20 })),
      ),
    ).rejects.toThrow(
      /ASF fonunun 2027-05-\d\d – 2027-06-30 penceresinde ne portföy kaydı ne birim pay fiyatı var \(son portföy 2026-03-27\)/,
    );
  });
});
