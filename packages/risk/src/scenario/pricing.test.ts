// Pricing by instrument kind: hand-computed P&L on a five-date market and every reason a
// position cannot be priced (the Turkish text the VaR screen lists). The full-repricing and
// option values themselves are checked against closed forms in build.test.ts.
import { describe, expect, it } from 'vitest';
import type { MarketData, SeriesData } from './market.ts';
import {
  bondPricedByOwnReturns,
  curveChangesAt,
  curveLevelAt,
  daysBetween,
  floaterSpreadPnl,
  nextReset,
  fxReturns,
  priceBond,
  priceCash,
  priceFundByCategory,
  priceFuture,
  priceLinear,
  priceOption,
  priceRateInstrument,
  tryReturns,
  type Priced,
} from './pricing.ts';
import type { PositionInput, ScenarioBondTerms } from './types.ts';
import { fixedBondFromCleanPrice, fixedBondFromYield } from '../bonds/fixed-bond.ts';
import { formatIsoDate } from '../dates/date.ts';

const DATES = ['2025-01-06', '2025-01-07', '2025-01-08', '2025-01-09', '2025-01-10'];
const AS_OF = '2025-01-10';
const W = { endIndex: 4, scenarios: 3, stepDays: 1 };

function series(
  ticker: string,
  kind: string,
  values: number[],
  currency = 'TRY',
  tenorDays: number | null = null,
): SeriesData {
  return { ticker, kind, currency, tenorDays, values: Float64Array.from(values) };
}

const NAN = Number.NaN;
const MARKET: MarketData = {
  dates: DATES,
  series: new Map(
    [
      series('AKB', 'price', [100, 100, 110, 99, 99]),
      series('FLAT', 'price', [50, 50, 50, 50, 50]),
      series('EURSTK', 'price', [10, 10, 11, 11, 11], 'EUR'),
      series('USDTRY', 'fxRate', [30, 30, 30, 33, 33]),
      series('SHORT', 'price', [NAN, NAN, NAN, 5, 5]),
      series('SHORTY', 'yield', [NAN, NAN, NAN, 25, 25]),
      series('Y1', 'yield', [25, 25, 26, 24, 25]),
      series('C1', 'curvePoint', [40, 40, 41, 41, 39], 'TRY', 91),
      series('C2', 'curvePoint', [30, 30, 30, 32, 32], 'TRY', 365),
    ].map((s) => [s.ticker, s]),
  ),
  fx: new Map([['USD', Float64Array.from([30, 30, 30, 33, 33])]]),
};

function position(p: Partial<PositionInput>): PositionInput {
  return {
    instrumentCode: 'X',
    instrumentName: null,
    mainType: 'stock',
    currency: 'TRY',
    nominalValue: null,
    valueTry: 1000,
    maturityDate: null,
    ratePct: null,
    modifiedDuration: null,
    terms: null,
    mappingTicker: null,
    underlyingTicker: null,
    underlyingIsFuture: false,
    ...p,
  };
}

function pnl(priced: Priced): number[] {
  if ('reason' in priced) throw new Error(priced.reason);
  return [...priced.pnl];
}
function reason(priced: Priced): string {
  return 'reason' in priced ? priced.reason : 'fiyatlandı';
}
function note(priced: Priced): string | undefined {
  return 'reason' in priced ? priced.reason : priced.note;
}
function close(actual: number[], expected: number[], digits = 9): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((a, i) => expect(a, `scenario ${String(i)}`).toBeCloseTo(expected[i]!, digits));
}

const BOND: ScenarioBondTerms = {
  kind: 'bond',
  couponType: 'fixed',
  couponRatePct: 20,
  couponFrequency: 2,
  dayCount: 'ACT/ACT',
  issueDate: '2024-01-10',
  maturityDate: '2027-01-10',
};

describe('returns of series', () => {
  it('counts days between ISO dates', () => {
    expect(daysBetween('2025-01-10', '2026-01-10')).toBe(365);
  });

  it('gives TRY returns, compounding a foreign series with its FX return', () => {
    close([...(tryReturns(MARKET, 'AKB', W) as Float64Array)], [0.1, -0.1, 0]);
    close([...(tryReturns(MARKET, 'USDTRY', W) as Float64Array)], [0, 0.1, 0]);
    expect(tryReturns(MARKET, 'NONE', W)).toBe('NONE serisi bulunamadı');
    expect(tryReturns(MARKET, 'SHORT', W)).toContain('gözlem süresini karşılamıyor');
    expect(tryReturns(MARKET, 'EURSTK', W)).toBe('EUR kuru bulunamadı');
  });

  it('gives FX returns against TRY: zeros for TRY, null for an unknown currency', () => {
    expect([...fxReturns(MARKET, 'TRY', W)!]).toEqual([0, 0, 0]);
    close([...fxReturns(MARKET, 'USD', W)!], [0, 0.1, 0]);
    expect(fxReturns(MARKET, 'EUR', W)).toBeNull();
  });
});

describe('the TRY curve', () => {
  // C1 (91 days) changes +1, 0, -2; C2 (365 days) changes 0, +2, 0.
  it('interpolates curve changes linearly by tenor, flat beyond the ends', () => {
    close([...curveChangesAt(MARKET, 'TRY', 30, W)!], [1, 0, -2]);
    close([...curveChangesAt(MARKET, 'TRY', 1000, W)!], [0, 2, 0]);
    // 228 days: halfway between 91 and 365.
    close([...curveChangesAt(MARKET, 'TRY', 228, W)!], [0.5, 1, -1]);
    expect(curveChangesAt(MARKET, 'USD', 228, W)).toBeNull();
  });

  it('skips a curve point without data over the window, and interpolates to the bit', () => {
    // C0 (180 days) starts inside the window: not a point of this window's curve, so 228 days
    // still falls between C1 and C2. C3 (730 days) is a point: 1000 days takes its changes.
    const withGaps: MarketData = {
      ...MARKET,
      series: new Map([
        ...MARKET.series,
        ['C0', series('C0', 'curvePoint', [NAN, NAN, 10, 11, 12], 'TRY', 180)],
        ['C3', series('C3', 'curvePoint', [20, 20, 21, 23, 26], 'TRY', 730)],
      ]),
    };
    const wb = (228 - 91) / (365 - 91);
    const c1 = [1, 0, -2];
    const c2 = [0, 2, 0];
    expect([...curveChangesAt(withGaps, 'TRY', 228, W)!]).toEqual(
      c1.map((x, s) => (1 - wb) * x + wb * c2[s]!),
    );
    expect([...curveChangesAt(withGaps, 'TRY', 1000, W)!]).toEqual([1, 2, 3]);
    expect([...curveChangesAt(withGaps, 'TRY', 30, W)!]).toEqual(c1);
  });

  it('interpolates the curve level the same way', () => {
    expect(curveLevelAt(MARKET, 'TRY', 30, 4)).toBe(39);
    expect(curveLevelAt(MARKET, 'TRY', 1000, 4)).toBe(32);
    expect(curveLevelAt(MARKET, 'TRY', 228, 4)).toBeCloseTo(35.5, 12);
    expect(curveLevelAt(MARKET, 'USD', 228, 4)).toBeNull();
  });
});

describe('linear, cash and rate instruments', () => {
  it('needs a mapping for a linear position', () => {
    expect(reason(priceLinear(position({}), MARKET, W))).toContain('eşlenmemiş');
    expect(reason(priceLinear(position({ mappingTicker: 'NONE' }), MARKET, W))).toBe(
      'NONE serisi bulunamadı',
    );
  });

  it('gives cash FX risk only', () => {
    close(pnl(priceCash(position({ currency: 'USD' }), MARKET, W)), [0, 100, 0]);
    close(pnl(priceCash(position({}), MARKET, W)), [0, 0, 0]);
    expect(reason(priceCash(position({ currency: 'EUR' }), MARKET, W))).toBe('EUR kuru bulunamadı');
  });

  it('takes an unknown maturity as overnight and says so', () => {
    const p = priceRateInstrument(position({ ratePct: 36.5 }), MARKET, W, AS_OF);
    // T = 1/365: ΔV = -1000 · T / (1 + 0.365 · T) · Δy / 100 with Δy of the 91-day point.
    const s = -1000 / 365 / (1 + 0.365 / 365);
    close(pnl(p), [s * 0.01, 0, s * -0.02]);
    expect(note(p)).toContain('gecelik');
  });

  it('prices a TRY claim on the curve alone, to the bit, and notes what it lacks', () => {
    // A TRY deposit maturing at the 365-day point: ΔV = −V·T/(1 + y·T)·Δy/100 with T = 1.
    const p = priceRateInstrument(
      position({ ratePct: 40, maturityDate: '2026-01-03', valueTry: 2500 }),
      MARKET,
      W,
      '2025-01-03',
    );
    const s = (-2500 * 1) / (1 + 0.4 * 1);
    expect(pnl(p)).toEqual([(s * 0) / 100, (s * 2) / 100, (s * 0) / 100]);
    expect(note(p)).toBeUndefined();
    const noCurve: MarketData = {
      ...MARKET,
      series: new Map([...MARKET.series].filter(([, x]) => x.kind !== 'curvePoint')),
    };
    const overnight = priceRateInstrument(position({}), noCurve, W, AS_OF);
    expect(pnl(overnight)).toEqual([0, 0, 0]);
    expect(note(overnight)).toBe(
      'vade bilgisi yok: gecelik kabul edildi; TRY getiri eğrisi yok: faiz duyarlılığı hesaba katılmadı',
    );
  });

  it('has no rate sensitivity without a curve in its currency, and says so', () => {
    const p = priceRateInstrument(
      position({ currency: 'USD', maturityDate: '2025-04-10' }),
      MARKET,
      W,
      AS_OF,
    );
    close(pnl(p), [0, 100, 0]);
    expect(note(p)).toBe('USD getiri eğrisi yok: faiz duyarlılığı hesaba katılmadı');
    expect(reason(priceRateInstrument(position({ currency: 'EUR' }), MARKET, W, AS_OF))).toBe(
      'EUR kuru bulunamadı',
    );
  });
});

describe('a fund unit without a price series: its category (issue 23 item 7, decision 0070)', () => {
  const fund = (terms: Record<string, string | null>, over: Partial<PositionInput> = {}) =>
    position({ mainType: 'fundShare', terms: { kind: 'fund', ...terms }, ...over });
  it('moves an FX fund with its currency: 1 000 TL of units, USD/TRY 30 → 33 gives +100 TL', () => {
    const p = priceFundByCategory(
      fund({ fundCategory: 'debtInstruments', exposureCurrency: 'USD' }),
      MARKET,
      W,
      AS_OF,
      {},
    );
    close(pnl(p), [0, 100, 0]);
    expect(note(p)).toBe(
      'fiyat serisi yok: USD/TRY kuruyla (döviz fonu) (fon kategorisinin vekili)',
    );
    expect(
      reason(priceFundByCategory(fund({ exposureCurrency: 'EUR' }), MARKET, W, AS_OF, {})),
    ).toContain('EUR kuru bulunamadı');
  });
  it('moves an equity fund with the equity index given, and needs one', () => {
    // AKB returns +10 %, −10 %, 0 on 1 000 TL.
    const p = fund({ fundCategory: 'equity' });
    close(
      pnl(priceFundByCategory(p, MARKET, W, AS_OF, { equityIndexTicker: 'AKB' })),
      [100, -100, 0],
    );
    expect(reason(priceFundByCategory(p, MARKET, W, AS_OF, {}))).toContain('endeks seçilmedi');
  });
  it('moves a bond fund by its reported duration on the TRY curve', () => {
    // D = 0,625 years = 228 days: curve changes 0,5, 1, −1 points; ΔV = −1 000 × 0,625 × Δy / 100.
    const p = priceFundByCategory(
      fund({ fundCategory: 'debtInstruments' }, { modifiedDuration: 228 / 365 }),
      MARKET,
      W,
      AS_OF,
      {},
    );
    const d = 228 / 365;
    close(pnl(p), [-1000 * d * 0.005, -1000 * d * 0.01, 1000 * d * 0.01]);
    expect(
      reason(priceFundByCategory(fund({ fundCategory: 'debtInstruments' }), MARKET, W, AS_OF, {})),
    ).toBe('fiyat serisi ve durasyonu yok (borçlanma araçları fonu)');
  });
  it('holds a money-market fund overnight, and asks a series of a mixed fund', () => {
    const p = priceFundByCategory(fund({ fundCategory: 'moneyMarket' }), MARKET, W, AS_OF, {});
    // ratePct null → y = 0: ΔV = −1 000 × (1/365) × Δy / 100 at the 91-day point (+1, 0, −2).
    close(pnl(p), [-1000 / 365 / 100, 0, 2000 / 365 / 100]);
    expect(note(p)).toContain('para piyasası fonu');
    expect(
      reason(priceFundByCategory(fund({ fundCategory: 'mixed' }), MARKET, W, AS_OF, {})),
    ).toContain('fon fiyatı serisi eşleyin');
  });
});

describe('bonds', () => {
  const bond = (p: Partial<PositionInput>) =>
    position({ mainType: 'governmentBond', mappingTicker: 'Y1', ...p });

  it('lists why a bond cannot be priced', () => {
    expect(reason(priceBond(bond({ mappingTicker: null }), MARKET, W, AS_OF))).toContain(
      'eşlenmemiş',
    );
    expect(reason(priceBond(bond({ mappingTicker: 'NONE' }), MARKET, W, AS_OF))).toBe(
      'NONE serisi bulunamadı',
    );
    expect(reason(priceBond(bond({ currency: 'EUR' }), MARKET, W, AS_OF))).toBe(
      'EUR kuru bulunamadı',
    );
    expect(reason(priceBond(bond({ mappingTicker: 'SHORTY' }), MARKET, W, AS_OF))).toContain(
      'gözlem süresini karşılamıyor',
    );
    expect(reason(priceBond(bond({}), MARKET, W, AS_OF))).toBe(
      'tahvil koşulları ve durasyon bilgisi yok',
    );
  });

  it('uses duration and convexity (D²) for a bond without fixed terms, flagged', () => {
    // Yield changes +1, -2, +1 points; D = 2: ΔV = V(-D·Δy + ½·D²·Δy²).
    const p = priceBond(bond({ modifiedDuration: 2 }), MARKET, W, AS_OF);
    const v = (dy: number) => 1000 * (-2 * dy + 0.5 * 4 * dy * dy);
    close(pnl(p), [v(0.01), v(-0.02), v(0.01)]);
    expect(note(p)).toBe('durasyon/konveksite yaklaşımı kullanıldı');
  });

  it('takes the own price returns of a bond mapped to a price series with enough history', () => {
    const p = priceBond(bond({ mappingTicker: 'AKB', terms: BOND }), MARKET, W, AS_OF);
    close(pnl(p), [100, -100, 0]);
  });

  it('tells which bonds priceBond prices by their own price returns, without forming them', () => {
    const withUsd: MarketData = {
      ...MARKET,
      series: new Map([
        ...MARKET.series,
        ['USBOND', series('USBOND', 'price', [90, 91, 92, 93, 94], 'USD')],
      ]),
    };
    const cases: [Partial<PositionInput>, boolean][] = [
      [{ mappingTicker: 'AKB' }, true],
      [{ mappingTicker: 'AKB', currency: 'USD' }, true],
      [{ mappingTicker: 'USBOND', currency: 'USD' }, true],
      [{ mappingTicker: 'AKB', currency: 'EUR' }, false],
      [{ mappingTicker: 'EURSTK' }, false],
      [{ mappingTicker: 'SHORT' }, false],
      [{ mappingTicker: 'Y1' }, false],
      [{ mappingTicker: 'C1' }, false],
      [{ mappingTicker: 'NONE' }, false],
      [{ mappingTicker: null }, false],
    ];
    for (const [fields, own] of cases) {
      const p = bond({ terms: BOND, nominalValue: 1000, ...fields });
      expect(bondPricedByOwnReturns(p, withUsd, W), String(fields.mappingTicker)).toBe(own);
      // What priceBond does: value × the series' TRY returns exactly when told so.
      const priced = priceBond(p, withUsd, W, AS_OF);
      const returns = p.mappingTicker === null ? 'none' : tryReturns(withUsd, p.mappingTicker, W);
      const byReturns =
        'pnl' in priced &&
        typeof returns !== 'string' &&
        priced.pnl.every((v, k) => v === p.valueTry * returns[k]!);
      expect(byReturns, String(fields.mappingTicker)).toBe(own);
    }
  });

  it('reprices on the curve when the price history is short, and says so', () => {
    const p = priceBond(
      bond({ mappingTicker: 'SHORT', terms: BOND, nominalValue: 1000 }),
      MARKET,
      W,
      AS_OF,
    );
    expect(note(p)).toBe('fiyat geçmişi kısa: getiri eğrisi değişimleriyle yeniden fiyatlandı');
    // Two years to maturity: beyond the 365-day point, so the changes 0, +2, 0 apply.
    const values = pnl(p);
    expect(values[0]).toBeCloseTo(0, 9);
    expect(values[1]).toBeLessThan(0);
    expect(values[2]).toBeCloseTo(0, 9);
    expect(reason(priceBond(bond({ mappingTicker: 'SHORT' }), MARKET, W, AS_OF))).toContain(
      'gözlem süresini karşılamıyor',
    );
    expect(
      reason(
        priceBond(
          bond({ mappingTicker: 'SHORT', currency: 'USD', maturityDate: '2026-01-10' }),
          MARKET,
          W,
          AS_OF,
        ),
      ),
    ).toContain('gözlem süresini karşılamıyor');
  });

  it('solves the yield from the coupon rate when the price is unknown, and values a matured bond at zero risk', () => {
    const fromRate = priceBond(bond({ terms: BOND, ratePct: 20 }), MARKET, W, AS_OF);
    expect(note(fromRate)).toBeUndefined();
    expect(pnl(fromRate)[1]).toBeGreaterThan(0);
    const matured = priceBond(
      bond({ terms: { ...BOND, issueDate: '2020-01-10', maturityDate: '2025-01-10' } }),
      MARKET,
      W,
      AS_OF,
    );
    expect(pnl(matured)).toEqual([0, 0, 0]);
    // Neither a price nor a rate: duration, and without one, no price.
    expect(reason(priceBond(bond({ terms: BOND }), MARKET, W, AS_OF))).toBe(
      'tahvil koşulları ve durasyon bilgisi yok',
    );
    // A price the yield solver cannot reach falls back to the rate.
    const odd = priceBond(
      bond({ terms: BOND, nominalValue: 1, valueTry: 1e9, ratePct: 20 }),
      MARKET,
      W,
      AS_OF,
    );
    expect(pnl(odd)).toHaveLength(3);
  });
});

describe('full repricing prepares the bond once a day (decision 0077)', () => {
  // The form before: fixedBondFromYield(spec, y) for every scenario, schedule and all. The
  // prepared bond priced at each scenario's yield must give the same doubles.
  function perScenario(
    p: PositionInput,
    terms: ScenarioBondTerms,
    dy: readonly number[],
    fxNow: number,
  ) {
    const spec = {
      settlement: AS_OF,
      maturity: terms.maturityDate,
      issue: terms.issueDate,
      coupon: terms.couponType === 'discount' ? 0 : terms.couponRatePct / 100,
      frequency: terms.couponType === 'discount' ? 1 : terms.couponFrequency,
      dayCount: (
        {
          'ACT/365': 'act365f',
          'ACT/360': 'act365f',
          'ACT/ACT': 'actact-isma',
          '30/360': '30-360',
        } as const
      )[terms.dayCount],
      convention: p.currency === 'TRY' ? ('tr-treasury' as const) : ('isma' as const),
    };
    const accrued = fixedBondFromYield(spec, 0.1).accruedInterest;
    const dirty = (p.valueTry / fxNow / p.nominalValue!) * 100;
    const y0 = fixedBondFromCleanPrice(spec, dirty - accrued).yield;
    const p0 = fixedBondFromYield(spec, y0).dirtyPrice;
    return dy.map(
      (d) =>
        p.valueTry * (fixedBondFromYield(spec, Math.max(-0.99, y0 + d / 100)).dirtyPrice / p0 - 1),
    );
  }
  const cases: [string, ScenarioBondTerms, Partial<PositionInput>][] = [
    ['a TRY coupon bond (Treasury convention)', BOND, {}],
    [
      'a TRY discount bill',
      { ...BOND, couponType: 'discount', maturityDate: '2025-09-10' },
      { valueTry: 950 },
    ],
    [
      'a short first coupon on 30/360',
      { ...BOND, issueDate: '2024-11-20', dayCount: '30/360', couponFrequency: 4 },
      {},
    ],
    [
      'a USD eurobond (ISMA), FX at 33',
      { ...BOND, couponRatePct: 6.5 },
      { currency: 'USD', valueTry: 33_000 },
    ],
  ];
  for (const [name, terms, over] of cases)
    it(`gives ${name} the P&L of the per-scenario form, to the bit`, () => {
      const p = position({
        mainType: 'governmentBond',
        mappingTicker: 'Y1',
        terms,
        nominalValue: 1000,
        ...over,
      });
      const priced = priceBond(p, MARKET, W, AS_OF);
      const fx = fxReturns(MARKET, p.currency, W)!;
      const dy = [1, -2, 1]; // Y1's changes over the window
      const want = perScenario(p, terms, dy, p.currency === 'USD' ? 33 : 1).map(
        (x, s) => x + (p.valueTry + x) * fx[s]!,
      );
      expect(pnl(priced)).toEqual(want);
      expect(pnl(priced).every((x, s) => Object.is(x, want[s]))).toBe(true);
      // Priced again (the reverse stress's few hundred revaluations): from the bond held for
      // the position and day (decision 0133), the same doubles.
      const again = pnl(priceBond(p, MARKET, W, AS_OF));
      expect(again.every((x, s) => Object.is(x, want[s]))).toBe(true);
    });
});

describe('floaters (issue 23 item 5, decision 0057)', () => {
  // Quarterly TLREF note, coupons on the 17th of Feb/May/Aug/Nov: 10.01.2025 → 17.02.2025 is 38 days.
  const FRN: ScenarioBondTerms = {
    kind: 'bond',
    couponType: 'floating',
    couponRatePct: 46,
    couponFrequency: 4,
    dayCount: 'ACT/ACT',
    issueDate: '2024-02-17',
    maturityDate: '2026-02-17',
  };
  const frn = (p: Partial<PositionInput>) =>
    position({ mainType: 'governmentBond', mappingTicker: 'Y1', terms: FRN, ratePct: 45, ...p });

  it('finds the next reset', () => {
    const reset = nextReset(FRN, AS_OF);
    expect(formatIsoDate(reset.date)).toBe('2025-02-17');
    expect(reset.days).toBe(38);
  });

  it('moves with the curve change at its reset tenor, by its value at the reset', () => {
    // 38 days is below the 91-day point: its changes +1, 0, −2 points apply (not Y1's at maturity).
    const p = priceBond(frn({}), MARKET, W, AS_OF);
    const v = (dy: number) => 1000 * ((1.45 / (1.45 + dy)) ** (38 / 365) - 1);
    close(pnl(p), [v(0.01), v(0), v(-0.02)]);
    expect(pnl(p)[0]).toBeCloseTo(-0.7153, 3); // 38/365 × ln(1,45/1,46): −0,07 % for +100 bp
    expect(note(p)).toContain('38 gün');
    // Without a TRY curve the mapped series' changes (+1, −2, +1) apply at the reset.
    const noCurve: MarketData = {
      ...MARKET,
      series: new Map([...MARKET.series].filter(([, s]) => s.kind !== 'curvePoint')),
    };
    close(pnl(priceBond(frn({}), noCurve, W, AS_OF)), [v(0.01), v(-0.02), v(0.01)]);
    const matured = frn({ terms: { ...FRN, maturityDate: AS_OF } });
    expect(pnl(priceBond(matured, MARKET, W, AS_OF))).toEqual([0, 0, 0]);
  });

  it('counts its days to the reset from each valuation day, the same position priced on several', () => {
    // The days are kept per position and day (decision 0133): another day counts again.
    const held = frn({});
    expect(note(priceBond(held, MARKET, W, AS_OF))).toContain('38 gün');
    expect(note(priceBond(held, MARKET, W, '2025-01-20'))).toContain('28 gün');
    expect(note(priceBond(held, MARKET, W, AS_OF))).toContain('38 gün');
  });

  it("moves DSF's government floater 92 days before its reset by −1,2966 % under +700 bp (August 2018)", () => {
    // The demo on 27.11.2026: TRD270527T68, 45 220 324,08 TL at 31,7196 %, next reset 27.02.2027
    // (92 days); the shipped scenario's short end +700 bp, no credit spread (a government note).
    // Hand: (1,317196 / 1,387196)^(92/365) − 1 = −1,29664 % = −586 344,82 TL. First order: the
    // rate duration to the reset 0,252055 / 1,317196 = 0,19136 × 7 % = −1,3395 %; the Macaulay
    // figure 0,25 × 7 % = −1,76 % omits the (1 + y) discount.
    const asOf = '2026-11-27';
    const terms: ScenarioBondTerms = {
      ...FRN,
      couponRatePct: 31.7962,
      issueDate: '2024-05-27',
      maturityDate: '2027-05-27',
    };
    const aug: MarketData = {
      dates: ['2026-11-26', '2026-11-27'],
      series: new Map(
        [
          series('Y1', 'yield', [31, 31]),
          series('C91', 'curvePoint', [30, 37], 'TRY', 91),
          series('C365', 'curvePoint', [30, 37], 'TRY', 365),
          series('C3650', 'curvePoint', [28, 31], 'TRY', 3650),
        ].map((x) => [x.ticker, x]),
      ),
      fx: new Map(),
    };
    const p = priceBond(
      frn({ terms, ratePct: 31.7196, valueTry: 45_220_324.08 }),
      aug,
      { endIndex: 1, scenarios: 1, stepDays: 1 },
      asOf,
    );
    expect(nextReset(terms, asOf).days).toBe(92);
    expect(pnl(p)[0]).toBeCloseTo(-586_344.82, 2);
    expect(pnl(p)[0]! / 45_220_324.08).toBeCloseTo(-0.0129664, 7);
    expect(note(p)).toContain('92 gün');
  });

  it('takes a credit spread with its spread duration: its coupons held', () => {
    const spec = {
      settlement: AS_OF,
      maturity: FRN.maturityDate,
      issue: FRN.issueDate,
      coupon: 0.46,
      frequency: 4,
      dayCount: 'actact-isma' as const,
      convention: 'tr-treasury' as const,
    };
    const expected =
      1000 *
      (fixedBondFromYield(spec, 0.47).dirtyPrice / fixedBondFromYield(spec, 0.45).dirtyPrice - 1);
    expect(floaterSpreadPnl(frn({}), 2, AS_OF, 1)).toBeCloseTo(expected, 9);
    expect(floaterSpreadPnl(frn({ terms: BOND }), 2, AS_OF, 1)).toBeNull();
  });
});

describe('derivatives', () => {
  const future = { kind: 'future' as const, underlying: 'AKB', contractSize: 10 };

  it('lists why a future cannot be priced', () => {
    const f = (p: Partial<PositionInput>) => position({ mainType: 'future', valueTry: 0, ...p });
    expect(reason(priceFuture(f({}), MARKET, W, AS_OF))).toContain('vadeli işlem koşulları');
    expect(reason(priceFuture(f({ terms: future }), MARKET, W, AS_OF))).toBe(
      'dayanak AKB için seri bulunamadı',
    );
    expect(
      reason(priceFuture(f({ terms: future, underlyingTicker: 'SHORT' }), MARKET, W, AS_OF)),
    ).toContain('gözlem süresini karşılamıyor');
    expect(
      reason(
        priceFuture(
          f({ terms: future, underlyingTicker: 'AKB', currency: 'EUR', nominalValue: 1 }),
          MARKET,
          W,
          AS_OF,
        ),
      ),
    ).toBe('dayanak fiyatı veya kur bulunamadı');
  });

  it('values a future on the underlying level, never on its own price series (decision 0051)', () => {
    for (const mappingTicker of [null, 'FLAT']) {
      const p = priceFuture(
        position({
          mainType: 'future',
          terms: future,
          underlyingTicker: 'AKB',
          mappingTicker,
          nominalValue: 2,
        }),
        MARKET,
        W,
        AS_OF,
      );
      // Exposure 2 × 10 × 99 (AKB's level) = 1980, whatever the future's own series says.
      expect('exposureTry' in p && p.exposureTry).toBe(1980);
      close(pnl(p), [198, -198, 0]);
    }
  });

  const option = {
    kind: 'option' as const,
    underlying: 'FLAT',
    strike: 50,
    expiryDate: '2025-07-10',
    optionType: 'call' as const,
    contractSize: 1,
  };
  const o = (p: Partial<PositionInput>) =>
    position({
      mainType: 'option',
      underlyingTicker: 'FLAT',
      nominalValue: 10,
      terms: option,
      ...p,
    });

  it('lists why an option cannot be priced', () => {
    expect(reason(priceOption(o({ terms: null }), MARKET, W, AS_OF))).toContain(
      'opsiyon koşulları',
    );
    expect(reason(priceOption(o({ underlyingTicker: null }), MARKET, W, AS_OF))).toBe(
      'dayanak FLAT için seri bulunamadı',
    );
    expect(reason(priceOption(o({ underlyingTicker: 'SHORT' }), MARKET, W, AS_OF))).toContain(
      'gözlem süresini karşılamıyor',
    );
    expect(reason(priceOption(o({ nominalValue: 0 }), MARKET, W, AS_OF))).toBe(
      'opsiyon adedi veya dayanak fiyatı bulunamadı',
    );
    // A price below intrinsic value has no implied volatility, and the flat underlying has no
    // historical volatility either.
    expect(reason(priceOption(o({ valueTry: 1 }), MARKET, W, AS_OF))).toContain(
      'oynaklığı hesaplanamadı',
    );
  });

  it('falls back to the historical volatility of the underlying, flagged', () => {
    const p = priceOption(
      o({
        underlyingTicker: 'AKB',
        terms: { ...option, underlying: 'AKB', strike: 100 },
        valueTry: 1,
      }),
      MARKET,
      W,
      AS_OF,
    );
    expect(note(p)).toContain('tarihsel oynaklığı kullanıldı');
  });

  it('values an expired option at its intrinsic value', () => {
    const p = priceOption(
      o({
        underlyingTicker: 'AKB',
        terms: { ...option, underlying: 'AKB', strike: 95, expiryDate: AS_OF },
        valueTry: 40,
      }),
      MARKET,
      W,
      AS_OF,
    );
    // Intrinsic 99 - 95 = 4 per unit, 10 units; underlying moves +10 %, -10 %, 0.
    const v = (s: number) => 10 * Math.max(0, s - 95);
    close(pnl(p), [v(108.9) - 40, v(89.1) - 40, 0]);
  });

  it('takes a zero rate when there is no TRY curve, and says so', () => {
    const noCurve: MarketData = {
      ...MARKET,
      series: new Map([...MARKET.series].filter(([, s]) => s.kind !== 'curvePoint')),
    };
    const p = priceOption(
      o({
        underlyingTicker: 'AKB',
        terms: { ...option, underlying: 'AKB', strike: 100 },
        valueTry: 60,
      }),
      noCurve,
      W,
      AS_OF,
    );
    expect(note(p)).toBe('TRY getiri eğrisi yok: faiz 0 alındı');
  });
});
