// Vitest global set-up of the api and worker tests (decision 0072): builds the server as
// `npm start` does (scripts/server-build.mjs: incremental, about a second when the build is
// current; CI's static stage has built it already) and has the processes the tests start (the
// worker, the API, the slow test workers) run the compiled JavaScript: a worker started through
// tsx took 3.9 s of CPU to be ready, the compiled one 1.7 s, and the tests start about thirty.
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt } from '../../../../scripts/server-build.mjs';
import { COMPILED_CHILDREN_ENV, compiledChildren } from '../compiled.ts';

export default function setup(): void {
  // Both projects' set-ups run in vitest's one main process: the second finds the build done.
  if (compiledChildren()) return;
  ensureServerBuilt(fileURLToPath(new URL('../../../../', import.meta.url)));
  // Read by the test files' processes, started after the global set-ups.
  process.env[COMPILED_CHILDREN_ENV] = '1';
}
