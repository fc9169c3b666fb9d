import type { Instrument } from '@fonrisk/contracts';
import { addMonths, blackScholesMerton, formatIsoDate, parseIsoDate } from '@fonrisk/risk';
import { isDemoBusinessDay } from './calendar.ts';
import { TICKER, type Market } from './market.ts';
import type { GeneratedSeries } from './types.ts';

/** VİOP contract multipliers used by the demo (per-contract parameters; docs/decisions/0008-demo-data.md). */
export const INDEX_CONTRACT_SIZE = 10;
export const USDTRY_CONTRACT_SIZE = 1000;
const DIVIDEND_YIELD = 0.03;
const USD_RATE = Math.log(1.045);

export interface Derivative {
  readonly instrument: Instrument;
  readonly series: GeneratedSeries;
  readonly expiryDate: string;
  readonly underlying: string;
  readonly contractSize: number;
  /** First and last date index with a price (inclusive). */
  readonly firstIndex: number;
  readonly lastIndex: number;
}

/** Last business day of every even month from the history's start to four months past its end. */
function evenMonthExpiries(dates: readonly string[]): string[] {
  const out: string[] = [];
  const first = parseIsoDate(`${dates[0]!.slice(0, 7)}-01`);
  const stop = addMonths(parseIsoDate(dates[dates.length - 1]!), 5);
  for (let m = first; m <= stop; m = addMonths(m, 1)) {
    const month = Number(formatIsoDate(m).slice(5, 7));
    if (month % 2 !== 0) continue;
    let last = addMonths(m, 0, true);
    while (!isDemoBusinessDay(last)) last -= 1;
    if (formatIsoDate(last) >= dates[0]!) out.push(formatIsoDate(last));
  }
  return out;
}

function viopInstrument(
  code: string,
  name: string,
  mainType: 'future' | 'option',
  subType: string,
  terms: Instrument['terms'],
): Instrument {
  return {
    code,
    name,
    mainType,
    subType,
    currency: 'TRY',
    issuer: 'Borsa İstanbul VİOP',
    issuerGroup: null,
    sector: null,
    isinCode: null,
    isForeign: false,
    tcmbCode: null,
    terms,
  };
}

const mmyy = (iso: string) => `${iso.slice(5, 7)}${iso.slice(2, 4)}`;
const trMonth = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * VİOP BIST 30 index futures and USD/TRY futures for every even-month expiry (listed six months
 * before it), priced at cost of carry, F = S·exp((r − q)τ) with r from the curve; BIST 30 index
 * options (a 5 % out-of-the-money call and put per expiry, listed four months before) priced with
 * Black-Scholes-Merton on the implied-volatility series; intrinsic value on the expiry day.
 */
export function generateDerivatives(market: Market): Derivative[] {
  const { dates } = market;
  const n = dates.length;
  const index = market.series.get(TICKER.bist30)!.values;
  const usd = market.series.get(TICKER.usdTry)!.values;
  const vol = market.series.get(TICKER.bist30Vol)!.values;
  const out: Derivative[] = [];
  const window = (expiry: string, months: number): [number, number] => {
    const listed = formatIsoDate(addMonths(parseIsoDate(expiry), -months));
    let first = dates.findIndex((d) => d >= listed);
    let last = n - 1;
    while (last >= 0 && dates[last]! > expiry) last -= 1;
    if (first < 0) first = n;
    return [first, last];
  };
  const years = (t: number, expiry: string) =>
    (parseIsoDate(expiry) - parseIsoDate(dates[t]!)) / 365;
  const rate = (t: number, expiry: string) =>
    Math.log(
      1 + market.yieldPct(t, Math.max(1, parseIsoDate(expiry) - parseIsoDate(dates[t]!))) / 100,
    );

  for (const expiry of evenMonthExpiries(dates)) {
    const [first, last] = window(expiry, 6);
    if (first > last) continue;
    const contracts: [string, string, string, Float64Array, number, number][] = [
      [
        `F_XU030${mmyy(expiry)}`,
        `VİOP BIST 30 Endeks Vadeli ${trMonth(expiry)}`,
        TICKER.bist30,
        index,
        DIVIDEND_YIELD,
        INDEX_CONTRACT_SIZE,
      ],
      [
        `F_USDTRY${mmyy(expiry)}`,
        `VİOP USD/TRY Vadeli ${trMonth(expiry)}`,
        TICKER.usdTry,
        usd,
        USD_RATE,
        USDTRY_CONTRACT_SIZE,
      ],
    ];
    for (const [code, name, underlying, spot, q, contractSize] of contracts) {
      const values = new Float64Array(n).fill(Number.NaN);
      for (let t = first; t <= last; t++) {
        const price = spot[t]! * Math.exp((rate(t, expiry) - q) * years(t, expiry));
        values[t] =
          underlying === TICKER.usdTry
            ? Math.round(price * 10_000) / 10_000
            : Math.round(price * 4) / 4;
      }
      out.push({
        instrument: viopInstrument(
          code,
          name,
          'future',
          underlying === TICKER.usdTry ? 'Döviz Vadeli' : 'Endeks Vadeli',
          {
            kind: 'future',
            underlying,
            expiryDate: expiry,
            contractSize,
          },
        ),
        series: { ticker: code, name, kind: 'price', currency: 'TRY', tenorDays: null, values },
        expiryDate: expiry,
        underlying,
        contractSize,
        firstIndex: first,
        lastIndex: last,
      });
    }

    const [optFirst, optLast] = window(expiry, 4);
    if (optFirst > optLast) continue;
    const listedSpot = index[optFirst]!;
    const strikes = [
      { type: 'call' as const, letter: 'C', strike: Math.ceil((listedSpot * 1.05) / 250) * 250 },
      { type: 'put' as const, letter: 'P', strike: Math.floor((listedSpot * 0.95) / 250) * 250 },
    ];
    for (const { type, letter, strike } of strikes) {
      const code = `O_XU030E${mmyy(expiry)}${letter}${strike}`;
      const name = `VİOP BIST 30 Endeks ${type === 'call' ? 'Alım' : 'Satım'} Opsiyonu ${trMonth(expiry)} ${strike}`;
      const values = new Float64Array(n).fill(Number.NaN);
      for (let t = optFirst; t <= optLast; t++) {
        const tau = years(t, expiry);
        const s = index[t]!;
        const price =
          tau <= 0
            ? Math.max(0, type === 'call' ? s - strike : strike - s)
            : blackScholesMerton({
                type,
                underlying: s,
                strike,
                timeToExpiry: tau,
                riskFreeRate: rate(t, expiry),
                volatility: vol[t]! / 100,
                dividendYield: DIVIDEND_YIELD,
              }).price;
        values[t] = Math.max(0.01, Math.round(price * 100) / 100);
      }
      out.push({
        instrument: viopInstrument(
          code,
          name,
          'option',
          type === 'call' ? 'Alım Opsiyonu' : 'Satım Opsiyonu',
          {
            kind: 'option',
            underlying: TICKER.bist30,
            strike,
            expiryDate: expiry,
            optionType: type,
            exerciseStyle: 'european',
            contractSize: INDEX_CONTRACT_SIZE,
          },
        ),
        series: { ticker: code, name, kind: 'price', currency: 'TRY', tenorDays: null, values },
        expiryDate: expiry,
        underlying: TICKER.bist30,
        contractSize: INDEX_CONTRACT_SIZE,
        firstIndex: optFirst,
        lastIndex: optLast,
      });
    }
  }
  return out;
}
