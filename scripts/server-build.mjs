// Compiles the server workspaces (packages/contracts, risk, db, apps/worker, api, cli) to
// JavaScript in each one's dist/ with `tsc -b tsconfig.build.json --noCheck` (project references,
// incremental: an up-to-date build is checked in about a second). Used by `npm run build`,
// `npm start` and `npm run worker`, which run the compiled code (decision 0039). Types are
// checked by `npm run typecheck` (CI's static stage), not again here: the same JavaScript from a
// clean tree in 19 s instead of 35 s, 31 s of CPU instead of 55 s (decision 0072, fourteenth
// session).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The flags a compiled process runs with: `@fonrisk/*` resolve to their dist/ (package exports). */
export const COMPILED_NODE_FLAGS = ['--conditions=fonrisk-compiled'];

/**
 * V8 flags a worker process runs with, after COMPILED_NODE_FLAGS: the worker's own list
 * (apps/worker/src/compiled.ts WORKER_NODE_FLAGS, decision 0101) for the scripts and benches that
 * start it; a worker test checks that the two lists are the same.
 */
export const WORKER_NODE_FLAGS = [
  '--max-semi-space-size=64',
  '--single-threaded-gc',
  '--expose-gc',
];

/**
 * V8 flags the API process runs with, after COMPILED_NODE_FLAGS (`npm start`, the benches):
 * `gc()` exposed, so that an import gives back the heap its rows grew (decision 0121).
 */
const API_NODE_FLAGS = ['--expose-gc'];

/** Entry points of the compiled processes, relative to the repository root. */
export const COMPILED_ENTRIES = {
  api: 'apps/api/dist/main.js',
  worker: 'apps/api/dist/worker-main.js',
  cli: 'apps/cli/dist/main.js',
};

/**
 * Node's arguments for each compiled server process that a script or bench starts: its flags, then
 * its entry point (the API's worker child is started from WORKER_NODE_FLAGS by the API itself).
 */
export const COMPILED_ARGS = {
  api: [...COMPILED_NODE_FLAGS, ...API_NODE_FLAGS, COMPILED_ENTRIES.api],
  worker: [...COMPILED_NODE_FLAGS, ...WORKER_NODE_FLAGS, COMPILED_ENTRIES.worker],
};

function typescriptCompiler(root) {
  try {
    return createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    return null;
  }
}

/**
 * Builds the server when its output is missing or older than its sources. Where TypeScript is not
 * installed (a production install without dev dependencies) an existing build is used as it is;
 * exits the process when there is none or the build fails.
 */
export function ensureServerBuilt(root) {
  const tsc = typescriptCompiler(root);
  if (!tsc) {
    if (Object.values(COMPILED_ENTRIES).every((entry) => existsSync(join(root, entry)))) return;
    process.stderr.write(
      'Sunucu derlenmemiş ve TypeScript kurulu değil: derleme makinesinde `npm run build` çalıştırın.\n',
    );
    process.exit(1);
  }
  const result = spawnSync(process.execPath, [tsc, '-b', 'tsconfig.build.json', '--noCheck'], {
    cwd: root,
    // Errors go to stderr so that stdout keeps only the ready line and logs.
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (result.status !== 0) {
    process.stderr.write('Sunucu derlenemedi; ayrıntılar yukarıda.\n');
    process.exit(result.status ?? 1);
  }
}

// `node scripts/server-build.mjs` (part of `npm run build`): build now if needed.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  ensureServerBuilt(join(dirname(fileURLToPath(import.meta.url)), '..'));
}
