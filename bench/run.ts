/**
 * `npm run bench [name ...]`: runs the benchmarks under bench/ one after another, each in its own
 * Node process (so one bench's memory and threads cannot skew the next), and prints their own
 * figures. Without names it runs every self-contained bench; `web-var-result` needs a running
 * app (`npm start`) and runs only when named.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
/**
 * Run only when named: some need a running app, the load test lasts 10 minutes by default, the
 * large manager's night loads 8 million prices first.
 */
const NEEDS_RUNNING_APP = new Set(['web-var-result', 'load', 'result-screens', 'screens', 'night']);

const available = readdirSync(benchDir)
  // harness.ts and browser.ts are the shared set-ups of the in-process and browser benches.
  .filter((file) => file.endsWith('.ts') && !['run.ts', 'harness.ts', 'browser.ts'].includes(file))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Bilinmeyen bench: ${unknown.join(', ')}. Mevcut: ${available.join(', ')}`);
  process.exit(2);
}
const selected =
  requested.length > 0 ? requested : available.filter((name) => !NEEDS_RUNNING_APP.has(name));

let failed = 0;
for (const name of selected) {
  console.log(`\n=== bench/${name}.ts ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(benchDir, `${name}.ts`)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
