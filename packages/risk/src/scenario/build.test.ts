import { describe, expect, it } from 'vitest';
import { normalCdf } from '../math/normal.ts';
import { buildScenarioMatrix, pnlColumn, pricePosition } from './build.ts';
import type { MarketData, SeriesData } from './market.ts';
import type { PositionInput } from './types.ts';

// Five dates; the window ends on the last one with three 1-day scenarios: 1->2, 2->3, 3->4.
const DATES = ['2025-01-06', '2025-01-07', '2025-01-08', '2025-01-09', '2025-01-10'];
const AS_OF = DATES[4]!;
const WINDOW = { endIndex: 4, scenarios: 3, stepDays: 1 };

function series(
  ticker: string,
  kind: string,
  values: number[],
  currency = 'TRY',
  tenorDays: number | null = null,
): SeriesData {
  return { ticker, kind, currency, tenorDays, values: Float64Array.from(values) };
}

const MARKET: MarketData = {
  dates: DATES,
  series: new Map(
    [
      series('AKB', 'price', [100, 100, 110, 99, 99]),
      series('USSTK', 'price', [10, 10, 11, 11, 11], 'USD'),
      series('USDTRY', 'fxRate', [30, 30, 30, 33, 33]),
      series('F_USD', 'price', [35, 35, 35, 35, 35]),
      series('IDX', 'index', [100, 100, 110, 99, 100]),
      series('Y1', 'yield', [25, 25, 26, 24, 25]),
      series('TRYC-3A', 'curvePoint', [40, 40, 41, 41, 39], 'TRY', 91),
      series('NEW', 'price', [Number.NaN, Number.NaN, Number.NaN, 5, 5]),
    ].map((s) => [s.ticker, s]),
  ),
  fx: new Map([['USD', Float64Array.from([30, 30, 30, 33, 33])]]),
};

function position(
  p: Partial<PositionInput> & Pick<PositionInput, 'instrumentCode' | 'mainType' | 'valueTry'>,
): PositionInput {
  return {
    instrumentName: null,
    currency: 'TRY',
    nominalValue: null,
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

function pnlOf(p: PositionInput): number[] {
  const m = buildScenarioMatrix([p], MARKET, WINDOW, AS_OF);
  expect(m.unmapped, 'the position must be priced').toEqual([]);
  return [...pnlColumn(m, 0)];
}

function close(actual: number[], expected: number[], digits = 9): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((a, i) => expect(a, `scenario ${i}`).toBeCloseTo(expected[i]!, digits));
}

describe('scenario P&L builder', () => {
  it('prices a TRY share as value × return of its series', () => {
    close(
      pnlOf(
        position({
          instrumentCode: 'AKB',
          mainType: 'stock',
          valueTry: 1000,
          mappingTicker: 'AKB',
        }),
      ),
      [100, -100, 0],
    );
  });

  it('compounds the local return with the FX return for a foreign share', () => {
    // USD price +10 % then flat; USD/TRY flat then +10 %.
    close(
      pnlOf(
        position({
          instrumentCode: 'USSTK',
          mainType: 'stock',
          currency: 'USD',
          valueTry: 3300,
          mappingTicker: 'USSTK',
        }),
      ),
      [330, 330, 0],
    );
  });

  it('values a future as contracts × size × underlying level times the underlying return, with book value 0', () => {
    const p = position({
      instrumentCode: 'F_USD',
      mainType: 'future',
      valueTry: 0,
      nominalValue: 2,
      mappingTicker: 'F_USD',
      underlyingTicker: 'USDTRY',
      terms: { kind: 'future', underlying: 'USDTRY', contractSize: 1000 },
    });
    const m = buildScenarioMatrix([p], MARKET, WINDOW, AS_OF);
    // 2 × 1000 × 33 (USDTRY, not the future's own 35: decision 0051) = 66 000; the 30 → 33
    // move is +10 %: 6 600.
    expect(m.positions[0]!.exposureTry).toBe(66000);
    close([...pnlColumn(m, 0)], [0, 6600, 0]);
  });

  it('revalues a call fully with Black-Scholes at the implied volatility', () => {
    // S = 100, K = 100, one year; the rate is the curve at the expiry (only the 91-day point: 39 %, flat).
    const expiry = '2026-01-10';
    const tau = 365 / 365;
    const rate = Math.log(1.39);
    const call = (s: number, vol: number) => {
      const d1 = (Math.log(s / 100) + (rate + (vol * vol) / 2) * tau) / (vol * Math.sqrt(tau));
      return s * normalCdf(d1) - 100 * Math.exp(-rate * tau) * normalCdf(d1 - vol * Math.sqrt(tau));
    };
    const unit = call(100, 0.2);
    const p = position({
      instrumentCode: 'O_IDX',
      mainType: 'option',
      valueTry: 10 * unit,
      nominalValue: 1,
      underlyingTicker: 'IDX',
      terms: {
        kind: 'option',
        underlying: 'IDX',
        strike: 100,
        expiryDate: expiry,
        optionType: 'call',
        contractSize: 10,
      },
    });
    // Underlying returns: +10 %, -10 %, 100/99 - 1.
    const expected = [1.1, 0.9, 100 / 99].map((g) => 10 * (call(100 * g, 0.2) - unit));
    close(pnlOf(p), expected, 6);
  });

  it('reprices a discount bond from the yield changes of its mapped yield series', () => {
    // One year to maturity, tr-treasury: P = 100 / (1 + y); y0 = 25 % gives 80 per 100.
    const p = position({
      instrumentCode: 'TRB',
      mainType: 'treasuryBill',
      valueTry: 800,
      nominalValue: 1000,
      mappingTicker: 'Y1',
      terms: {
        kind: 'bond',
        couponType: 'discount',
        couponRatePct: 0,
        couponFrequency: 0,
        dayCount: 'ACT/365',
        issueDate: '2024-07-10',
        maturityDate: '2026-01-10',
      },
    });
    const value = (y: number) => (1000 * 100) / (1 + y) / 100;
    // Yield changes +1, -2, +1 points applied to y0 = 25 %.
    close(pnlOf(p), [value(0.26) - 800, value(0.23) - 800, value(0.26) - 800], 6);
  });

  it('gives a deposit the rate sensitivity of its remaining maturity on the curve', () => {
    // 73 days = 0.2 years at 50 %: dV = -1000 × 0.2 / 1.1 × dy; curve changes +1, 0, -2 points.
    const p = position({
      instrumentCode: 'MEV',
      mainType: 'deposit',
      valueTry: 1000,
      ratePct: 50,
      maturityDate: '2025-03-24',
    });
    const s = (-1000 * 0.2) / 1.1;
    close(pnlOf(p), [s * 0.01, 0, s * -0.02]);
  });

  it('maps a fund unit without a series to its category: an FX fund moves with USD (VaR, decision 0070)', () => {
    const unit = (terms: PositionInput['terms'], mappingTicker: string | null = null) =>
      position({
        instrumentCode: 'FON',
        mainType: 'fundShare',
        valueTry: 1000,
        terms,
        mappingTicker,
      });
    // USD/TRY 30 → 30 → 33 → 33: +10 % in the second scenario.
    close(
      pnlOf(unit({ kind: 'fund', fundCategory: 'debtInstruments', exposureCurrency: 'USD' })),
      [0, 100, 0],
    );
    // A mapped series comes first; the category only stands in for a missing one.
    close(pnlOf(unit({ kind: 'fund', exposureCurrency: 'USD' }, 'AKB')), [100, -100, 0]);
    const m = buildScenarioMatrix(
      [unit({ kind: 'fund', fundCategory: 'equity' })],
      MARKET,
      WINDOW,
      AS_OF,
      { equityIndexTicker: 'IDX' },
    );
    close([...pnlColumn(m, 0)], [100, -100, 1000 / 99]);
    expect(m.positions[0]!.riskFactor).toBe('Fon Fiyatı');
  });

  it('lists unmapped and short-history holdings with their reasons instead of dropping them', () => {
    const m = buildScenarioMatrix(
      [
        position({ instrumentCode: 'NOMAP', mainType: 'stock', valueTry: 50 }),
        position({ instrumentCode: 'NEW', mainType: 'stock', valueTry: 70, mappingTicker: 'NEW' }),
        position({ instrumentCode: 'ZERO', mainType: 'stock', valueTry: 0, mappingTicker: 'AKB' }),
      ],
      MARKET,
      WINDOW,
      AS_OF,
    );
    expect(m.positions).toEqual([]);
    expect(m.unmapped.map((u) => [u.instrumentCode, u.valueTry])).toEqual([
      ['NOMAP', 50],
      ['NEW', 70],
    ]);
    expect(m.unmapped[0]!.reason).toContain('eşlenmemiş');
    expect(m.unmapped[1]!.reason).toContain('gözlem süresini karşılamıyor');
  });

  it('prices one position as the matrix does: its row to the bit, its unmapped row, or nothing', () => {
    const held = [
      position({ instrumentCode: 'AKB', mainType: 'stock', valueTry: 1000, mappingTicker: 'AKB' }),
      position({ instrumentCode: 'NOMAP', mainType: 'stock', valueTry: 50 }),
      position({ instrumentCode: 'ZERO', mainType: 'stock', valueTry: 0, mappingTicker: 'AKB' }),
      position({
        instrumentCode: 'MEVDUAT',
        mainType: 'deposit',
        valueTry: 1_000_000,
        maturityDate: '2025-04-10',
        ratePct: 40,
      }),
    ];
    const m = buildScenarioMatrix(held, MARKET, WINDOW, AS_OF);
    const priced = held.map((p) => pricePosition(p, MARKET, WINDOW, AS_OF));
    expect(priced[2]).toBeNull();
    expect(priced[1]).toEqual({ unmapped: m.unmapped[0] });
    for (const [i, k] of [
      [0, 0],
      [3, 1],
    ] as const) {
      const one = priced[i]!;
      if (!('pnl' in one)) throw new Error(`${held[i]!.instrumentCode} must be priced`);
      expect([one.method, one.exposureTry]).toEqual([
        m.positions[k]!.method,
        m.positions[k]!.exposureTry,
      ]);
      expect(Buffer.from(one.pnl.buffer).equals(Buffer.from(pnlColumn(m, k).slice().buffer))).toBe(
        true,
      );
    }
  });

  it('labels each position with its risk factor (component VaR grouping) and lists approximations', () => {
    const m = buildScenarioMatrix(
      [
        position({
          instrumentCode: 'GLD',
          mainType: 'preciousMetal',
          valueTry: 1,
          mappingTicker: 'AKB',
        }),
        position({
          instrumentCode: 'FON',
          mainType: 'fundShare',
          valueTry: 1,
          mappingTicker: 'AKB',
        }),
        position({ instrumentCode: 'DVZ', mainType: 'fx', valueTry: 1, mappingTicker: 'USDTRY' }),
        position({ instrumentCode: 'YLD', mainType: 'other', valueTry: 1, mappingTicker: 'Y1' }),
        position({ instrumentCode: 'IDX', mainType: 'other', valueTry: 1, mappingTicker: 'IDX' }),
        position({
          instrumentCode: 'YAP',
          mainType: 'structuredProduct',
          valueTry: 1,
          mappingTicker: 'IDX',
        }),
        position({ instrumentCode: 'OTH', mainType: 'other', valueTry: 1, mappingTicker: 'AKB' }),
        position({ instrumentCode: 'TMN', mainType: 'margin', valueTry: 1 }),
        position({ instrumentCode: 'UMN', mainType: 'margin', valueTry: 1, currency: 'USD' }),
        position({ instrumentCode: 'UDP', mainType: 'deposit', valueTry: 1, currency: 'USD' }),
      ],
      MARKET,
      WINDOW,
      AS_OF,
    );
    expect(m.positions.map((p) => [p.instrumentCode, p.method, p.riskFactor])).toEqual([
      ['GLD', 'linear', 'Kıymetli Maden'],
      ['FON', 'linear', 'Fon Fiyatı'],
      ['DVZ', 'linear', 'Döviz Kuru'],
      ['YLD', 'linear', 'Faiz Oranı'],
      // An index of any asset class: equity for a product on it, not for an instrument of type
      // Diğer (the demo's fee accrual on the money-market index was an equity price risk).
      ['IDX', 'linear', 'Diğer'],
      ['YAP', 'linear', 'Hisse Senedi Fiyatı'],
      ['OTH', 'linear', 'Diğer'],
      ['TMN', 'cash', 'Nakit'],
      ['UMN', 'cash', 'Döviz Kuru'],
      ['UDP', 'rateSensitivity', 'Döviz Kuru'],
    ]);
    expect(m.approximations.map((a) => a.instrumentCode)).toEqual(['UDP']);
  });
});
