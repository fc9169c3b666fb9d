// The database a replayed handler sees (decision 0041): every statement is answered from the
// run's recording, never from a server. Statements are found by text, values and row mode, with
// one queue per key, so that statements sent concurrently may arrive in any order.
import type { RecordedStatement } from '@fonrisk/contracts';
import type { QueryClient } from '@fonrisk/db';
import {
  statementKey,
  statementParts,
  type QueryAnswer,
  type StatementConfig,
} from '../runner/statement-recorder.ts';
import { decodeValue, encodeValue } from '../runner/value-codec.ts';
import { REPLAY_MESSAGES } from './messages.ts';

/** A statement the recording cannot answer: the code now reads something the run did not. */
export class UnrecordedStatementError extends Error {
  constructor(readonly text: string) {
    super(REPLAY_MESSAGES.unrecordedStatement(text));
    this.name = 'UnrecordedStatementError';
  }
}

/** A statement that failed when the run was recorded fails the same way in the replay. */
class RecordedStatementFailure extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'RecordedStatementFailure';
  }
}

/** Answers from a recording; the class name holds "Pool" so drizzle opens transactions on it. */
export class ReplayingPool implements QueryClient {
  private readonly queues = new Map<string, RecordedStatement[]>();
  private remaining: number;

  constructor(statements: readonly RecordedStatement[]) {
    for (const s of statements) {
      const key = statementKey(s);
      const queue = this.queues.get(key);
      if (queue) queue.push(s);
      else this.queues.set(key, [s]);
    }
    this.remaining = statements.length;
  }

  /** Recorded statements the replay did not ask for. */
  get unused(): number {
    return this.remaining;
  }

  query(config: StatementConfig, values?: unknown[]): Promise<QueryAnswer> {
    const parts = statementParts(config, values);
    const key = statementKey({ ...parts, values: encodeValue(parts.values) as unknown[] });
    const recorded = this.queues.get(key)?.shift();
    if (recorded === undefined) return Promise.reject(new UnrecordedStatementError(parts.text));
    this.remaining -= 1;
    if (recorded.error !== null)
      return Promise.reject(
        new RecordedStatementFailure(recorded.error.message, recorded.error.code ?? undefined),
      );
    return Promise.resolve({
      rows: decodeValue(recorded.rows) as unknown[],
      rowCount: recorded.rowCount,
      ...(recorded.command === null ? {} : { command: recorded.command }),
    });
  }

  /** A transaction's connection: the same recording (statements are keyed, not ordered). */
  connect(): Promise<QueryClient & { release(): void }> {
    return Promise.resolve({
      query: (config: StatementConfig, values?: unknown[]) => this.query(config, values),
      release: () => undefined,
    });
  }
}
