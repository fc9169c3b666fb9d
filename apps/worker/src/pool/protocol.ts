import type { RiskErrorData } from '@fonrisk/risk';

/** Messages between the compute pool and its threads. */
export interface TaskMessage {
  readonly id: number;
  /** File URL of a task module (pool/tasks.ts). */
  readonly module: string;
  /** The key of the task in the module's COMPUTE_TASKS. */
  readonly key: string;
  readonly args: unknown[];
}

export type ThreadReply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | {
      readonly id: number;
      readonly ok: false;
      readonly error: {
        readonly name: string;
        readonly message: string;
        readonly stack: string;
        /** A RiskError of the engine (deterministic: the same inputs throw it again). */
        readonly risk?: RiskErrorData;
      };
    };
