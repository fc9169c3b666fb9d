// Vitest global set-up of the api tests (decision 0072): builds the server as `npm start` does
// (scripts/server-build.mjs: incremental, about a second when the build is current; CI's static
// stage has built it already) and has the processes the tests start (the worker, the API) run
// the compiled JavaScript: a worker started through tsx took 3.9 s of CPU to be ready, the
// compiled one 1.7 s, and the tests start about twenty-five.
import { fileURLToPath } from 'node:url';
import { COMPILED_CHILDREN_ENV } from '@fonrisk/worker';
import { ensureServerBuilt } from '../../../../scripts/server-build.mjs';

export default function setup(): void {
  ensureServerBuilt(fileURLToPath(new URL('../../../../', import.meta.url)));
  // Read by the test files' processes, started after the global set-ups.
  process.env[COMPILED_CHILDREN_ENV] = '1';
}
