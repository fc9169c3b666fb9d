import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StressTestResultSchema, type StressTestInputs } from '@fonrisk/contracts';
import {
  fxRates,
  holdings,
  instruments,
  marketSeries,
  marketValues,
  portfolios,
  stressScenarios,
  eq,
  tickerMappings,
} from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { fixedBondFromYield, type FixedBondSpec } from '@fonrisk/risk';
import { fakeContext } from '../testing/fake-context.ts';
import { TINY, insertTinyPortfolio, tinyPrice, tinyUsd } from '../testing/tiny-portfolio.ts';
import { loadMarketData, loadSnapshots, neededTickers, resolvePortfolios } from '../data/load.ts';
import { hypotheticalMove, marketShocker, seriesContext } from './moves.ts';
import { CURVE_REPRICED_NOTE, revalue, total, totalPnl } from './revalue.ts';
import { stressTestHandler } from './stress-test-handler.ts';

const LAST = TINY.dates.at(-1)!;
const n = TINY.dates.length;
const BOND_NOMINAL = 1_000_000;
const BOND_SPEC: FixedBondSpec = {
  settlement: LAST,
  maturity: '2028-03-31',
  issue: '2024-03-31',
  coupon: 0.2,
  frequency: 2,
  dayCount: 'act365f',
  convention: 'tr-treasury',
};
const Y0 = 0.3;
const bondValue = (BOND_NOMINAL * fixedBondFromYield(BOND_SPEC, Y0).dirtyPrice) / 100;
// A quarterly corporate TLREF floater at a 30 % coupon; 31.03.2025 → 08.05.2025 is 38 days.
const FRN_SPEC: FixedBondSpec = {
  ...BOND_SPEC,
  maturity: '2027-05-08',
  issue: '2024-05-08',
  coupon: 0.3,
  frequency: 4,
};
const frnValue = (BOND_NOMINAL * fixedBondFromYield(FRN_SPEC, 0.3).dirtyPrice) / 100;

/**
 * A fund unit holding 60 % in USD and 20 % in AAA-like shares (the rest in TRY cash): each day's
 * return is 0,6 × the USD/TRY return + 0,2 × AAA's.
 */
function fxFundPrices(): number[] {
  const out = [10];
  for (let t = 1; t < n; t++)
    out.push(
      out[t - 1]! *
        (1 +
          0.6 * (tinyUsd(t) / tinyUsd(t - 1) - 1) +
          0.2 * (tinyPrice('AAA', t) / tinyPrice('AAA', t - 1) - 1)),
    );
  return out;
}

/** Least-squares beta of a series' daily (local) returns on AAA's over the tiny history (≤ 250 days). */
function betaOnA(ticker: string): number {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let t = 1; t < n; t++) {
    xs.push(tinyPrice('AAA', t) / tinyPrice('AAA', t - 1) - 1);
    ys.push(tinyPrice(ticker, t) / tinyPrice(ticker, t - 1) - 1);
  }
  const mx = xs.reduce((a, b) => a + b) / xs.length;
  const my = ys.reduce((a, b) => a + b) / ys.length;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
  });
  return sxy / sxx;
}

/** A fund holding BOND_NOMINAL of one bond, worth `value` on LAST. */
async function insertBondFund(
  db: TestDatabase['db'],
  code: string,
  name: string,
  instrumentCode: string,
  value: number,
  maturityDate: string,
): Promise<void> {
  await db.insert(portfolios).values({ code, name, kind: 'fund' });
  await db.insert(holdings).values({
    portfolioCode: code,
    portfolioDate: LAST,
    rowNo: 1,
    instrumentCode,
    nominalValue: BOND_NOMINAL,
    currentValue: value,
    currency: 'TRY',
    columns: { MaturityDate: maturityDate },
  });
}

let database: TestDatabase;
const ids: Record<string, number> = {};
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await insertTinyPortfolio(db);
  await db
    .insert(marketSeries)
    .values({ ticker: 'YLD', name: 'Tahvil faizi', kind: 'yield', currency: 'TRY' });
  await db
    .insert(marketValues)
    .values(TINY.dates.map((date) => ({ ticker: 'YLD', date, value: 30 })));
  await db.insert(instruments).values({
    code: 'BND',
    name: 'Sabit Kuponlu DİBS',
    mainType: 'governmentBond',
    currency: 'TRY',
    terms: {
      kind: 'bond',
      couponType: 'fixed',
      couponRatePct: 20,
      couponFrequency: 2,
      dayCount: 'ACT/365',
      issueDate: '2024-03-31',
      maturityDate: '2028-03-31',
      referenceIndex: null,
      spreadBp: null,
    },
  });
  await db
    .insert(tickerMappings)
    .values({ instrumentCode: 'BND', seriesTicker: 'YLD', mappingKind: 'direct' });
  await db.insert(instruments).values({
    code: 'FRN',
    name: 'TLREF Endeksli Özel Sektör Tahvili',
    mainType: 'corporateBond',
    currency: 'TRY',
    terms: {
      kind: 'bond',
      couponType: 'floating',
      couponRatePct: 30,
      couponFrequency: 4,
      dayCount: 'ACT/365',
      issueDate: '2024-05-08',
      maturityDate: '2027-05-08',
      referenceIndex: 'TLREF',
      spreadBp: 200,
    },
  });
  await db
    .insert(tickerMappings)
    .values({ instrumentCode: 'FRN', seriesTicker: 'YLD', mappingKind: 'direct' });
  await insertBondFund(db, 'SFR', 'Değişken Faizli Fon', 'FRN', frnValue, '2027-05-08');
  await db
    .insert(marketSeries)
    .values({ ticker: 'FXF', name: 'Döviz fonu fiyatı', kind: 'price', currency: 'TRY' });
  const fxf = fxFundPrices();
  // EUR/TRY a fixed cross of USD/TRY: collinear with it, so it is left out of the exposures.
  await db
    .insert(fxRates)
    .values(
      TINY.dates.map((date, t) => ({ currency: 'EUR', date, forexBuying: 1.1 * tinyUsd(t) })),
    );
  await db
    .insert(marketValues)
    .values(TINY.dates.map((date, t) => ({ ticker: 'FXF', date, value: fxf[t]! })));
  await db.insert(instruments).values({
    code: 'FXF',
    name: 'Eurobond (Döviz) Fonu',
    mainType: 'fundShare',
    currency: 'TRY',
    terms: {
      kind: 'fund',
      fundCode: 'FXF',
      fundCategory: 'debtInstruments',
      tefasFundType: 'YAT',
    },
  });
  await db
    .insert(tickerMappings)
    .values({ instrumentCode: 'FXF', seriesTicker: 'FXF', mappingKind: 'direct' });
  await db.insert(portfolios).values({ code: 'SFX', name: 'Fon Sepeti', kind: 'fund' });
  await db.insert(holdings).values({
    portfolioCode: 'SFX',
    portfolioDate: LAST,
    rowNo: 1,
    instrumentCode: 'FXF',
    nominalValue: 100_000,
    currentValue: 1_000_000,
    currency: 'TRY',
    columns: {},
  });
  // Fund units without a price series: an FX fund (USD) and an equity fund (decision 0070).
  await db.insert(instruments).values([
    {
      code: 'FXN',
      name: 'Serisiz Eurobond Fonu',
      mainType: 'fundShare',
      currency: 'TRY',
      terms: {
        kind: 'fund',
        fundCode: 'FXN',
        fundCategory: 'debtInstruments',
        tefasFundType: 'YAT',
        exposureCurrency: 'USD',
      },
    },
    {
      code: 'EQN',
      name: 'Serisiz Hisse Senedi Fonu',
      mainType: 'fundShare',
      currency: 'TRY',
      terms: { kind: 'fund', fundCode: 'EQN', fundCategory: 'equity', tefasFundType: 'YAT' },
    },
  ]);
  await db.insert(portfolios).values({ code: 'SFN', name: 'Serisiz Fonlar', kind: 'fund' });
  await db.insert(holdings).values(
    [
      { instrumentCode: 'FXN', currentValue: 500_000 },
      { instrumentCode: 'EQN', currentValue: 200_000 },
    ].map((h, i) => ({
      portfolioCode: 'SFN',
      portfolioDate: LAST,
      rowNo: i + 1,
      nominalValue: 100_000,
      currency: 'TRY',
      columns: {},
      ...h,
    })),
  );
  await insertBondFund(db, 'STB', 'Tahvil Test Fonu', 'BND', bondValue, '2028-03-31');
  const rows = await db
    .insert(stressScenarios)
    .values([
      {
        kind: 'hypothetical',
        name: 'Hisse -20, USD +30',
        shocks: { equityPct: -20, fxPct: { USD: 30 } },
      },
      { kind: 'hypothetical', name: 'Hisse -10', shocks: { equityPct: -10 } },
      { kind: 'hypothetical', name: 'Faiz +500', shocks: { parallelBp: 500 } },
      {
        kind: 'hypothetical',
        name: 'Faiz +700, marj +200',
        shocks: { parallelBp: 700, creditSpreadBp: { corporateBond: 200 } },
      },
      { kind: 'historical', name: 'Tekrar', fromDate: TINY.dates[10]!, toDate: TINY.dates[30]! },
      { kind: 'historical', name: 'Veri yok', fromDate: '2001-01-01', toDate: '2001-02-01' },
    ])
    .returning();
  for (const r of rows) ids[r.name] = r.id;
  const [both] = await db
    .insert(stressScenarios)
    .values({
      kind: 'combination',
      name: 'Hisse iki kez',
      componentIds: [ids['Hisse -20, USD +30']!, ids['Hisse -10']!],
    })
    .returning();
  ids[both!.name] = both!.id;
});
afterAll(() => database.drop());

const inputs = (
  codes: string[],
  scenarioNames: string[],
  extra: Partial<StressTestInputs> = {},
): StressTestInputs => ({
  portfolioCodes: codes,
  asOfDate: LAST,
  scenarioIds: scenarioNames.map((s) => ids[s]!),
  equityIndexTicker: 'AAA',
  ...extra,
});

describe('stress-test handler', () => {
  it('revalues shares by their beta to the index and foreign shares through the FX shock', async () => {
    const { result } = await stressTestHandler.run(
      fakeContext(database.db, inputs([TINY.code], ['Hisse -20, USD +30', 'Tekrar'])),
    );
    expect(() => StressTestResultSchema.parse(result)).not.toThrow();
    const pos = (scenario: string, code: string) =>
      result.tables['positions']!.rows.find(
        (r) => r['scenarioName'] === scenario && r['instrumentCode'] === code,
      )!;
    expect(pos('Hisse -20, USD +30', 'AAA')['pnlTry']).toBeCloseTo(-200_000, 6);
    expect(pos('Hisse -20, USD +30', 'BBB')['pnlTry']).toBeCloseTo(
      500_000 * betaOnA('BBB') * -0.2,
      4,
    );
    // UUU (USD): local price by its beta to AAA, compounded with USD/TRY +30 %.
    expect(pos('Hisse -20, USD +30', 'UUU')['pnlTry']).toBeCloseTo(
      300_000 * ((1 + betaOnA('UUU') * -0.2) * 1.3 - 1),
      4,
    );
    expect(pos('Hisse -20, USD +30', 'NOMAP')['note']).toMatch(/fiyatlanamadı/);
    // Historical replay of dates[10]..dates[30] on today's holdings.
    expect(pos('Tekrar', 'AAA')['pnlTry']).toBeCloseTo(
      1_000_000 * (tinyPrice('AAA', 30) / tinyPrice('AAA', 10) - 1),
      6,
    );
    expect(pos('Tekrar', 'UUU')['pnlTry']).toBeCloseTo(
      300_000 * ((tinyPrice('UUU', 30) * tinyUsd(30)) / (tinyPrice('UUU', 10) * tinyUsd(10)) - 1),
      6,
    );
    const outcomes = result.outcomes;
    const worst = outcomes.reduce((a, b) => (b.pnlTry < a.pnlTry ? b : a));
    expect(outcomes.filter((o) => o.worst)).toEqual([worst]);
    expect(outcomes[0]!.pnlPct).toBeCloseTo(outcomes[0]!.pnlTry / outcomes[0]!.navTry, 12);
  });

  it('reprices a bond under a curve shift as the bond pricer does at the shifted yield', async () => {
    const { result } = await stressTestHandler.run(
      fakeContext(database.db, inputs(['STB'], ['Faiz +500'])),
    );
    const expected =
      (BOND_NOMINAL * fixedBondFromYield(BOND_SPEC, Y0 + 0.05).dirtyPrice) / 100 - bondValue;
    expect(result.outcomes[0]!.pnlTry).toBeCloseTo(expected, 2);
    expect(expected).toBeLessThan(0);
  });

  it('moves a floater by its rate duration to the reset and its credit spread by its spread duration (decision 0057)', async () => {
    const { result } = await stressTestHandler.run(
      fakeContext(database.db, inputs(['SFR'], ['Faiz +700, marj +200'])),
    );
    // Rates +700 bp: the value at the reset (38 days) discounted at 37 % instead of 30 %.
    const rate = frnValue * ((1.3 / 1.37) ** (38 / 365) - 1);
    // Spread +200 bp: the coupons held at 30 %, repriced at 32 %.
    const spread = (BOND_NOMINAL * fixedBondFromYield(FRN_SPEC, 0.32).dirtyPrice) / 100 - frnValue;
    expect(result.outcomes[0]!.pnlTry).toBeCloseTo(rate + spread, 2);
    expect(rate / frnValue).toBeCloseTo(-0.00545, 5); // not the −7 × 0,9 % a held schedule would lose
    const row = result.tables['positions']!.rows.find((r) => r['instrumentCode'] === 'FRN')!;
    expect(row['note']).toMatch(/38 gün.*kredi marjı \+200 bp marj durasyonuyla/);
  });

  it('moves an FX fund with its currency: its exposures from its price (issue 23 item 7, decision 0057)', async () => {
    const { result } = await stressTestHandler.run(
      fakeContext(database.db, inputs(['SFX'], ['Hisse -20, USD +30'])),
    );
    // 0,6 × (+30 %) + 0,2 × (−20 %) = +14 % of 1 000 000 TL; a beta to the index alone gave −4 %.
    expect(result.outcomes[0]!.pnlTry).toBeCloseTo(140_000, 4);
    expect(result.notes.join(' ')).toContain('FXF (AAA 0,20, USD/TRY 0,60)');
  });

  it("gives each note once per portfolio, with the scenarios it holds for (a beta is the portfolio's in every scenario)", async () => {
    const notesOf = async (codes: string[], scenarios: string[]) =>
      (await stressTestHandler.run(fakeContext(database.db, inputs(codes, scenarios)))).result
        .notes;
    const both = await notesOf(
      ['SFX', TINY.code],
      ['Hisse -20, USD +30', 'Faiz +500', 'Hisse -10'],
    );
    const fund = both.filter((n) => n.includes('FXF (AAA 0,20, USD/TRY 0,60)'));
    expect(fund).toHaveLength(1);
    expect(fund[0]).toMatch(/^SFX · Hisse -20, USD \+30; Hisse -10: Fon payları tuttuklarıyla/);
    const betas = both.filter((n) => n.startsWith(`${TINY.code} · `));
    expect(betas).toHaveLength(1);
    // A beta in Turkish, as the fund's exposures: BBB β=0,87, not 0.87.
    expect(betas[0]).toMatch(
      / · Hisse -20, USD \+30; Hisse -10: Hisse şoku .* BBB β=-?\d+,\d{2}\b/,
    );
    expect(both).toHaveLength(2);
    // A combination of the two: its parts' notes once, its name once.
    const combined = await notesOf(['SFX'], ['Hisse iki kez', 'Faiz +500']);
    expect(combined).toEqual([
      fund[0]!.replace('SFX · Hisse -20, USD +30; Hisse -10', 'Hisse iki kez'),
    ]);
    // One portfolio, every scenario: neither named.
    const one = await notesOf(['SFX'], ['Hisse -20, USD +30', 'Hisse -10']);
    expect(one).toEqual([
      fund[0]!.replace('SFX · Hisse -20, USD +30; Hisse -10', 'Tüm senaryolar'),
    ]);
  });

  it('moves fund units without a series by their category: an FX fund with USD (decision 0070)', async () => {
    const { result } = await stressTestHandler.run(
      fakeContext(database.db, inputs(['SFN'], ['Hisse -20, USD +30'])),
    );
    // FXN: 500 000 × (+30 %) = +150 000; EQN: 200 000 × (−20 % of the index AAA) = −40 000.
    expect(result.outcomes[0]!.pnlTry).toBeCloseTo(110_000, 4);
    const rows = result.tables['positions']!.rows;
    const fx = rows.find((r) => r['instrumentCode'] === 'FXN')!;
    expect(fx['pnlTry']).toBeCloseTo(150_000, 4);
    expect(fx['note']).toContain('USD/TRY kuruyla (döviz fonu)');
    const eq = rows.find((r) => r['instrumentCode'] === 'EQN')!;
    expect(eq['pnlTry']).toBeCloseTo(-40_000, 4);
  });

  it('finds the smallest uniform equity shock that loses the given share of NAV', async () => {
    const { result } = await stressTestHandler.run(
      fakeContext(database.db, inputs([TINY.code], ['Hisse -20, USD +30'], { reverseLossPct: 10 })),
    );
    const r = result.reverse[0]!;
    expect(r.equityShock).not.toBeNull();
    expect(r.equityShock!).toBeLessThan(0);
    // Check: the found shock, run as a scenario, loses 10 % of NAV.
    const [row] = await database.db
      .insert(stressScenarios)
      .values({
        kind: 'hypothetical',
        name: 'Ters kontrol',
        shocks: { equityPct: r.equityShock! * 100 },
      })
      .returning();
    const check = await stressTestHandler.run(
      fakeContext(database.db, { ...inputs([TINY.code], []), scenarioIds: [row!.id] }),
    );
    expect(check.result.outcomes[0]!.pnlPct).toBeCloseTo(-0.1, 6);
  });

  it('finds the smallest parallel TL rate shift that costs a bond fund the given share of NAV', async () => {
    const { result } = await stressTestHandler.run(
      fakeContext(database.db, inputs(['STB'], ['Faiz +500'], { reverseLossPct: 5 })),
    );
    const r = result.reverse[0]!;
    // A bond fund: no equity or FX shock costs it anything, a rate rise does.
    expect(r.equityShock).toBeNull();
    expect(r.fxShock).toBeNull();
    expect(r.rateShiftBp).not.toBeNull();
    // In whole bp: the bond priced by its own pricer at Y0 + shift loses 5 % of its value, and
    // one bp less loses less.
    const shift = r.rateShiftBp!;
    expect(Number.isInteger(shift)).toBe(true);
    const lossAt = (bp: number) =>
      bondValue - (BOND_NOMINAL * fixedBondFromYield(BOND_SPEC, Y0 + bp / 10_000).dirtyPrice) / 100;
    expect(lossAt(shift)).toBeGreaterThanOrEqual(0.05 * bondValue);
    expect(lossAt(shift - 1)).toBeLessThan(0.05 * bondValue);
    const table = result.tables['reverse']!;
    expect(table.columns.map((c) => c.key)).toContain('rateShiftBp');
    expect(table.rows[0]!['rateShiftBp']).toBe(shift);
  });

  it('reports no rate shift for a fund whose value no rate moves', async () => {
    const { result } = await stressTestHandler.run(
      fakeContext(database.db, inputs(['SFN'], ['Hisse -10'], { reverseLossPct: 10 })),
    );
    expect(result.reverse[0]!.rateShiftBp).toBeNull();
  });

  it("prices a uniform shock's total as the full revaluation sums its rows, to the bit (decision 0133)", async () => {
    const db = database.db;
    const shocks = [
      { equityPct: -37.5 },
      { equityPct: 41.25 },
      { fxPct: { USD: 22.5, EUR: 22.5 } },
      { fxPct: { USD: -60, EUR: -60 } },
      { parallelBp: 437.5 },
      { parallelBp: -1250 },
      // Credit spreads and CPI: the full revaluation itself.
      { parallelBp: 300, creditSpreadBp: { corporateBond: 250 } },
      { cpiPct: 5 },
    ];
    const moved: string[] = [];
    for (const ref of await resolvePortfolios(db, [TINY.code, 'SFR', 'SFX', 'SFN', 'STB'])) {
      const { positions } = (await loadSnapshots(db, ref, [LAST])).get(LAST)!;
      const tickers = [...new Set([...(await neededTickers(db, positions)), 'AAA'])];
      const market = await loadMarketData(db, tickers, LAST, LAST, 300);
      const ctx = seriesContext(market, positions, 'AAA', LAST, 250);
      const fund = { positions, market, ctx, asOfDate: LAST, shock: marketShocker(market, ctx) };
      for (const s of shocks) {
        const move = hypotheticalMove(s, market, ctx, false);
        const rows = revalue(fund, move);
        expect(totalPnl(fund, move)).toBe(total(rows));
        if (total(rows) !== 0) moved.push(`${ref.code} ${JSON.stringify(s)}`);
      }
    }
    // Compared where something moved: the shares, FX and fund units of MINI, SFX and SFN under
    // each uniform equity and FX shock, the floater and the bond under both parallel shifts and
    // the spread move (no CPI-linked bond).
    expect(moved).toHaveLength(18);
  });

  it('answers an unknown scenario and a window without data in Turkish', async () => {
    await expect(
      stressTestHandler.run(
        fakeContext(database.db, { ...inputs([TINY.code], []), scenarioIds: [424242] }),
      ),
    ).rejects.toThrow('424242 numaralı stres senaryosu bulunamadı.');
    await expect(
      stressTestHandler.run(fakeContext(database.db, inputs([TINY.code], ['Veri yok']))),
    ).rejects.toThrow(
      "'Veri yok' senaryosu: 2001-01-01 - 2001-02-01 penceresinde kayıtlı piyasa verisi yok.",
    );
  });

  // Last: the TL curve it adds would move the floater of the tests above by its curve.
  it('reprices a bond mapped to its price series on the shifted curve, and says so', async () => {
    const db = database.db;
    await db.insert(marketSeries).values([
      {
        ticker: 'TRC2Y',
        name: 'TL eğrisi 2 yıl',
        kind: 'curvePoint',
        currency: 'TRY',
        tenorDays: 730,
      },
      { ticker: 'BPXP', name: 'DİBS fiyatı', kind: 'price', currency: 'TRY' },
    ]);
    const clean = fixedBondFromYield(BOND_SPEC, Y0).cleanPrice;
    await db.insert(marketValues).values(
      TINY.dates.flatMap((date) => [
        { ticker: 'TRC2Y', date, value: 30 },
        { ticker: 'BPXP', date, value: clean },
      ]),
    );
    const [bnd] = await db.select().from(instruments).where(eq(instruments.code, 'BND'));
    await db.insert(instruments).values({ ...bnd!, code: 'BPX', name: 'Fiyat serili DİBS' });
    await db
      .insert(tickerMappings)
      .values({ instrumentCode: 'BPX', seriesTicker: 'BPXP', mappingKind: 'direct' });
    await insertBondFund(db, 'SBP', 'Fiyat Serili Tahvil', 'BPX', bondValue, '2028-03-31');
    const { result } = await stressTestHandler.run(fakeContext(db, inputs(['SBP'], ['Faiz +500'])));
    const [row] = result.tables['positions']!.rows;
    // Its own price series has no moved day: the stress reprices it on the curve, which is the
    // method, not a short price history (what the pricer's note said).
    expect(row!['note']).toBe(CURVE_REPRICED_NOTE);
    expect(row!['method']).toBe('bondRepricing');
    const expected =
      (BOND_NOMINAL * fixedBondFromYield(BOND_SPEC, Y0 + 0.05).dirtyPrice) / 100 - bondValue;
    expect(row!['pnlTry']).toBeCloseTo(expected, 2);
  });
});
