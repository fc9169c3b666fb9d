/**
 * Compiled production start (decision 0039). `npm run build` compiles every server workspace with
 * `tsc -b` into its `dist/`; compiled processes run with `node --conditions=fonrisk-compiled`, the
 * package.json `exports` condition that points `@fonrisk/*` at `dist/*.js`. Without it (tests,
 * tsx, vite) the same imports resolve to the TypeScript sources.
 */
export const COMPILED_CONDITION = 'fonrisk-compiled';

/** Node flags a compiled process is started with. */
export const COMPILED_NODE_FLAGS: readonly string[] = [`--conditions=${COMPILED_CONDITION}`];

/**
 * V8 flags the worker process runs with (decision 0101): semi-spaces of 64 MB, where V8's default
 * on 64 bits is 16 MB. A run's short-lived garbage (the rows of its reads, the JSON of its result
 * and bundle, its scenario columns) then dies young instead of being promoted and marked again in
 * the old generation: in the night batch the main thread's garbage collection took 3.8 s instead
 * of 6.4 s, for about 150 MB more at the worker's peak. The pool's threads, in the same process,
 * take the same young generation. And without V8's background garbage-collection threads
 * (`--single-threaded-gc`, decision 0118): on cores that the run threads and PostgreSQL keep busy,
 * those threads took CPU from the other run thread; the night's batch used ~2 s less of the
 * worker's CPU and took ~3.5 % less time, users' runs as fast as before. With `gc()` exposed
 * (`--expose-gc`, decision 0121), so that an FTP pull's import gives back the heap it grew.
 */
export const WORKER_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=64',
  '--single-threaded-gc',
  '--expose-gc',
];

/** True when the module at `moduleUrl` runs from compiled JavaScript (a `dist/…js` file). */
export function isCompiled(moduleUrl: string): boolean {
  return moduleUrl.endsWith('.js');
}

/**
 * What a worker thread is started from, for the thread body `name` beside `moduleUrl`: compiled,
 * the body's `.js` itself; from the sources, pool/thread-entry.mjs, which registers tsx in the
 * thread (threads do not inherit the loader) and then imports the body's `.ts` (`module`).
 */
export function threadEntry(moduleUrl: string, name: string): { module: string; entry: URL } {
  const compiled = isCompiled(moduleUrl);
  const module = new URL(`./${name}${compiled ? '.js' : '.ts'}`, moduleUrl).href;
  return {
    module,
    entry: compiled ? new URL(module) : new URL('./pool/thread-entry.mjs', import.meta.url),
  };
}

/**
 * The environment variable a test run sets once it has built the server (the api tests' global
 * set-up of the api and worker tests, `apps/worker/src/testing/compiled-children.ts`): processes that tests start from the
 * sources (the worker, the API) then run the compiled JavaScript, as `npm start` does. A compiled
 * worker is ready on 1.7 s of CPU, one through tsx on 3.9 s (decision 0072).
 */
export const COMPILED_CHILDREN_ENV = 'FONRISK_COMPILED_CHILDREN';

/** Whether processes started from the sources are to run the compiled build (see above). */
export function compiledChildren(): boolean {
  return process.env[COMPILED_CHILDREN_ENV] === '1';
}
