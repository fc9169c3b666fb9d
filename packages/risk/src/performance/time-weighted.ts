import { InvalidInputError } from '../errors.ts';
import { parseIsoDate } from '../dates/date.ts';

/** A valuation: market value just before `flow`, an external cash flow (+ in, − out) on that date. */
export interface Valuation {
  readonly date: string;
  readonly value: number;
  /** External flow right after the valuation; default 0. */
  readonly flow?: number | undefined;
}

/**
 * Time-weighted return: chained sub-period returns between valuations taken at each external flow,
 * r_i = V_i / (V_{i−1} + CF_{i−1}) − 1, TWR = Π(1 + r_i) − 1 (GIPS; the SPK Performans Tebliğ
 * practice "DSD − DBD)/DBD" per sub-period, regulation-and-methods.md §5).
 * @throws InvalidInputError for fewer than 2 valuations, dates not increasing, or a sub-period
 * starting value that is not positive.
 */
export function timeWeightedReturn(valuations: readonly Valuation[]): {
  readonly twr: number;
  readonly subPeriodReturns: number[];
} {
  if (valuations.length < 2)
    throw new InvalidInputError(`at least 2 valuations are required, got ${valuations.length}`);
  const subPeriodReturns: number[] = [];
  for (let i = 1; i < valuations.length; i += 1) {
    const previous = valuations[i - 1]!;
    const current = valuations[i]!;
    if (parseIsoDate(current.date) <= parseIsoDate(previous.date))
      throw new InvalidInputError(`valuation dates must increase: ${current.date}`);
    const start = previous.value + (previous.flow ?? 0);
    if (!(start > 0))
      throw new InvalidInputError(
        `sub-period from ${previous.date} starts at non-positive value ${start}`,
      );
    subPeriodReturns.push(current.value / start - 1);
  }
  return { twr: subPeriodReturns.reduce((g, r) => g * (1 + r), 1) - 1, subPeriodReturns };
}
