import {
  formatPercentPoints,
  type JumpWarning,
  type MarketDataValidation,
  type MarketSeriesKind,
  type ValueChange,
} from '@fonrisk/contracts';

/** Kinds whose values are levels that must be positive and whose jumps are relative. */
const LEVEL_KINDS: ReadonlySet<MarketSeriesKind> = new Set(['price', 'fxRate', 'index']);
/** Kinds in percent whose jumps are absolute changes in percentage points. */
const RATE_KINDS: ReadonlySet<MarketSeriesKind> = new Set(['yield', 'curvePoint']);

const pct = (x: number) => x.toLocaleString('tr-TR', { maximumFractionDigits: 2 });

/**
 * Why a value is not plausible for its kind (Turkish reason, without row or value), or null:
 * prices, FX rates and index levels must be positive; yields and curve points inside the
 * configured band; a return (percent) above -100.
 */
export function valueRefusal(
  kind: MarketSeriesKind,
  value: number,
  rules: MarketDataValidation,
): string | null {
  if (LEVEL_KINDS.has(kind))
    return value > 0 ? null : 'sıfırdan büyük olmalı (fiyat, kur ve endeks değerleri pozitiftir)';
  if (RATE_KINDS.has(kind)) {
    const { min, max } = rules.rateBand;
    return value >= min && value <= max
      ? null
      : `faiz/getiri oranı %${pct(min)} ile %${pct(max)} arasında olmalı`;
  }
  return value > -100 ? null : "getiri -%100'den büyük olmalı";
}

/**
 * The size of the move from `previous` to `value` in the kind's unit: percent for levels,
 * percentage points for rates, the return itself for a return series.
 */
export function moveOf(
  kind: MarketSeriesKind,
  previous: number | null,
  value: number,
): number | null {
  if (kind === 'return') return value;
  if (previous === null) return null;
  if (LEVEL_KINDS.has(kind)) return previous === 0 ? null : (value / previous - 1) * 100;
  return value - previous;
}

/** A move of moveOf's size in its unit, for messages: "%2,5", "getiri %0,4", "puan 0,25". */
export function formatMove(kind: MarketSeriesKind, move: number): string {
  return LEVEL_KINDS.has(kind)
    ? formatPercentPoints(move, 2, 0)
    : kind === 'return'
      ? `getiri ${formatPercentPoints(move, 2, 0)}`
      : `puan ${pct(move)}`;
}

export function jumpMessage(kind: MarketSeriesKind, move: number, limit: number): string {
  return `günlük değişim ${formatMove(kind, move)}, sınır ${formatMove(kind, limit)}: doğru olduğunu onaylayın`;
}

export interface IncomingValue {
  readonly row: number;
  readonly ticker: string;
  readonly date: string;
  readonly value: number;
}

export interface StoredValue {
  readonly ticker: string;
  readonly date: string;
  readonly value: number;
}

/**
 * Compares incoming values with the stored ones of the same series: `changes` lists stored
 * values the file would change (exact equality counts as unchanged), `warnings` the incoming
 * values whose move from the previous value (the file's or the stored one, whichever is the
 * latest before it once the file is applied) exceeds the kind's jump limit.
 * @param stored every stored value of the tickers on the file's dates plus, per ticker, the last
 * one before its first file date
 */
export function compareWithStored(
  incoming: readonly IncomingValue[],
  stored: readonly StoredValue[],
  kindOf: (ticker: string) => MarketSeriesKind,
  rules: MarketDataValidation,
): { changes: ValueChange[]; warnings: JumpWarning[]; unchanged: number } {
  type Points = Map<string, { value: number; row: number | null }>;
  const byTicker = new Map<string, Points>();
  const series = (t: string): Points => {
    let m = byTicker.get(t);
    if (!m) {
      m = new Map();
      byTicker.set(t, m);
    }
    return m;
  };
  for (const s of stored) series(s.ticker).set(s.date, { value: s.value, row: null });
  const changes: ValueChange[] = [];
  let unchanged = 0;
  for (const v of incoming) {
    const old = byTicker.get(v.ticker)?.get(v.date);
    if (old !== undefined) {
      if (old.value === v.value) unchanged++;
      else changes.push({ ticker: v.ticker, date: v.date, old: old.value, new: v.value });
    }
    series(v.ticker).set(v.date, { value: v.value, row: v.row });
  }
  const warnings: JumpWarning[] = [];
  for (const [ticker, points] of byTicker) {
    const kind = kindOf(ticker);
    const limit = rules.jumpLimits[kind];
    const dates = [...points.keys()].sort();
    let previous: { date: string; value: number } | null = null;
    for (const date of dates) {
      const point = points.get(date)!;
      if (point.row !== null) {
        const move = moveOf(kind, previous?.value ?? null, point.value);
        if (move !== null && Math.abs(move) > limit)
          warnings.push({
            row: point.row,
            ticker,
            date,
            previousDate: previous?.date ?? null,
            previous: previous?.value ?? null,
            value: point.value,
            move,
            limit,
            message: jumpMessage(kind, move, limit),
          });
      }
      previous = { date, value: point.value };
    }
  }
  warnings.sort((a, b) => a.row - b.row);
  changes.sort((a, b) =>
    a.ticker === b.ticker ? (a.date < b.date ? -1 : 1) : a.ticker < b.ticker ? -1 : 1,
  );
  return { changes, warnings, unchanged };
}
