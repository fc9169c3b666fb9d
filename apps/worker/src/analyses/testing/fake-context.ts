// A RunContext for handler tests and benches: compute runs in-process (same module, same function).
import type { Database } from '@fonrisk/db';
import { runTaskHere } from '../../pool/tasks.ts';
import type { RunContext } from '../../runner/handler.ts';
import { InputBundleRecorder } from '../../runner/input-bundle.ts';

export interface FakeContext<I> extends RunContext<I> {
  readonly messages: { fraction: number; message: string }[];
}

export function fakeContext<I>(
  db: Database,
  inputs: I,
  signal: AbortSignal = new AbortController().signal,
): FakeContext<I> {
  const messages: { fraction: number; message: string }[] = [];
  return {
    runId: '00000000-0000-4000-8000-000000000000',
    inputs,
    db,
    userId: 1,
    signal,
    messages,
    progress(fraction, message) {
      messages.push({ fraction, message });
      return Promise.resolve();
    },
    bundle: new InputBundleRecorder(),
    compute: (task, ...args) => runTaskHere(task, args),
  };
}
