import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One test command for the whole monorepo. Each workspace is a project so that the web app can
 * run under jsdom while server code runs under node. Coverage gates (docs/decisions/
 * 0030-lint-habits-and-coverage-gates.md): each gated workspace has its own floor on its own
 * sources, measured only when its tests run in full:
 * - `npm test` / `npx vitest run`: every gate;
 * - `npx vitest run --project api`: the api gate only (another workspace's files, loaded by these
 *   tests, are not measured, so they cannot trip their own gate);
 * - with a file filter (`npx vitest run --project api demo`): no gate, a part cannot meet it.
 * The floors sit just under the measured figures: they stop a drop, they are not a goal.
 */
const GATES: Record<string, { dir: string; lines: number; branches: number }> = {
  '@fonrisk/risk': { dir: 'packages/risk', lines: 95, branches: 95 },
  '@fonrisk/contracts': { dir: 'packages/contracts', lines: 87, branches: 55 },
  api: { dir: 'apps/api', lines: 91.5, branches: 76.5 },
  worker: { dir: 'apps/worker', lines: 76, branches: 58 },
};

/** Options of the vitest CLI that take the next argument as their value. */
const VALUE_OPTIONS = new Set([
  '--project',
  '--reporter',
  '--config',
  '-c',
  '--root',
  '--dir',
  '--pool',
  '--shard',
  '-t',
  '--testNamePattern',
  '--environment',
  '--outputFile',
]);

function cliSelection(argv: readonly string[]): { projects: string[]; filtered: boolean } {
  const projects: string[] = [];
  let filtered = false;
  const args = argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
    else if (arg === '--project' && args[i + 1] !== undefined) projects.push(args[++i]!);
    else if (VALUE_OPTIONS.has(arg)) i++;
    else if (!arg.startsWith('-') && arg !== 'run' && arg !== 'watch' && arg !== 'related')
      filtered = true;
  }
  return { projects, filtered };
}

const { projects, filtered } = cliSelection(process.argv);
const gated = filtered
  ? []
  : Object.entries(GATES).filter(([name]) => projects.length === 0 || projects.includes(name));

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // As many test files at once as there are cores (vitest's default leaves one free: one file at
    // a time on 2 cores), since most server test files wait on PostgreSQL or a child process
    // (docs/decisions/0072-ci-time.md).
    maxWorkers: availableParallelism(),
    coverage: {
      provider: 'v8',
      enabled: gated.length > 0,
      include: gated.map(([, gate]) => `${gate.dir}/src/**/*.ts`),
      exclude: ['**/*.test.ts', '**/test/**', '**/testing/**', '**/test-support.ts'],
      thresholds: Object.fromEntries(
        gated.map(([, gate]) => [
          `${gate.dir}/src/**`,
          { lines: gate.lines, branches: gate.branches },
        ]),
      ),
    },
  },
});
