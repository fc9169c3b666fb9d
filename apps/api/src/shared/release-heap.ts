// The heap a large import grew, given back once it is done (decision 0121). Reading and checking a
// file of up to 200,000 rows makes several hundred megabytes of short-lived objects; V8 grows its
// heap for them and keeps it: the API held 500 MB to 1.2 GB resident after the night bench's
// imports, into the night's batch. One full collection after the import returns it (40–50 ms,
// once the answer is sent).

/** The pending collection, so that imports ending together collect once. */
let pending: NodeJS.Immediate | null = null;

/**
 * A full garbage collection on the next turn of the event loop, when the process runs with
 * `--expose-gc` (API_NODE_FLAGS and WORKER_NODE_FLAGS, as `npm start` and `npm run worker` start
 * it); nothing where it does not (tests, tsx).
 */
export function releaseHeapSoon(): void {
  const collect = globalThis.gc;
  if (collect === undefined || pending !== null) return;
  pending = setImmediate(() => {
    pending = null;
    collect();
  });
  pending.unref();
}

/**
 * A full garbage collection now, between the steps of one long task (a report's PDF parts,
 * decision 0143), after a turn of the event loop so that the step's last promises settle; only a
 * turn where the process runs without `--expose-gc`.
 */
export async function releaseHeapNow(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  globalThis.gc?.();
}
