import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { HoldingRowSchema, InstrumentSchema } from '@fonrisk/contracts';
import { excessKurtosis, sampleCovariance, sampleStdDev } from '@fonrisk/risk';
import { generateDemoData } from './generate.ts';
import { STOCKS } from './stocks.ts';
import { TICKER, historyDates } from './market.ts';

const END = '2026-04-30';
const SEED = 7;
type Data = ReturnType<typeof generateDemoData>;

function fingerprint(data: Data): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ ...data, series: undefined, internals: undefined }));
  for (const s of data.series) hash.update(`${s.ticker}:${Array.from(s.values).join(',')}`);
  return hash.digest('hex');
}

/** The data of SEED and END, generated once for both describes (about 10 s of CPU each time). */
let generated: Data | undefined;
const demoData = () => (generated ??= generateDemoData(SEED, END));

function logReturns(values: Float64Array): number[] {
  const out: number[] = [];
  for (let i = 1; i < values.length; i++) out.push(Math.log(values[i]! / values[i - 1]!));
  return out;
}

describe('demo data generator', () => {
  let data: Data;
  beforeAll(() => {
    data = demoData();
  });
  const series = (ticker: string) => {
    const s = data.series.find((x) => x.ticker === ticker);
    if (!s) throw new Error(`no series ${ticker}`);
    return s;
  };

  it('gives identical output for the same seed and end date, and different output for another seed', () => {
    expect(fingerprint(generateDemoData(SEED, END))).toBe(fingerprint(data));
    expect(fingerprint(generateDemoData(SEED + 1, END))).not.toBe(fingerprint(data));
    // Two more generations and three fingerprints of the whole data set: 18.7 s beside another
    // file at a slow hour, near the 30-s default (decision 0066: budgets that hold under load).
  }, 120_000);

  it('covers more than three years of business days ending on the end date', () => {
    expect(data.dates.at(-1)).toBe(END);
    expect(data.dates[0]! <= '2023-04-30', 'starts at least three years back').toBe(true);
    expect(data.dates.length).toBeGreaterThan(750);
    expect(data.dates).not.toContain('2025-10-29');
  });

  it('moves shares with fat tails and positive co-movement', () => {
    const returns = STOCKS.map((s) => logReturns(series(s.ticker).values));
    const kurtosis = returns.map((r) => excessKurtosis(r)!);
    const meanKurtosis = kurtosis.reduce((a, b) => a + b, 0) / kurtosis.length;
    expect(meanKurtosis, 'Student-t and GARCH give fat tails').toBeGreaterThan(1);
    let sum = 0;
    let pairs = 0;
    for (let i = 0; i < returns.length; i++) {
      for (let j = i + 1; j < returns.length; j++) {
        sum +=
          sampleCovariance(returns[i]!, returns[j]!) /
          (sampleStdDev(returns[i]!) * sampleStdDev(returns[j]!));
        pairs += 1;
      }
    }
    expect(sum / pairs, 'the market factor correlates the shares').toBeGreaterThan(0.2);
  });

  it('depreciates the lira by roughly 20-45 % a year and prices gold as gold in USD times USD/TRY', () => {
    const usd = series(TICKER.usdTry).values;
    const years = data.dates.length / 252;
    const annual = (usd.at(-1)! / usd[0]!) ** (1 / years) - 1;
    expect(annual).toBeGreaterThan(0.15);
    expect(annual).toBeLessThan(0.5);
    const xau = series(TICKER.xauTry).values;
    const xauUsd = series(TICKER.xauUsd).values;
    for (const t of [0, 300, data.dates.length - 1])
      expect(xau[t]!).toBeCloseTo(xauUsd[t]! * usd[t]!, 0);
  });

  it('keeps the TRY yield curve between 15 % and 55 % in the simulated window, 5-60 % since 2018', () => {
    const window = data.dates.indexOf(historyDates(END)[0]!);
    for (const ticker of ['TRYC-3A', 'TRYC-1Y', 'TRYC-10Y']) {
      const values = series(ticker).values;
      const recent = values.subarray(window);
      expect(Math.min(...recent)).toBeGreaterThan(15);
      expect(Math.max(...recent)).toBeLessThan(55);
      expect(Math.min(...values)).toBeGreaterThan(5);
      expect(Math.max(...values)).toBeLessThan(60);
    }
  });

  it('covers 2018 to the end date and replays the crisis episodes on their real dates', () => {
    expect(data.dates[0]).toBe('2018-01-02');
    expect(data.dates).not.toContain('2018-08-21'); // Kurban Bayramı 2018: no prices
    const at = (ticker: string, date: string) => {
      const i = data.dates.findIndex((d) => d >= date);
      return series(ticker).values[i]!;
    };
    const move = (ticker: string, from: string, to: string) =>
      at(ticker, to) / at(ticker, from) - 1;
    // Starts near the published 2 January 2018 levels (USD/TRY 3,78, gold 1.310 USD).
    expect(at(TICKER.usdTry, '2018-01-02')).toBeCloseTo(3.78, 2);
    expect(at(TICKER.xauUsd, '2018-01-02')).toBeCloseTo(1310, 0);
    // August 2018: USD/TRY +33 % over the month (noise aside), yields up.
    expect(move(TICKER.usdTry, '2018-07-31', '2018-08-31')).toBeGreaterThan(0.2);
    expect(at('TRYC-1Y', '2018-08-31') - at('TRYC-1Y', '2018-07-31')).toBeGreaterThan(2);
    // March 2020: BIST 100 −24 % from 28 February to 23 March.
    expect(move(TICKER.bist100, '2020-02-27', '2020-03-23')).toBeLessThan(-0.12);
    // November-December 2021: USD/TRY +88 % to 20 December, then the KKM fall to 23 December.
    expect(move(TICKER.usdTry, '2021-10-28', '2021-12-20')).toBeGreaterThan(0.5);
    expect(move(TICKER.usdTry, '2021-12-20', '2021-12-23')).toBeLessThan(-0.25);
    // June-August 2023: the short end up by more than the long end.
    const short = at('TRYC-3A', '2023-08-31') - at('TRYC-3A', '2023-05-31');
    const long = at('TRYC-10Y', '2023-08-31') - at('TRYC-10Y', '2023-05-31');
    expect(short).toBeGreaterThan(8);
    expect(short).toBeGreaterThan(long);
  });

  it('joins the early history to the simulated window without a jump', () => {
    const start = data.dates.indexOf(historyDates(END)[0]!);
    expect(start).toBeGreaterThan(1000);
    for (const ticker of [
      TICKER.usdTry,
      TICKER.bist100,
      TICKER.xauTry,
      'TRYC-1Y',
      STOCKS[0]!.ticker,
    ]) {
      const v = series(ticker).values;
      expect(Math.abs(v[start]! / v[start - 1]! - 1), ticker).toBeLessThan(0.1);
    }
  });

  it('makes BIST 30 track BIST 100 closely as both aggregate the same shares', () => {
    const r100 = logReturns(series(TICKER.bist100).values);
    const r30 = logReturns(series(TICKER.bist30).values);
    expect(sampleCovariance(r100, r30) / (sampleStdDev(r100) * sampleStdDev(r30))).toBeGreaterThan(
      0.95,
    );
  });

  it('produces instruments and holdings that pass the contracts schemas', () => {
    for (const instrument of data.instruments) {
      const parsed = InstrumentSchema.safeParse(instrument);
      expect(parsed.success, `${instrument.code}: ${parsed.error?.message}`).toBe(true);
    }
    expect(new Set(data.instruments.map((i) => i.code)).size).toBe(data.instruments.length);
    for (const row of data.holdings.filter((_, i) => i % 97 === 0)) {
      const parsed = HoldingRowSchema.safeParse(row);
      expect(
        parsed.success,
        `${row.portfolioCode} ${row.investmentInstrumentCode}: ${parsed.error?.message}`,
      ).toBe(true);
    }
  });
});

describe('demo holdings', () => {
  let data: Data;
  beforeAll(() => {
    data = demoData();
  });

  it('has daily snapshots for the last year and month-end snapshots before it for all 13 portfolios', () => {
    expect(data.portfolios).toHaveLength(13);
    for (const p of data.portfolios) {
      const dates = [
        ...new Set(
          data.holdings.filter((h) => h.portfolioCode === p.code).map((h) => h.portfolioDate),
        ),
      ];
      const recent = dates.filter((d) => d > '2025-04-30');
      const older = dates.filter((d) => d <= '2025-04-30');
      expect(recent.length, p.code).toBeGreaterThan(240);
      expect(older.length, p.code).toBeGreaterThanOrEqual(24);
      expect(older.length, p.code).toBeLessThan(27);
    }
  });

  it('sums the current values of each snapshot to its NAV and its FTD shares to 100 %', () => {
    const sums = new Map<string, { value: number; pct: number }>();
    for (const h of data.holdings) {
      const key = `${h.portfolioCode}|${h.portfolioDate}`;
      const s = sums.get(key) ?? { value: 0, pct: 0 };
      s.value += h.currentValue;
      s.pct += h.totalByFTD ?? 0;
      sums.set(key, s);
    }
    expect(sums.size).toBe(data.internals.navs.size);
    for (const [key, s] of sums) {
      expect(Math.abs(s.value - data.internals.navs.get(key)!), key).toBeLessThan(0.01);
      expect(Math.abs(s.pct - 100), key).toBeLessThan(0.01);
    }
  });

  it('values every position at nominal × price × FX (bonds per 100 nominal, options per contract)', () => {
    const instruments = new Map(data.instruments.map((i) => [i.code, i]));
    // One assertion over all rows (per-row assertions cost more than the check itself).
    const off: string[] = [];
    data.holdings.forEach((h, i) => {
      const instrument = instruments.get(h.investmentInstrumentCode)!;
      const price = data.internals.rowPrices[i]!;
      if (instrument.mainType === 'future') {
        // Futures carry no value; their P&L is in the margin.
        if (h.currentValue !== 0)
          off.push(`${h.portfolioCode} ${h.portfolioDate} future: ${String(h.currentValue)}`);
        return;
      }
      const perUnit =
        instrument.terms.kind === 'bond'
          ? 0.01
          : instrument.terms.kind === 'option'
            ? instrument.terms.contractSize
            : 1;
      const expected = h.nominalValue! * price * perUnit * h.dailyExchangeRate!;
      if (!(Math.abs(h.currentValue - expected) < 0.01))
        off.push(
          `${h.portfolioCode} ${h.portfolioDate} ${h.investmentInstrumentCode}: ${String(h.currentValue)} ≠ ${String(expected)}`,
        );
    });
    expect(off).toEqual([]);
  });

  it('sizes the DSF fund’s BIST 30 options by notional: no date holds more than 20 % of NAV', () => {
    const dateIndex = new Map(data.dates.map((d, i) => [d, i]));
    const bist30 = data.series.find((s) => s.ticker === TICKER.bist30)!.values;
    const byDate = new Map<string, number>();
    for (const h of data.holdings) {
      if (h.portfolioCode !== 'DSF' || h.investmentInstrumentMainType !== 'option') continue;
      // Notional = contracts × multiplier (10) × index level; put 10 % and call 5 % of NAV.
      const notional = h.nominalValue! * 10 * bist30[dateIndex.get(h.portfolioDate)!]!;
      byDate.set(h.portfolioDate, (byDate.get(h.portfolioDate) ?? 0) + notional);
    }
    expect(byDate.size).toBeGreaterThan(200);
    for (const [date, notional] of byDate) {
      const nav = data.internals.navs.get(`DSF|${date}`)!;
      expect(notional / nav, date).toBeLessThan(0.2);
    }
  });

  it('keeps the equity funds at least 80 % in shares on every date', () => {
    for (const code of ['DHS', 'DEF']) {
      const byDate = new Map<string, number>();
      for (const h of data.holdings.filter(
        (x) => x.portfolioCode === code && x.investmentInstrumentMainType === 'stock',
      )) {
        byDate.set(h.portfolioDate, (byDate.get(h.portfolioDate) ?? 0) + (h.totalByFTD ?? 0));
      }
      expect(Math.min(...byDate.values()), code).toBeGreaterThanOrEqual(80);
    }
  });

  it('holds only known instruments, each priced by a mapped series on every holding date except two left unmapped', () => {
    const instruments = new Set(data.instruments.map((i) => i.code));
    const mappings = new Map(data.tickerMappings.map((m) => [m.instrumentCode, m]));
    const seriesByTicker = new Map(data.series.map((s) => [s.ticker, s]));
    const dateIndex = new Map(data.dates.map((d, i) => [d, i]));
    const unmapped = new Set<string>();
    const unknown = new Set<string>();
    const unpriced = new Set<string>();
    for (const m of data.tickerMappings)
      expect(seriesByTicker.has(m.seriesTicker), m.seriesTicker).toBe(true);
    for (const h of data.holdings) {
      if (!instruments.has(h.investmentInstrumentCode)) unknown.add(h.investmentInstrumentCode);
      const mapping = mappings.get(h.investmentInstrumentCode);
      if (!mapping) {
        unmapped.add(h.investmentInstrumentCode);
        continue;
      }
      const value = seriesByTicker.get(mapping.seriesTicker)!.values[
        dateIndex.get(h.portfolioDate)!
      ]!;
      if (Number.isNaN(value)) unpriced.add(`${mapping.seriesTicker} on ${h.portfolioDate}`);
    }
    expect([...unknown], 'instruments held but not defined').toEqual([]);
    expect([...unpriced], 'held on a date its series has no value').toEqual([]);
    expect(unmapped.size, 'the ticker mapper has something to show').toBe(2);
  });

  it('values shares, funds and options at their own series and bonds at clean price plus accrued', () => {
    const instruments = new Map(data.instruments.map((i) => [i.code, i]));
    const seriesByTicker = new Map(data.series.map((s) => [s.ticker, s]));
    const dateIndex = new Map(data.dates.map((d, i) => [d, i]));
    const off: string[] = [];
    data.holdings.forEach((h, i) => {
      const instrument = instruments.get(h.investmentInstrumentCode)!;
      const own = seriesByTicker.get(instrument.code);
      if (!own) return;
      const quoted = own.values[dateIndex.get(h.portfolioDate)!]!;
      const price = data.internals.rowPrices[i]!;
      if (instrument.terms.kind === 'bond') {
        const maxAccrued =
          (instrument.terms.couponRatePct / Math.max(1, instrument.terms.couponFrequency)) * 3.5;
        const accrued = price - quoted;
        if (!(accrued >= -1e-6 && accrued <= maxAccrued + 1e-6))
          off.push(`${instrument.code} on ${h.portfolioDate}: accrued ${String(accrued)}`);
      } else if (!Object.is(price, quoted)) {
        off.push(`${instrument.code} on ${h.portfolioDate}: ${String(price)} ≠ ${String(quoted)}`);
      }
    });
    expect(off).toEqual([]);
  });
});
