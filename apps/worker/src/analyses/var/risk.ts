// The scenario-matrix risk functions of packages/risk as compute-pool tasks (pool/tasks.ts).
import { matrixRisk, matrixWhatIf } from '@fonrisk/risk';
import { computeTasks } from '../../pool/tasks.ts';

export const COMPUTE_TASKS = { matrixRisk, matrixWhatIf };
export const RISK_TASKS = computeTasks(import.meta.url, COMPUTE_TASKS);
