import type { AnalysisHandler } from '../runner/handler.ts';
import { varHandler } from './var/var-handler.ts';

/** Every analysis type the worker runs; one handler per id of ANALYSIS_TYPES. */
export const ANALYSIS_HANDLERS: readonly AnalysisHandler[] = [varHandler];
