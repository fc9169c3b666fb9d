// `npm start`: builds the web app and the server if needed, then runs the compiled API
// (apps/api/dist/main.js, NODE_ENV=production, no tsx), which starts the embedded PostgreSQL unless
// DATABASE_URL is set, migrates, loads the demo data once, starts the compiled worker and prints
// `Fonrisk hazır: http://localhost:<PORT>`. Ctrl-C / SIGTERM stop it all cleanly.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { COMPILED_ARGS, ensureServerBuilt } from './server-build.mjs';
import { ensureWebBuilt } from './web-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

ensureWebBuilt(root);
ensureServerBuilt(root);

const api = spawn(process.execPath, COMPILED_ARGS.api, {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});

// A terminal's Ctrl-C reaches both processes; a SIGTERM sent to this one alone is passed on.
// The API ignores a second signal while it is already shutting down.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => api.kill(signal));
}
api.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
