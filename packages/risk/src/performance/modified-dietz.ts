import { InvalidInputError } from '../errors.ts';
import { parseIsoDate } from '../dates/date.ts';

/** One measurement period with its dated external cash flows (+ contribution, − withdrawal). */
export interface DietzPeriod {
  readonly start: string;
  readonly end: string;
  readonly beginValue: number;
  readonly endValue: number;
  readonly flows?: readonly { readonly date: string; readonly amount: number }[] | undefined;
}

/**
 * Modified Dietz return of one period: R = (EMV − BMV − ΣCF) / (BMV + Σ w_i·CF_i),
 * w_i = (T − t_i)/T with T the period's calendar days and t_i the days from the start to the flow
 * (a flow is assumed at the end of its day). Source: Bacon, "Practical Portfolio Performance
 * Measurement and Attribution", ch. 2; GIPS.
 * @throws InvalidInputError for an empty period, a flow outside it, or a non-positive denominator.
 */
export function modifiedDietzReturn(period: DietzPeriod): number {
  const start = parseIsoDate(period.start);
  const end = parseIsoDate(period.end);
  if (end <= start)
    throw new InvalidInputError(`period end ${period.end} must follow start ${period.start}`);
  const total = end - start;
  let netFlow = 0;
  let weighted = 0;
  for (const flow of period.flows ?? []) {
    const day = parseIsoDate(flow.date);
    if (day < start || day > end)
      throw new InvalidInputError(`flow on ${flow.date} is outside ${period.start}..${period.end}`);
    netFlow += flow.amount;
    weighted += ((end - day) / total) * flow.amount;
  }
  const denominator = period.beginValue + weighted;
  if (!(denominator > 0))
    throw new InvalidInputError(`Modified Dietz denominator must be positive, got ${denominator}`);
  return (period.endValue - period.beginValue - netFlow) / denominator;
}

/** Chained Modified Dietz returns of consecutive periods: Π(1 + R_p) − 1, with each period's return. */
export function chainedModifiedDietz(periods: readonly DietzPeriod[]): {
  readonly total: number;
  readonly periodReturns: number[];
} {
  const periodReturns = periods.map(modifiedDietzReturn);
  return { total: periodReturns.reduce((g, r) => g * (1 + r), 1) - 1, periodReturns };
}
