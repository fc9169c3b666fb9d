/**
 * Bad or missing input data found by a handler (unmapped holdings over the tolerance, a missing
 * price...). The message is Turkish and names the portfolio, date and instrument; the run ends
 * `failed` with it and is not retried.
 */
export class AnalysisInputError extends Error {
  override readonly name = 'AnalysisInputError';
}

/** The reason of the run's AbortSignal when the run was cancelled; the run ends `cancelled`. */
export class RunCancelledError extends Error {
  override readonly name = 'RunCancelledError';
  constructor() {
    super('Analiz iptal edildi.');
  }
}

/** The abort reason when the worker stops: the run goes back to the queue for another worker. */
export class RunReleasedError extends Error {
  override readonly name = 'RunReleasedError';
  constructor() {
    super('Hesaplama servisi duruyor.');
  }
}

/** The abort reason when this execution no longer owns the run (recovered elsewhere). */
export class RunLostError extends Error {
  override readonly name = 'RunLostError';
  constructor() {
    super('Analiz başka bir hesaplama servisine devredildi.');
  }
}
