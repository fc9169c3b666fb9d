import { InvalidInputError } from '../errors.ts';

/**
 * Corporate actions of a share and the adjusted and total-return price series derived from them
 * (docs/decisions/0017-corporate-actions.md).
 *
 * Conventions (Borsa İstanbul "fiyat düzeltmesi", the same backward adjustment data vendors use):
 * - Every derived series is adjusted backwards: values on and after the last ex-date equal the
 *   raw closes, earlier values are multiplied by the factors of the later ex-dates. So the
 *   latest adjusted price is the price a user sees on the screen today.
 * - `split`: `ratio` new shares for one old share (2 for a 2:1 split); factor 1 / ratio.
 * - `bonus` (bedelsiz sermaye artırımı): `ratio` is the increase in percent (100 = one new share
 *   per old share); factor 1 / (1 + b) with b = ratio / 100.
 * - `rights` (bedelli sermaye artırımı): `ratio` percent a, `subscriptionPrice` S. The
 *   theoretical ex-rights price TERP = (P + a·S) / (1 + a + b), where P is the last raw close
 *   before the ex-date and b the bonus percent on the same ex-date; factor TERP / P. A rights
 *   issue priced at or above P carries no value and is not adjusted.
 * - `dividend` (nakit temettü, gross per share, in the price's currency): enters only the total
 *   return series, factor (P − D) / P, i.e. the dividend reinvested at the ex-date close.
 * The "adjusted" series carries the capital actions (split, bonus, rights) only; "total return"
 * carries those and the dividends.
 */
export type CorporateActionKind = 'split' | 'bonus' | 'rights' | 'dividend';

export interface CorporateAction {
  readonly kind: CorporateActionKind;
  /** First day the share trades without the right (ISO date). */
  readonly exDate: string;
  /** split: new shares per old; bonus and rights: percent of capital; dividend: unused. */
  readonly ratio: number | null;
  /** Cash dividend per share (dividend only). */
  readonly amount: number | null;
  /** Price paid per new share (rights only). */
  readonly subscriptionPrice: number | null;
}

/** The factor applied to every value before an ex-date, capital-only and with dividends. */
export interface ExDateFactor {
  readonly exDate: string;
  /** Last raw close before the ex-date, null when the series starts on or after it. */
  readonly cumPrice: number | null;
  readonly capital: number;
  readonly totalReturn: number;
}

export interface DerivedSeries {
  readonly adjusted: Float64Array;
  readonly totalReturn: Float64Array;
  readonly factors: readonly ExDateFactor[];
}

function positive(value: number | null, what: string, exDate: string): number {
  if (value === null || !Number.isFinite(value) || value <= 0)
    throw new InvalidInputError(`${what} of the action on ${exDate} must be positive`);
  return value;
}

/**
 * The factor of each ex-date, grouping the actions of one date (a bonus and a rights issue on
 * the same day share one TERP).
 * @param dates ascending ISO dates of the raw series
 * @param raw raw closes (NaN for a missing value)
 * @throws InvalidInputError when an action lacks its ratio, amount or subscription price, or a
 * dividend is not below the cum price.
 */
export function actionFactors(
  dates: readonly string[],
  raw: ArrayLike<number>,
  actions: readonly CorporateAction[],
): ExDateFactor[] {
  const byDate = new Map<string, CorporateAction[]>();
  for (const a of actions) byDate.set(a.exDate, [...(byDate.get(a.exDate) ?? []), a]);
  const out: ExDateFactor[] = [];
  for (const exDate of [...byDate.keys()].sort()) {
    const group = byDate.get(exDate) ?? [];
    let cumPrice: number | null = null;
    for (let i = 0; i < dates.length && dates[i]! < exDate; i++) {
      const v = raw[i]!;
      if (Number.isFinite(v)) cumPrice = v;
    }
    let split = 1;
    let bonus = 0;
    let rights = 0;
    let subscription = 0;
    let dividend = 0;
    for (const a of group) {
      switch (a.kind) {
        case 'split':
          split *= positive(a.ratio, 'split ratio', exDate);
          break;
        case 'bonus':
          bonus += positive(a.ratio, 'bonus percent', exDate) / 100;
          break;
        case 'rights':
          rights += positive(a.ratio, 'rights percent', exDate) / 100;
          subscription = positive(a.subscriptionPrice, 'subscription price', exDate);
          break;
        case 'dividend':
          dividend += positive(a.amount, 'dividend per share', exDate);
          break;
      }
    }
    if (cumPrice === null) {
      out.push({ exDate, cumPrice, capital: 1, totalReturn: 1 });
      continue;
    }
    const p = cumPrice;
    const withRights = rights > 0 && subscription < p;
    const capital =
      (withRights ? (p + rights * subscription) / ((1 + rights + bonus) * p) : 1 / (1 + bonus)) /
      split;
    if (dividend >= p)
      throw new InvalidInputError(
        `dividend ${dividend} on ${exDate} is not below the cum price ${p}`,
      );
    out.push({ exDate, cumPrice, capital, totalReturn: capital * ((p - dividend) / p) });
  }
  return out;
}

/**
 * Adjusted and total-return series of a raw close series (backward adjustment, see the module
 * comment). Missing raw values (NaN) stay NaN.
 */
export function deriveAdjustedSeries(
  dates: readonly string[],
  raw: ArrayLike<number>,
  actions: readonly CorporateAction[],
): DerivedSeries {
  if (dates.length !== raw.length)
    throw new InvalidInputError(
      `dates and values differ in length: ${dates.length} vs ${raw.length}`,
    );
  const factors = actionFactors(dates, raw, actions);
  const n = dates.length;
  const adjusted = new Float64Array(n);
  const totalReturn = new Float64Array(n);
  let capital = 1;
  let total = 1;
  let k = factors.length - 1;
  for (let i = n - 1; i >= 0; i--) {
    while (k >= 0 && factors[k]!.exDate > dates[i]!) {
      capital *= factors[k]!.capital;
      total *= factors[k]!.totalReturn;
      k--;
    }
    adjusted[i] = raw[i]! * capital;
    totalReturn[i] = raw[i]! * total;
  }
  return { adjusted, totalReturn, factors };
}
