/**
 * Bad or missing input data found by a handler (unmapped holdings over the tolerance, a missing
 * price...). The message is Turkish and names the portfolio, date and instrument; the run ends
 * `failed` with it and is not retried.
 */
export class AnalysisInputError extends Error {
  override readonly name = 'AnalysisInputError';
}

/** Thrown inside a run when it was cancelled; the run ends `cancelled`. */
export class RunCancelledError extends Error {
  override readonly name = 'RunCancelledError';
  constructor() {
    super('Analiz iptal edildi.');
  }
}
