import type {
  BenchmarkReturnPoint,
  BenchmarkReturns,
  BenchmarkUnmappedInstrument,
} from '@fonrisk/contracts';

export interface SnapshotPosition {
  readonly instrumentCode: string;
  readonly instrumentName: string | null;
  /** Current value in TRY on the snapshot date (liabilities negative). */
  readonly valueTry: number;
}

export interface HoldingsSnapshot {
  readonly date: string;
  readonly positions: readonly SnapshotPosition[];
}

export interface PricedSeries {
  /** Currency of the values; anything but TRY is converted with `fx`. */
  readonly currency: string;
  /** Values by ISO date. */
  readonly values: ReadonlyMap<string, number>;
}

export interface HoldingsReturnsInput {
  readonly from: string;
  readonly to: string;
  /** The portfolio's snapshots in any order; those before `from` count through the latest one. */
  readonly snapshots: readonly HoldingsSnapshot[];
  /** Instrument code → series ticker (the ticker mapper). */
  readonly mappings: ReadonlyMap<string, string>;
  readonly series: ReadonlyMap<string, PricedSeries>;
  /** TRY per one unit of the currency, by currency and ISO date. */
  readonly fx: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/** A date-sorted series read "as of" a date: the last value on or before it. */
class AsOf {
  private readonly dates: string[];
  private readonly values: number[];

  constructor(points: ReadonlyMap<string, number>) {
    const sorted = [...points.entries()].sort(([a], [b]) => a.localeCompare(b));
    this.dates = sorted.map(([d]) => d);
    this.values = sorted.map(([, v]) => v);
  }

  at(date: string): number | undefined {
    let lo = 0;
    let hi = this.dates.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.dates[mid]! <= date) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? undefined : this.values[lo - 1];
  }
}

/**
 * Daily returns and index (100 on the first date) of a holdings-based benchmark: between two
 * consecutive dates the holdings of the latest snapshot on or before the earlier date are kept
 * frozen and revalued with their mapped series' prices (price returns; a series in another
 * currency is converted at the day's TRY rate; a missing value is carried forward from the last
 * one). Each position's value moves from its snapshot value by the ratio of its TRY price to the
 * price on the snapshot date, so weights drift until the next snapshot.
 *
 * Dates: those in [from, to] on or after the first usable snapshot on which a mapped series has
 * a value or a snapshot exists. A position without a mapping, without a series value on the
 * snapshot date, or without an FX rate keeps its snapshot value (a zero return) and is listed in
 * `unmapped`; positions worth zero (futures, whose exposure is not in their value) are ignored.
 * When the frozen value at the earlier date is zero the day's return is 0.
 */
export function holdingsReturns(input: HoldingsReturnsInput): Omit<BenchmarkReturns, 'priceBasis'> {
  const { from, to } = input;
  const snapshots = [...input.snapshots]
    .filter((s) => s.date <= to)
    .sort((a, b) => a.date.localeCompare(b.date));
  const start = snapshots.filter((s) => s.date <= from).at(-1)?.date ?? snapshots[0]?.date;
  if (start === undefined) return { points: [], unmapped: [] };
  const used = snapshots.filter((s) => s.date >= start);

  const series = new Map(
    [...input.series].map(([ticker, s]) => [
      ticker,
      { currency: s.currency, values: new AsOf(s.values) },
    ]),
  );
  const fx = new Map([...input.fx].map(([currency, rates]) => [currency, new AsOf(rates)]));

  const calendar = new Set(used.map((s) => s.date));
  const tickers = new Set(
    used.flatMap((s) => s.positions.map((p) => input.mappings.get(p.instrumentCode))),
  );
  for (const ticker of tickers) {
    for (const date of (ticker === undefined
      ? undefined
      : input.series.get(ticker)
    )?.values.keys() ?? [])
      calendar.add(date);
  }
  const first = from > start ? from : start;
  const dates = [...calendar].filter((d) => d >= first && d <= to).sort();
  if (dates.length === 0) return { points: [], unmapped: [] };

  /** The TRY price of the series on the date, or why there is none (Turkish). */
  function priceTry(ticker: string, date: string): number | string {
    const s = series.get(ticker);
    const value = s?.values.at(date);
    if (s === undefined || value === undefined) return `'${ticker}' serisinde değer yok`;
    if (s.currency === 'TRY') return value;
    const rate = fx.get(s.currency)?.at(date);
    return rate === undefined ? `'${s.currency}' için döviz kuru yok` : value * rate;
  }

  /** The position's price relatives (to its snapshot date) at both ends of a day, or why not. */
  function relatives(
    code: string,
    snapshotDate: string,
    prev: string,
    date: string,
  ): [number, number] | string {
    const ticker = input.mappings.get(code);
    if (ticker === undefined) return 'eşlenmiş seri yok';
    const prices: number[] = [];
    for (const d of [snapshotDate, prev, date]) {
      const price = priceTry(ticker, d);
      if (typeof price === 'string') return price;
      prices.push(price);
    }
    const [base, p0, p1] = prices as [number, number, number];
    if (base === 0) return `'${ticker}' serisinin değeri sıfır`;
    return [p0 / base, p1 / base];
  }

  const unmapped = new Map<string, BenchmarkUnmappedInstrument>();
  function report(p: SnapshotPosition, nav: number, reason: string) {
    const weightPct = nav === 0 ? 0 : (Math.abs(p.valueTry) / Math.abs(nav)) * 100;
    const seen = unmapped.get(p.instrumentCode);
    unmapped.set(p.instrumentCode, {
      instrumentCode: p.instrumentCode,
      instrumentName: seen?.instrumentName ?? p.instrumentName,
      maxWeightPct: Math.max(seen?.maxWeightPct ?? 0, weightPct),
      reason: seen?.reason ?? reason,
    });
  }

  const points: BenchmarkReturnPoint[] = [{ date: dates[0]!, return: 0, index: 100 }];
  let snapshotIndex = 0;
  for (let t = 1; t < dates.length; t++) {
    const prev = dates[t - 1]!;
    const date = dates[t]!;
    while (used[snapshotIndex + 1] !== undefined && used[snapshotIndex + 1]!.date <= prev)
      snapshotIndex++;
    const snapshot = used[snapshotIndex]!;
    const nav = snapshot.positions.reduce((sum, p) => sum + p.valueTry, 0);
    let before = 0;
    let after = 0;
    for (const p of snapshot.positions) {
      if (p.valueTry === 0) continue;
      const rel = relatives(p.instrumentCode, snapshot.date, prev, date);
      if (typeof rel === 'string') report(p, nav, rel);
      const [r0, r1] = typeof rel === 'string' ? [1, 1] : rel;
      before += p.valueTry * r0;
      after += p.valueTry * r1;
    }
    const r = before === 0 ? 0 : after / before - 1;
    points.push({ date, return: r, index: points[t - 1]!.index * (1 + r) });
  }
  const list = [...unmapped.values()].sort(
    (a, b) => b.maxWeightPct - a.maxWeightPct || a.instrumentCode.localeCompare(b.instrumentCode),
  );
  return { points, unmapped: list };
}
