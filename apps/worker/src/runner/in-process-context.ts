// A RunContext outside a run: compute in this thread, progress dropped. Used where a handler's
// code path answers at once (the pre-trade check, decision 0064), and by the tests' fakeContext.
import type { Database } from '@fonrisk/db';
import { runTaskHere } from '../pool/tasks.ts';
import type { RunContext } from './handler.ts';
import { InputBundleRecorder } from './input-bundle.ts';

export function inProcessContext<I>(
  db: Database,
  inputs: I,
  signal: AbortSignal = new AbortController().signal,
  progress: RunContext<I>['progress'] = () => Promise.resolve(),
): RunContext<I> {
  return {
    runId: '00000000-0000-4000-8000-000000000000',
    inputs,
    db,
    userId: 1,
    signal,
    progress,
    bundle: new InputBundleRecorder(),
    compute: (task, ...args) => runTaskHere(task, args),
  };
}
