/** Messages between the compute pool and its threads. */
export interface TaskMessage {
  readonly id: number;
  /** Absolute path or file URL of an ES module. */
  readonly module: string;
  readonly fn: string;
  readonly args: unknown[];
}

export type ThreadReply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | {
      readonly id: number;
      readonly ok: false;
      readonly error: { readonly name: string; readonly message: string; readonly stack: string };
    };
