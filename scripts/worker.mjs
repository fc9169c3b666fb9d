// `npm run worker`: a worker alone against DATABASE_URL (another machine, or more workers on one):
// builds the server if needed, then runs the compiled worker (apps/api/dist/worker-main.js:
// apps/worker's analysis worker plus the FTP pulls,
// NODE_ENV=production, no tsx). It takes analysis runs and FTP pulls from the shared queue.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { COMPILED_ARGS, ensureServerBuilt } from './server-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

ensureServerBuilt(root);

const worker = spawn(process.execPath, COMPILED_ARGS.worker, {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => worker.kill(signal));
}
worker.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
