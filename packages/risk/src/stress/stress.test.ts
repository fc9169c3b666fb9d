import { describe, expect, it } from 'vitest';
import { curveShiftBp, historicalShock, stressTest, type StressPosition } from './stress.ts';
import { fixedBondFromYield, type FixedBondSpec } from '../bonds/fixed-bond.ts';
import { blackScholesMerton } from '../options/black-scholes.ts';
import { InvalidInputError } from '../errors.ts';

const bond: FixedBondSpec = {
  settlement: '2024-06-28',
  maturity: '2029-06-28',
  coupon: 0.3,
  frequency: 2,
  dayCount: 'actact-isma',
};
const call = {
  type: 'call' as const,
  underlying: 10_000,
  strike: 10_000,
  timeToExpiry: 0.25,
  riskFreeRate: 0.45,
  volatility: 0.3,
};

const book: StressPosition[] = [
  {
    kind: 'linear',
    id: 'XU100 hisse',
    assetClass: 'hisse',
    currency: 'TRY',
    value: 1_000_000,
    factor: 'equity',
    beta: 1.2,
  },
  {
    kind: 'linear',
    id: 'USD mevduat',
    assetClass: 'mevduat',
    currency: 'USD',
    value: 10_000,
    factor: 'none',
  },
  {
    kind: 'linear',
    id: 'altın',
    assetClass: 'kıymetli maden',
    currency: 'TRY',
    value: 200_000,
    factor: 'gold',
  },
  {
    kind: 'bond',
    id: 'DİBS 2029',
    assetClass: 'borçlanma',
    currency: 'TRY',
    face: 1_000_000,
    bond,
    yield: 0.28,
    creditSensitive: false,
  },
  {
    kind: 'bond',
    id: 'ÖST 2029',
    assetClass: 'borçlanma',
    currency: 'TRY',
    face: 500_000,
    bond,
    yield: 0.32,
    creditSensitive: true,
  },
  {
    kind: 'option',
    id: 'XU030 alım',
    assetClass: 'türev',
    currency: 'TRY',
    quantity: 10,
    model: 'black-scholes-merton',
    option: call,
    underlyingFactor: 'equity',
  },
  {
    kind: 'option',
    id: 'USD alım',
    assetClass: 'türev',
    currency: 'TRY',
    quantity: 1000,
    model: 'black-76',
    option: { ...call, underlying: 35, strike: 36 },
    underlyingFactor: { currency: 'USD' },
  },
];
const market = { nav: 5_000_000, fxRates: { USD: 32.5 } };

describe('stress revaluation', () => {
  it('revalues every position under a combined shock', () => {
    const shock = {
      equity: -0.2,
      gold: 0.1,
      fx: { USD: 0.3 },
      curve: { parallelBp: 500 },
      creditSpreadBp: 200,
      volatilityPoints: 10,
    };
    const r = stressTest(book, shock, market);
    const pnl = Object.fromEntries(r.positions.map((p) => [p.id, p.pnlTry]));
    expect(pnl['XU100 hisse']).toBeCloseTo(-240_000, 8);
    expect(pnl['USD mevduat']).toBeCloseTo(10_000 * 32.5 * 0.3, 8);
    expect(pnl['altın']).toBeCloseTo(20_000, 8);
    const dibs = (y: number): number => (1_000_000 * fixedBondFromYield(bond, y).dirtyPrice) / 100;
    expect(pnl['DİBS 2029']).toBeCloseTo(dibs(0.33) - dibs(0.28), 6);
    const ost = (y: number): number => (500_000 * fixedBondFromYield(bond, y).dirtyPrice) / 100;
    expect(pnl['ÖST 2029'], 'credit spread adds to the curve shift').toBeCloseTo(
      ost(0.39) - ost(0.32),
      6,
    );
    const shocked = blackScholesMerton({ ...call, underlying: 8_000, volatility: 0.4 }).price;
    expect(pnl['XU030 alım']).toBeCloseTo(10 * (shocked - blackScholesMerton(call).price), 6);
    expect(r.totalPnlTry).toBeCloseTo(
      r.positions.reduce((s, p) => s + p.pnlTry, 0),
      6,
    );
    expect(r.totalPnlShareOfNav).toBeCloseTo(r.totalPnlTry / 5_000_000, 15);
    const classes = r.byAssetClass.map((c) => c.assetClass);
    expect(classes).toEqual(['hisse', 'mevduat', 'kıymetli maden', 'borçlanma', 'türev']);
    expect(r.byAssetClass[3]!.pnlTry).toBeCloseTo(pnl['DİBS 2029']! + pnl['ÖST 2029']!, 6);
  });

  it('has zero P&L under no shock', () => {
    const r = stressTest(book, {}, market);
    for (const p of r.positions) expect(Math.abs(p.pnlTry)).toBeLessThan(1e-9);
  });

  it('interpolates a curve twist between the short and long end', () => {
    const twist = { shortEndBp: 300, longEndBp: -100 };
    expect(curveShiftBp(twist, 0.5)).toBe(300);
    expect(curveShiftBp(twist, 5.5)).toBeCloseTo(100, 12);
    expect(curveShiftBp({ ...twist, parallelBp: 50 }, 20)).toBe(-50);
    expect(curveShiftBp(undefined, 3)).toBe(0);
    expect(() => curveShiftBp({ shortTenorYears: 5, longTenorYears: 2 }, 3)).toThrow(
      InvalidInputError,
    );
  });

  it('rejects a non-positive NAV and a currency without a rate', () => {
    expect(() => stressTest(book, {}, { nav: 0, fxRates: {} })).toThrow(/nav/);
    expect(() => stressTest(book, {}, { nav: 1, fxRates: {} })).toThrow(/USD/);
  });
});

describe('historical scenarios', () => {
  const history = {
    dates: ['2018-08-01', '2018-08-10', '2018-08-13'],
    equity: [95_000, 90_000, 85_500],
    fx: { USD: [5.0, 6.0, 6.5] },
    shortYield: [0.2, 0.22, 0.25],
    longYield: [0.18, 0.19, 0.2],
    creditSpread: [0.02, 0.025, 0.03],
  };
  it('turns the cumulative factor moves of a window into a shock', () => {
    const shock = historicalShock(history, '2018-08-01', '2018-08-13');
    expect(shock.equity).toBeCloseTo(-0.1, 15);
    expect(shock.fx!.USD).toBeCloseTo(0.3, 15);
    expect(shock.curve!.shortEndBp).toBeCloseTo(500, 9);
    expect(shock.curve!.longEndBp).toBeCloseTo(200, 9);
    expect(shock.creditSpreadBp).toBeCloseTo(100, 9);
    expect(shock.gold).toBeUndefined();
    const r = stressTest([book[0]!, book[1]!], shock, market);
    expect(r.positions[0]!.pnlTry).toBeCloseTo(-120_000, 6);
    expect(
      historicalShock({ dates: history.dates }, '2018-08-01', '2018-08-10').fx,
    ).toBeUndefined();
  });
  it('rejects dates outside the history and reversed windows', () => {
    expect(() => historicalShock(history, '2018-08-10', '2018-08-01')).toThrow(/window/);
    expect(() => historicalShock(history, '2018-07-01', '2018-08-10')).toThrow(/window/);
  });
});
