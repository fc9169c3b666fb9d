import { InvalidInputError } from '../errors.ts';
import { parseIsoDate } from '../dates/date.ts';

/** One risk value class: lowerBound ≤ σ < upperBound (annualised volatility, fractions). */
export interface RiskValueBand {
  readonly riskValue: number;
  readonly lowerBound: number;
  readonly upperBound: number;
}

/** A band table valid from a date (inclusive) until the next table's date. */
export interface RiskValueBandTable {
  readonly effectiveFrom: string;
  readonly source: string;
  readonly bands: readonly RiskValueBand[];
}

/**
 * SPK risk value bands in force since 12.10.2023 (Kurul Kararı 60/1316, Rehber §9.3.2.1):
 * 1: 0–2 %, 2: 2–5 %, 3: 5–10 %, 4: 10–15 %, 5: 15–20 %, 6: 20–30 %, 7: ≥ 30 %; lower bound
 * inclusive, upper exclusive. Earlier bands were not confirmed (regulation-and-methods.md §2.3,
 * open point 4) and can be added as another table.
 */
export const SPK_RISK_VALUE_BANDS: readonly RiskValueBandTable[] = [
  {
    effectiveFrom: '2023-10-12',
    source: 'SPK Rehber §9.3.2.1 (12.10.2023, 60/1316)',
    bands: [
      { riskValue: 1, lowerBound: 0, upperBound: 0.02 },
      { riskValue: 2, lowerBound: 0.02, upperBound: 0.05 },
      { riskValue: 3, lowerBound: 0.05, upperBound: 0.1 },
      { riskValue: 4, lowerBound: 0.1, upperBound: 0.15 },
      { riskValue: 5, lowerBound: 0.15, upperBound: 0.2 },
      { riskValue: 6, lowerBound: 0.2, upperBound: 0.3 },
      { riskValue: 7, lowerBound: 0.3, upperBound: Number.POSITIVE_INFINITY },
    ],
  },
];

/**
 * The band table for a date: the latest table effective on or before it; dates before every table
 * use the earliest table (as the 2023 amendment re-mapped earlier calculations to the new bands).
 * @throws InvalidInputError for an empty table list or a bad date.
 */
export function bandTableFor(
  asOf: string,
  tables: readonly RiskValueBandTable[] = SPK_RISK_VALUE_BANDS,
): RiskValueBandTable {
  const day = parseIsoDate(asOf);
  const sorted = [...tables].sort(
    (a, b) => parseIsoDate(a.effectiveFrom) - parseIsoDate(b.effectiveFrom),
  );
  const first = sorted[0];
  if (first === undefined)
    throw new InvalidInputError('at least one risk value band table is required');
  return sorted.filter((t) => parseIsoDate(t.effectiveFrom) <= day).at(-1) ?? first;
}

/**
 * Risk value class (1–7) of an annualised volatility (fraction) under the bands in force on `asOf`.
 * Rounding is left to the caller: 0.0199999 is class 1, 0.02 is class 2.
 * @throws InvalidInputError for a negative or non-finite volatility, or a gap in the table.
 */
export function riskValueForVolatility(
  volatility: number,
  asOf: string,
  tables: readonly RiskValueBandTable[] = SPK_RISK_VALUE_BANDS,
): number {
  if (!(volatility >= 0) || !Number.isFinite(volatility)) {
    throw new InvalidInputError(`volatility must be a non-negative number, got ${volatility}`);
  }
  const band = bandTableFor(asOf, tables).bands.find(
    (b) => volatility >= b.lowerBound && volatility < b.upperBound,
  );
  if (band === undefined)
    throw new InvalidInputError(`no risk value band contains volatility ${volatility}`);
  return band.riskValue;
}
