import {
  formatDecimal,
  formatPercentPoints,
  isoToTurkishDate,
  type DataQualityFinding,
  type DataQualitySettings,
  type FundDataQuality,
} from '@fonrisk/contracts';
import { formatMove, moveOf } from '../market-data/price-checks.ts';
import type { SeriesPoints } from '../market-data/quality.ts';

/**
 * The checks of the morning view and of run submission (issue 26, decision 0065), pure
 * functions of hand-made or stored data. Weights are percent of the NAV from holdings.
 */

/** One holdings line as the checks see it. */
export interface CheckedLine {
  readonly instrumentCode: string;
  readonly instrumentName: string | null;
  readonly currency: string;
  /** Current value in TRY (liabilities negative). */
  readonly valueTry: number;
  /** The series the line's risk needs (its mapping, or a derivative's underlying); null: none. */
  readonly ticker: string | null;
  /** Whether the line needs a series at all (cash and deposits do not). */
  readonly needsSeries: boolean;
  /** The file's FTD (%) of the line, when given. */
  readonly reportedWeightPct: number | null;
}

/** Everything the checks of one fund read. */
export interface FundCheckInput {
  readonly code: string;
  readonly name: string;
  readonly today: string;
  /** Latest holdings date on or before today, or null. */
  readonly holdingsDate: string | null;
  readonly lines: readonly CheckedLine[];
  /** Values of the needed series on or before today, by ticker. */
  readonly series: ReadonlyMap<string, SeriesPoints>;
  /** Dates on which each kind's market moved (market-data quality `movedDates`). */
  readonly moved: ReadonlyMap<string, ReadonlySet<string>>;
  /** Latest FX rate date on or before today, by currency (absent: none). */
  readonly fxDates: ReadonlyMap<string, string>;
}

export interface Tolerances extends DataQualitySettings {
  readonly unmappedTolerancePct: number;
}

/** An FX rate older than this many calendar days before today counts as missing. */
export const FX_MAX_AGE_DAYS = 7;

const DAY = 86_400_000;
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
const pct = (points: number): string => formatPercentPoints(points, 2, 0);
const tr = isoToTurkishDate;
/** Up to `digits` decimals, trailing zeros dropped (the one Turkish display, decision 0060). */
const num = (x: number, digits = 2): string => formatDecimal(x, digits, 0);
const label = (l: CheckedLine): string =>
  l.instrumentName === null ? l.instrumentCode : `${l.instrumentCode} (${l.instrumentName})`;

/** NAV from holdings: Σ current values. */
export function navFromHoldings(lines: readonly CheckedLine[]): number {
  return lines.reduce((s, l) => s + l.valueTry, 0);
}

/** Weight of a value in a NAV, percent (0 when the NAV is not positive). */
export function weightPct(valueTry: number, nav: number): number {
  return nav > 0 ? (valueTry / nav) * 100 : 0;
}

/** Holdings of today stored? Refuse when none at all on or before today, warn when older. */
export function holdingsArrival(
  code: string,
  today: string,
  holdingsDate: string | null,
): DataQualityFinding | null {
  if (holdingsDate === today) return null;
  return {
    check: 'holdingsMissing',
    severity: holdingsDate === null ? 'refuse' : 'warning',
    message:
      holdingsDate === null
        ? `${code}: ${tr(today)} veya öncesine ait portföy dağılımı yok.`
        : `${code}: ${tr(today)} tarihli portföy dağılımı gelmedi; son dağılım ${tr(holdingsDate)} tarihli.`,
    instrumentCode: null,
    weightPct: null,
    fixRoute: 'portfolios',
  };
}

/**
 * Lines without a mapping (a needed series not named) or without a price (the series has no
 * value on or before today). Zero-value lines carry no weight and are skipped.
 */
export function mappingFindings(
  code: string,
  lines: readonly CheckedLine[],
  series: ReadonlyMap<string, SeriesPoints>,
  today: string,
): DataQualityFinding[] {
  const nav = navFromHoldings(lines);
  const out: DataQualityFinding[] = [];
  for (const l of lines) {
    if (!l.needsSeries || l.valueTry === 0) continue;
    const w = weightPct(l.valueTry, nav);
    if (l.ticker === null)
      out.push({
        check: 'unmapped',
        severity: 'warning',
        message: `${code}: ${label(l)} bir fiyat serisiyle eşleştirilmemiş (FTD payı ${pct(w)}).`,
        instrumentCode: l.instrumentCode,
        weightPct: w,
        fixRoute: 'ticker-mapper',
      });
    else if ((series.get(l.ticker)?.values.length ?? 0) === 0)
      out.push({
        check: 'unpriced',
        severity: 'warning',
        message: `${code}: ${label(l)} için ${l.ticker} serisinde ${tr(today)} veya öncesine ait fiyat yok (FTD payı ${pct(w)}).`,
        instrumentCode: l.instrumentCode,
        weightPct: w,
        fixRoute: 'symbol-search',
      });
  }
  return out;
}

/**
 * The first date of a series' latest value (the start of its last run of equal values); null
 * without values. Only its kind's market moves after this date count towards its staleness.
 */
export function latestValueSince(s: SeriesPoints): string | null {
  const n = s.values.length;
  if (n === 0) return null;
  let k = n - 1;
  while (k > 0 && s.values[k - 1] === s.values[n - 1]) k--;
  return s.dates[k]!;
}

/**
 * The market-moving days on which a series kept its latest value: the dates of its kind's
 * market moves after the first date of that value, up to today. A price stopped in the file
 * counts like a repeated one.
 */
export function unchangedMarketDays(
  s: SeriesPoints,
  moved: ReadonlySet<string>,
  today: string,
): { days: number; since: string } | null {
  const since = latestValueSince(s);
  if (since === null) return null;
  let days = 0;
  for (const d of moved) if (d > since && d <= today) days++;
  return { days, since };
}

/** Stale: unchanged on at least `staleDays` days on which its market moved. */
export function staleFinding(
  code: string,
  line: CheckedLine,
  s: SeriesPoints,
  moved: ReadonlySet<string>,
  today: string,
  staleDays: number,
  weight: number,
): DataQualityFinding | null {
  const u = unchangedMarketDays(s, moved, today);
  if (u === null || u.days < staleDays) return null;
  return {
    check: 'stalePrice',
    severity: 'warning',
    message: `${code}: ${label(line)} fiyatı (${s.ticker}) ${tr(u.since)} tarihinden beri ${num(s.values[s.values.length - 1]!, 6)} değerinde; piyasa bu sürede ${String(u.days)} gün hareket etti (eşik ${String(staleDays)} gün).`,
    instrumentCode: line.instrumentCode,
    weightPct: weight,
    fixRoute: 'symbol-search',
  };
}

/** Sample standard deviation (n − 1); NaN below two values. */
export function sampleStdev(xs: readonly number[]): number {
  if (xs.length < 2) return Number.NaN;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
}

/** The fewest previous moves that give a standard deviation. */
export const JUMP_MIN_MOVES = 20;

/**
 * The move into today's value against the previous `window` daily moves (relative percent for
 * prices, FX and index levels, points for rates: market-data `moveOf`): a jump when
 * |move| > sigma × their sample standard deviation.
 */
export function jumpOf(
  s: SeriesPoints,
  today: string,
  sigma: number,
  window: number,
): { move: number; stdev: number; ratio: number } | null {
  const n = s.values.length;
  if (n < 2 || s.dates[n - 1] !== today) return null;
  const moves: number[] = [];
  for (let i = Math.max(1, n - 1 - window); i < n - 1; i++) {
    const m = moveOf(s.kind, s.values[i - 1]!, s.values[i]!);
    if (m !== null) moves.push(m);
  }
  const move = moveOf(s.kind, s.values[n - 2]!, s.values[n - 1]!);
  if (move === null || moves.length < JUMP_MIN_MOVES) return null;
  const stdev = sampleStdev(moves);
  if (!(stdev > 0)) return null;
  const ratio = Math.abs(move) / stdev;
  return ratio > sigma ? { move, stdev, ratio } : null;
}

export function jumpFinding(
  code: string,
  line: CheckedLine,
  s: SeriesPoints,
  today: string,
  t: Pick<DataQualitySettings, 'jumpSigma' | 'jumpWindowDays'>,
  weight: number,
): DataQualityFinding | null {
  const j = jumpOf(s, today, t.jumpSigma, t.jumpWindowDays);
  if (j === null) return null;
  return {
    check: 'priceJump',
    severity: 'warning',
    message: `${code}: ${label(line)} fiyatı (${s.ticker}) ${tr(today)} günü ${formatMove(s.kind, j.move)} değişti; son ${String(t.jumpWindowDays)} günün standart sapması ${formatMove(s.kind, j.stdev)}, değişim ${num(j.ratio, 1)} standart sapma (eşik ${num(t.jumpSigma)}).`,
    instrumentCode: line.instrumentCode,
    weightPct: weight,
    fixRoute: 'symbol-search',
  };
}

/** Currencies of non-zero lines other than TRY without a rate in the FX_MAX_AGE_DAYS before today. */
export function fxFindings(
  code: string,
  lines: readonly CheckedLine[],
  fxDates: ReadonlyMap<string, string>,
  today: string,
): DataQualityFinding[] {
  const nav = navFromHoldings(lines);
  const byCurrency = new Map<string, number>();
  for (const l of lines)
    if (l.currency !== 'TRY' && l.valueTry !== 0)
      byCurrency.set(l.currency, (byCurrency.get(l.currency) ?? 0) + l.valueTry);
  const out: DataQualityFinding[] = [];
  for (const [currency, value] of byCurrency) {
    const last = fxDates.get(currency);
    if (last !== undefined && daysBetween(last, today) <= FX_MAX_AGE_DAYS) continue;
    const w = weightPct(value, nav);
    out.push({
      check: 'fxMissing',
      severity: 'warning',
      message: `${code}: ${currency} kuru ${tr(today)} ve önceki ${String(FX_MAX_AGE_DAYS)} günde yok${last === undefined ? '' : `; son kur ${tr(last)} tarihli`} (${currency} varlıkların FTD payı ${pct(w)}).`,
      instrumentCode: null,
      weightPct: w,
      fixRoute: 'symbol-search',
    });
  }
  return out;
}

/**
 * NAV stated by the file: each line's FTD (%) is its value's share of the reported NAV, so the
 * reported NAV is Σ values / Σ shares over the lines that carry one (null when none do). A line
 * missing from the file lowers the NAV from holdings but not this one.
 */
export function reportedNav(lines: readonly CheckedLine[]): number | null {
  let value = 0;
  let share = 0;
  for (const l of lines)
    if (l.reportedWeightPct !== null && l.reportedWeightPct !== 0) {
      value += l.valueTry;
      share += l.reportedWeightPct / 100;
    }
  return share === 0 ? null : value / share;
}

export function navComparison(
  code: string,
  lines: readonly CheckedLine[],
  tolerancePct: number,
): {
  nav: number;
  reported: number | null;
  gapPct: number | null;
  finding: DataQualityFinding | null;
} {
  const nav = navFromHoldings(lines);
  const reported = reportedNav(lines);
  const gapPct = reported === null || reported === 0 ? null : ((nav - reported) / reported) * 100;
  const finding: DataQualityFinding | null =
    gapPct !== null && Math.abs(gapPct) > tolerancePct
      ? {
          check: 'navMismatch',
          severity: 'warning',
          message: `${code}: varlıklardan hesaplanan FTD ${num(nav)} TL, dosyanın bildirdiği FTD ${num(reported ?? 0)} TL; fark ${pct(gapPct)} (tolerans ${pct(tolerancePct)}).`,
          instrumentCode: null,
          weightPct: null,
          fixRoute: 'portfolios',
        }
      : null;
  return { nav, reported, gapPct, finding };
}

/** Every check of one fund, in the order the view lists them. */
export function fundQuality(input: FundCheckInput, t: Tolerances): FundDataQuality {
  const { code, today, lines } = input;
  const arrival = holdingsArrival(code, today, input.holdingsDate);
  const findings: DataQualityFinding[] = arrival ? [arrival] : [];
  if (input.holdingsDate === null)
    return {
      portfolioCode: code,
      portfolioName: input.name,
      holdingsDate: null,
      holdingsArrived: false,
      navFromHoldings: null,
      reportedNav: null,
      navGapPct: null,
      unmappedWeightPct: 0,
      findings,
    };
  const mapping = mappingFindings(code, lines, input.series, today);
  const unmappedWeightPct = mapping.reduce((s, f) => s + Math.abs(f.weightPct ?? 0), 0);
  if (unmappedWeightPct > t.unmappedTolerancePct + 1e-9)
    findings.push({
      check: 'unmapped',
      severity: 'warning',
      message: `${code}: eşlenmemiş veya fiyatı eksik varlıkların FTD payı ${pct(unmappedWeightPct)}, tolerans ${pct(t.unmappedTolerancePct)}; RMD hesaplaması bu durumda durur.`,
      instrumentCode: null,
      weightPct: unmappedWeightPct,
      fixRoute: 'ticker-mapper',
    });
  findings.push(...mapping);
  const nav = navFromHoldings(lines);
  for (const l of lines) {
    if (l.ticker === null || l.valueTry === 0) continue;
    const s = input.series.get(l.ticker);
    if (!s || s.values.length === 0) continue;
    const w = weightPct(l.valueTry, nav);
    const stale = staleFinding(
      code,
      l,
      s,
      input.moved.get(s.kind) ?? new Set(),
      today,
      t.staleDays,
      w,
    );
    if (stale) findings.push(stale);
    const jump = jumpFinding(code, l, s, today, t, w);
    if (jump) findings.push(jump);
  }
  findings.push(...fxFindings(code, lines, input.fxDates, today));
  const navCheck = navComparison(code, lines, t.navTolerancePct);
  if (navCheck.finding) findings.push(navCheck.finding);
  return {
    portfolioCode: code,
    portfolioName: input.name,
    holdingsDate: input.holdingsDate,
    holdingsArrived: input.holdingsDate === today,
    navFromHoldings: navCheck.nav,
    reportedNav: navCheck.reported,
    navGapPct: navCheck.gapPct,
    unmappedWeightPct,
    findings,
  };
}
