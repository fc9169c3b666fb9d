// A RunContext for handler tests and benches: compute runs in-process (same module, same function).
import type { Database } from '@fonrisk/db';
import type { RunContext } from '../../runner/handler.ts';
import { inProcessContext } from '../../runner/in-process-context.ts';

export interface FakeContext<I> extends RunContext<I> {
  readonly messages: { fraction: number; message: string }[];
}

export function fakeContext<I>(
  db: Database,
  inputs: I,
  signal: AbortSignal = new AbortController().signal,
): FakeContext<I> {
  const messages: { fraction: number; message: string }[] = [];
  const progress = (fraction: number, message: string) => {
    messages.push({ fraction, message });
    return Promise.resolve();
  };
  return { ...inProcessContext(db, inputs, signal, progress), messages };
}
