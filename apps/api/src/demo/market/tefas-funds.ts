import type { FundCategory, Instrument } from '@fonrisk/contracts';
import { makeIsin } from './isin.ts';
import { TICKER, type Market } from './market.ts';
import { createDemoRandom, subSeed } from './random.ts';
import type { GeneratedSeries } from './types.ts';

/** A fictional third-party fund whose unit price is a mix of demo market returns (TEFAS style). */
interface ExternalFundDef {
  readonly code: string;
  readonly name: string;
  readonly category: FundCategory;
  /** Weights on the daily simple returns of these series. */
  readonly mix: Readonly<Partial<Record<string, number>>>;
  readonly feePct: number;
  /** Daily tracking noise of the fund against its mix. */
  readonly noise: number;
  readonly startPrice: number;
}

export const EXTERNAL_FUNDS: readonly ExternalFundDef[] = [
  {
    code: 'DXH',
    name: 'Örnek Portföy Hisse Senedi Fonu',
    category: 'equity',
    mix: { [TICKER.bist100]: 0.92, [TICKER.moneyMarketIndex]: 0.08 },
    feePct: 2.5,
    noise: 0.002,
    startPrice: 3.412,
  },
  {
    code: 'DXB',
    name: 'Örnek Portföy Borçlanma Araçları Fonu',
    category: 'debtInstruments',
    mix: { [TICKER.bondIndex]: 0.85, [TICKER.moneyMarketIndex]: 0.15 },
    feePct: 1.4,
    noise: 0.0006,
    startPrice: 1.876,
  },
  {
    code: 'DXP',
    name: 'Örnek Portföy Para Piyasası Fonu',
    category: 'moneyMarket',
    mix: { [TICKER.moneyMarketIndex]: 1 },
    feePct: 1,
    noise: 0.00005,
    startPrice: 2.215,
  },
  {
    code: 'DXA',
    name: 'Örnek Portföy Altın Fonu',
    category: 'preciousMetals',
    mix: { [TICKER.gramGold]: 0.92, [TICKER.moneyMarketIndex]: 0.08 },
    feePct: 1.8,
    noise: 0.001,
    startPrice: 4.508,
  },
  {
    code: 'DXD',
    name: 'Örnek Portföy Eurobond (Döviz) Fonu',
    category: 'debtInstruments',
    mix: { [TICKER.usdTry]: 1 },
    feePct: -6.5,
    noise: 0.0008,
    startPrice: 1.342,
  },
  {
    code: 'DXK',
    name: 'Örnek Portföy Karma Fon',
    category: 'mixed',
    mix: { [TICKER.bist100]: 0.5, [TICKER.bondIndex]: 0.4, [TICKER.moneyMarketIndex]: 0.1 },
    feePct: 2,
    noise: 0.0015,
    startPrice: 2.98,
  },
  {
    code: 'DXS',
    name: 'Örnek Portföy Mutlak Getiri Hedefli Serbest Fon',
    category: 'hedge',
    mix: { [TICKER.bist100]: 0.35, [TICKER.moneyMarketIndex]: 0.65 },
    feePct: 2,
    noise: 0.003,
    startPrice: 1.553,
  },
  {
    code: 'DXT',
    name: 'Örnek Portföy Teknoloji Sektörü Hisse Senedi Fonu',
    category: 'equity',
    mix: { [TICKER.bist100]: 1.1, [TICKER.moneyMarketIndex]: -0.1 },
    feePct: 2.8,
    noise: 0.005,
    startPrice: 0.874,
  },
  {
    code: 'DXG',
    name: 'Örnek Portföy Kira Sertifikaları Katılım Fonu',
    category: 'participation',
    mix: { [TICKER.moneyMarketIndex]: 0.85, [TICKER.gramGold]: 0.15 },
    feePct: 1.2,
    noise: 0.0004,
    startPrice: 1.129,
  },
  {
    code: 'DXY',
    name: 'Örnek Portföy Yabancı Hisse Senedi (Döviz) Fonu',
    category: 'equity',
    mix: { [TICKER.usdTry]: 1 },
    feePct: -9,
    noise: 0.011,
    startPrice: 5.67,
  },
];

/**
 * Unit-price series of the external funds: each day's return is the weighted mix of the demo
 * market's returns, minus the fee accrual (a negative fee stands for the extra USD yield of a
 * Eurobond or foreign-equity fund), plus Student-t tracking noise.
 */
export function externalFundSeries(seed: number, market: Market): GeneratedSeries[] {
  const n = market.dates.length;
  const rnd = createDemoRandom(subSeed(seed, 'tefas'));
  return EXTERNAL_FUNDS.map((fund) => {
    const values = new Float64Array(n);
    let price = fund.startPrice;
    for (let t = 0; t < n; t++) {
      if (t > 0) {
        let r = (-fund.feePct / 100) * (market.gapDays[t]! / 365) + fund.noise * rnd.studentT(5);
        for (const [ticker, weight] of Object.entries(fund.mix)) {
          const v = market.series.get(ticker)!.values;
          r += (weight ?? 0) * (v[t]! / v[t - 1]! - 1);
        }
        price *= 1 + r;
      }
      values[t] = Math.round(price * 1e6) / 1e6;
    }
    return {
      ticker: fund.code,
      name: `${fund.name} birim pay fiyatı`,
      kind: 'price' as const,
      currency: 'TRY',
      tenorDays: null,
      values,
    };
  });
}

/** A fund-share instrument for a TEFAS fund code. */
export function fundShareInstrument(
  code: string,
  name: string,
  category: FundCategory,
  issuer: string,
): Instrument {
  return {
    code,
    name,
    mainType: 'fundShare',
    subType: 'Menkul Kıymet Yatırım Fonu',
    currency: 'TRY',
    issuer,
    issuerGroup: issuer,
    sector: 'Portföy Yönetimi',
    isinCode: makeIsin(`TRDF${code.padEnd(3, '0')}0000`.slice(0, 11)),
    isForeign: false,
    tcmbCode: null,
    terms: { kind: 'fund', fundCode: code, fundCategory: category, tefasFundType: 'YAT' },
  };
}
