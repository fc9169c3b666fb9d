import { describe, expect, it } from 'vitest';
import {
  positionPeriod,
  reconcileReturns,
  reconciliationRows,
  type HoldingLine,
} from './attribution.ts';
import type { PositionIncome } from './income-events.ts';

const line = (
  over: Partial<HoldingLine> & Pick<HoldingLine, 'code' | 'mainType'>,
): HoldingLine => ({
  name: over.code,
  sector: null,
  valueTry: 0,
  nominal: null,
  ratePct: null,
  contractSize: null,
  ...over,
});

const noFutures = () => null;

describe('positionPeriod: total returns', () => {
  // TRD270728T40 over its coupon date 27.07.2026: 1 000 000 nominal, dirty 104,90 → 95,10 per 100,
  // coupon 10 per 100 paid on 27.07 (20 % semi-annual).
  const bond = (valueTry: number) =>
    line({ code: 'TRD270728T40', mainType: 'governmentBond', nominal: 1_000_000, valueTry });
  const income = new Map<string, PositionIncome>([
    [
      'TRD270728T40',
      { events: [{ date: '2026-07-27', incomePerUnit: 0.1 }], maturity: '2028-07-27' },
    ],
  ]);

  it('counts the coupon of a bond held over its coupon date', () => {
    const [p] = positionPeriod(
      [bond(1_049_000)],
      [bond(951_000)],
      '2026-07-24',
      '2026-07-27',
      income,
      noFutures,
    );
    // (0,951 + 0,10) / 1,049 − 1 = +0,19 %, where the value per unit alone gives −9,34 %.
    expect(p!.return).toBeCloseTo(1.051 / 1.049 - 1, 14);
  });

  it('leaves a coupon outside (d0, d1] to its own period', () => {
    const [p] = positionPeriod(
      [bond(951_000)],
      [bond(952_000)],
      '2026-07-27',
      '2026-07-28',
      income,
      noFutures,
    );
    expect(p!.return).toBeCloseTo(0.952 / 0.951 - 1, 14);
  });

  it('accrues a deposit valued at nominal over a month from its rate and days', () => {
    // 2 000 000 TL at 45 % from 30.06 to 31.07.2026 (31 days): 0,45 × 31 / 365.
    const deposit = line({
      code: 'MEVDUAT',
      mainType: 'deposit',
      nominal: 2_000_000,
      valueTry: 2_000_000,
      ratePct: 45,
    });
    const repo = line({
      code: 'REPO',
      mainType: 'repo',
      nominal: -500_000,
      valueTry: -500_000,
      ratePct: 40,
    });
    const [d, r] = positionPeriod(
      [deposit, repo],
      [deposit, repo],
      '2026-06-30',
      '2026-07-31',
      new Map(),
      noFutures,
    );
    expect(d!.return).toBeCloseTo((0.45 * 31) / 365, 15);
    expect(d!.weight).toBeCloseTo(2_000_000 / 1_500_000, 15);
    // A repo borrowing costs its rate: its weight is negative, its contribution too.
    expect(r!.return).toBeCloseTo((0.4 * 31) / 365, 15);
    expect(r!.weight * r!.return).toBeLessThan(0);
  });

  it('gives a foreign-currency deposit (value ≠ nominal) its change in TRY', () => {
    // 10 000 USD at 32,50 then 33,15 TL.
    const usd = (valueTry: number) =>
      line({ code: 'USD', mainType: 'deposit', nominal: 10_000, valueTry });
    const [p] = positionPeriod(
      [usd(325_000)],
      [usd(331_500)],
      '2026-06-30',
      '2026-07-31',
      new Map(),
      noFutures,
    );
    expect(p!.return).toBeCloseTo(33.15 / 32.5 - 1, 14);
  });

  it('values a bill gone at maturity at its redemption, and a line sold at 0', () => {
    // 500 000 nominal at 97,20 per 100; redeemed at 100 on 16.09.2026.
    const bill = line({
      code: 'BILL',
      mainType: 'treasuryBill',
      nominal: 500_000,
      valueTry: 486_000,
    });
    const sold = line({ code: 'SOLD', mainType: 'stock', nominal: 100, valueTry: 1_000 });
    const [b, s] = positionPeriod(
      [bill, sold],
      [],
      '2026-08-31',
      '2026-09-30',
      new Map([
        ['BILL', { events: [{ date: '2026-09-16', incomePerUnit: 1 }], maturity: '2026-09-16' }],
      ]),
      noFutures,
    );
    expect(b!.return).toBeCloseTo(1 / 0.972 - 1, 14);
    expect(s!.return).toBe(0);
  });
});

describe('positionPeriod: futures', () => {
  it('holds a future at its notional, financed by a synthetic money-market line', () => {
    // NAV 1 000 000 (cash); 20 contracts short, multiplier 1, futures price 10 000 → 10 500:
    // notional −200 000 (weight −0,2), return +5 %; P&L −20 × 500 = −10 000 = −1 % of NAV.
    const cash = line({ code: 'CASH', mainType: 'margin', nominal: 1e6, valueTry: 1e6 });
    const fut = line({ code: 'F_XU030', mainType: 'future', nominal: -20, contractSize: 1 });
    const price = (_code: string, date: string) => (date === '2026-06-30' ? 10_000 : 10_500);
    const out = positionPeriod(
      [cash, fut],
      [cash, fut],
      '2026-06-30',
      '2026-07-31',
      new Map(),
      price,
    );
    const [, f, fin] = out;
    expect(f).toMatchObject({ assetClass: 'derivative', weight: -0.2 });
    expect(f!.return).toBeCloseTo(0.05, 15);
    expect(fin).toMatchObject({ assetClass: 'moneyMarket', weight: 0.2, return: 0 });
    expect(out.reduce((s, p) => s + p.weight, 0)).toBeCloseTo(1, 15);
    expect(out.reduce((s, p) => s + p.weight * p.return, 0)).toBeCloseTo(-0.01, 15);
  });
  it('leaves out a future without prices', () => {
    const cash = line({ code: 'CASH', mainType: 'margin', nominal: 1e6, valueTry: 1e6 });
    const fut = line({ code: 'F_XU030', mainType: 'future', nominal: -20, contractSize: 1 });
    expect(
      positionPeriod([cash, fut], [cash], '2026-06-30', '2026-07-31', new Map(), noFutures),
    ).toHaveLength(1);
  });
});

describe('positionPeriod: options and cash collateral', () => {
  // 10 BIST 30 calls (multiplier 100) at 7,00 on 31.05.2024: 7 000 TL; the series prices them.
  const call = line({ code: 'C9250', mainType: 'option', nominal: 10, valueTry: 7_000 });
  const prices = new Map([
    ['2024-05-31', 7],
    ['2024-06-14', 18.4],
    ['2024-06-28', 0],
  ]);
  const last = (_code: string, date: string) => {
    let out: number | null = null;
    for (const [d, v] of prices) if (d <= date) out = v;
    return out;
  };
  it('holds an option gone at d1 to its last price on or before d1 (expired or rolled)', () => {
    // Expired on 14.06 (its series ends there at 18,40): 18,40 / 7,00 − 1 = +162,857 %.
    const ended = (_code: string, date: string) => (date < '2024-06-14' ? 7 : 18.4);
    const [p] = positionPeriod([call], [], '2024-05-31', '2024-06-28', new Map(), ended);
    expect(p!.return).toBeCloseTo(18.4 / 7 - 1, 14);
    // Rolled within the month, worthless at d1: −100 %.
    const [q] = positionPeriod([call], [], '2024-05-31', '2024-06-28', new Map(), last);
    expect(q!.return).toBeCloseTo(-1, 14);
    // Without a series it earns 0, as a line sold within the period.
    const [r] = positionPeriod([call], [], '2024-05-31', '2024-06-28', new Map(), noFutures);
    expect(r!.return).toBe(0);
  });
  it('accrues VİOP cash collateral at its reported rate, and 0 without one', () => {
    // 6 000 000 TL of margin at 44,5 % from 31.05 to 28.06.2024 (28 days): 0,445 × 28 / 365.
    const margin = line({
      code: 'TEMINAT',
      mainType: 'margin',
      nominal: 6_000_000,
      valueTry: 6_000_000,
      ratePct: 44.5,
    });
    const bare = { ...margin, code: 'TEMINAT2', ratePct: null };
    const [m, b] = positionPeriod(
      [margin, bare],
      [margin, bare],
      '2024-05-31',
      '2024-06-28',
      new Map(),
      noFutures,
    );
    expect(m!.return).toBeCloseTo((0.445 * 28) / 365, 15);
    expect(b!.return).toBe(0);
  });
});

describe('reconcileReturns', () => {
  it('splits the residual to the unit price into the fee and the rest (hand-computed)', () => {
    // Prices on 4 dates; the holdings dates are the 2nd and the 4th (366 days apart).
    const dates = ['2025-01-01', '2025-01-31', '2025-07-31', '2026-02-01'];
    const net = [0.01, 0.1, 0.05];
    const gross = [0.011, 0.11, 0.06];
    const r = reconcileReturns({
      dates,
      net,
      gross,
      fromDate: '2025-01-31',
      toDate: '2026-02-01',
      holdingsReturn: 0.17,
    })!;
    // net 1,1 × 1,05 − 1 = 0,155; gross 1,11 × 1,06 − 1 = 0,1766.
    expect(r.unitPriceReturn).toBeCloseTo(0.155, 14);
    expect(r.grossUnitPriceReturn).toBeCloseTo(0.1766, 14);
    expect(r.residual).toBeCloseTo(0.155 - 0.17, 14);
    expect(r.fees).toBeCloseTo(0.155 - 0.1766, 14);
    expect(r.other).toBeCloseTo(0.1766 - 0.17, 14);
    expect(r.fees + r.other).toBeCloseTo(r.residual, 14);
    expect(r.otherPerYear).toBeCloseTo((1.1766 / 1.17) ** (365 / 366) - 1, 14);
    const rows = reconciliationRows(r, 1.5);
    expect(rows.map((x) => x.value)).toEqual([
      r.holdingsReturn,
      r.unitPriceReturn,
      r.residual,
      r.fees,
      r.other,
      r.otherPerYear,
    ]);
    expect(rows[3]!.explanation).toContain('yıllık %1,5');
  });
  it('is null when the prices miss a holdings date', () => {
    expect(
      reconcileReturns({
        dates: ['2025-01-01', '2025-01-31'],
        net: [0.01],
        gross: [0.011],
        fromDate: '2025-01-02',
        toDate: '2025-01-31',
        holdingsReturn: 0,
      }),
    ).toBeNull();
  });
});
