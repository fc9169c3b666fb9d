import { InvalidInputError } from '../errors.ts';
import { parseIsoDate } from '../dates/date.ts';

/** A dated amount; sign convention of the caller (investor or portfolio view), used consistently. */
export interface DatedAmount {
  readonly date: string;
  readonly amount: number;
}

/**
 * Internal rate of return of dated amounts, annual and compounded on ACT/365 year fractions from
 * the first date: Σ A_i (1 + r)^(−d_i/365) = 0 (the Excel XIRR definition, Microsoft's XIRR
 * reference; Bacon, "Practical Portfolio Performance Measurement and Attribution", ch. 2, money-
 * weighted return). Newton's method from 10 %, falling back to bisection on (−0.9999, 1e6).
 * @throws InvalidInputError with fewer than 2 amounts, amounts all of one sign, or no root.
 */
export function xirr(amounts: readonly DatedAmount[]): number {
  if (amounts.length < 2)
    throw new InvalidInputError(`IRR needs at least 2 amounts, got ${amounts.length}`);
  if (!amounts.some((a) => a.amount > 0) || !amounts.some((a) => a.amount < 0))
    throw new InvalidInputError('IRR needs both positive and negative amounts');
  const first = Math.min(...amounts.map((a) => parseIsoDate(a.date)));
  const t = amounts.map((a) => (parseIsoDate(a.date) - first) / 365);
  const npv = (r: number): number =>
    amounts.reduce((s, a, i) => s + a.amount * (1 + r) ** -t[i]!, 0);
  const dnpv = (r: number): number =>
    amounts.reduce((s, a, i) => s - t[i]! * a.amount * (1 + r) ** (-t[i]! - 1), 0);
  let r = 0.1;
  for (let k = 0; k < 50; k++) {
    const f = npv(r);
    const d = dnpv(r);
    if (!Number.isFinite(f) || !Number.isFinite(d) || d === 0) break;
    const next = r - f / d;
    if (!(next > -1)) break;
    if (Math.abs(next - r) < 1e-12) return next;
    r = next;
  }
  let lo = -0.9999;
  let hi = 1e6;
  let flo = npv(lo);
  if (flo * npv(hi) > 0)
    throw new InvalidInputError('no internal rate of return in (-99.99 %, 1e8 %)');
  for (let k = 0; k < 300 && hi - lo > 1e-13; k++) {
    const mid = (lo + hi) / 2;
    const fm = npv(mid);
    if (fm * flo > 0) {
      lo = mid;
      flo = fm;
    } else hi = mid;
  }
  return (lo + hi) / 2;
}

/** A portfolio's period with its external flows (+ contribution into the portfolio, − withdrawal). */
export interface MoneyWeightedPeriod {
  readonly start: string;
  readonly end: string;
  readonly beginValue: number;
  readonly endValue: number;
  readonly flows?: readonly DatedAmount[] | undefined;
}

/**
 * Money-weighted return (IRR) of a portfolio over a period: the rate r with
 * BMV (1 + r)^T + Σ CF_i (1 + r)^(T − t_i) = EMV, T and t_i in ACT/365 years from the start
 * (Bacon ch. 2). Returns the annual rate and the rate over the period, (1 + r)^T − 1.
 * @throws InvalidInputError for an empty period, a flow outside it or no root.
 */
export function moneyWeightedReturn(period: MoneyWeightedPeriod): {
  readonly annualized: number;
  readonly periodReturn: number;
} {
  const start = parseIsoDate(period.start);
  const end = parseIsoDate(period.end);
  if (end <= start)
    throw new InvalidInputError(`period end ${period.end} must follow start ${period.start}`);
  for (const f of period.flows ?? []) {
    const d = parseIsoDate(f.date);
    if (d < start || d > end)
      throw new InvalidInputError(`flow on ${f.date} is outside ${period.start}..${period.end}`);
  }
  // Investor view: money put in is negative, money taken out (and the closing value) positive.
  const annualized = xirr([
    { date: period.start, amount: -period.beginValue },
    ...(period.flows ?? []).map((f) => ({ date: f.date, amount: -f.amount })),
    { date: period.end, amount: period.endValue },
  ]);
  return { annualized, periodReturn: (1 + annualized) ** ((end - start) / 365) - 1 };
}
