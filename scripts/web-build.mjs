// Builds the web app when apps/web/dist is missing or older than its sources (used by start.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

/** Sources that change the built SPA: the web app itself and the contracts it imports. */
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/package.json',
  'packages/contracts/src',
];
/** The build's configuration beside apps/web/src: vite.config, the files it imports, tsconfig. */
const CONFIG_FILE = /^[^/]+\.(ts|js|mjs|json)$/;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when apps/web/dist/index.html is missing or older than any web source. */
export function webBuildIsStale(root) {
  const built = join(root, 'apps/web/dist/index.html');
  if (!existsSync(built)) return true;
  const configs = readdirSync(join(root, 'apps/web'))
    .filter((f) => CONFIG_FILE.test(f))
    .map((f) => join('apps/web', f));
  const newestSource = Math.max(...[...SOURCES, ...configs].map((p) => newestMtime(join(root, p))));
  return newestSource > statSync(built).mtimeMs;
}

/** Runs `npm run build -w @fonrisk/web` when needed; exits the process if the build fails. */
export function ensureWebBuilt(root) {
  const pkg = JSON.parse(readFileSync(join(root, 'apps/web/package.json'), 'utf8'));
  if (!pkg.scripts?.build) throw new Error('apps/web/package.json has no build script');
  if (!webBuildIsStale(root)) return;
  process.stderr.write('Web uygulaması derleniyor...\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', '@fonrisk/web'], {
    cwd: root,
    // The build's chatter goes to stderr so that stdout carries only the ready line and logs.
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (result.status !== 0) {
    process.stderr.write('Web uygulaması derlenemedi; ayrıntılar yukarıda.\n');
    process.exit(result.status ?? 1);
  }
}
