import type { AnalysisHandler } from '../runner/handler.ts';

/** Every analysis type the worker runs; one handler per id of ANALYSIS_TYPES. */
export const ANALYSIS_HANDLERS: readonly AnalysisHandler[] = [];
