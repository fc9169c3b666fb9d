// Each file of packages/risk that holds a concept has its test beside it (`x.ts` -> `x.test.ts`),
// so a reader finds a formula's references next to the formula, and a new file without its test
// fails here (docs/decisions/0030-lint-habits-and-coverage-gates.md).
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));

/** Files that hold no concept of their own. */
const NOT_A_CONCEPT = new Set([
  'index.ts', // the package's public list of exports
  'errors.ts', // the error classes every function throws; each test checks its own
  'scenario/types.ts', // the structural input types of scenario pricing, no code
  'var/var-types.ts', // the result and panel shapes the VaR modules share, no code
]);

/**
 * Concept files still tested through a neighbour's test file, to be given their own (this list
 * may only shrink: a listed file that gets its test must leave the list). Empty today.
 */
const TESTED_THROUGH_NEIGHBOUR = new Set<string>([]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('packages/risk layout', () => {
  const files = sources(SRC).map((path) => relative(SRC, path).split('\\').join('/'));

  it('has a test beside every file that holds a concept', () => {
    const missing = files.filter(
      (file) =>
        !NOT_A_CONCEPT.has(file) &&
        !TESTED_THROUGH_NEIGHBOUR.has(file) &&
        !existsSync(join(SRC, file.replace(/\.ts$/, '.test.ts'))),
    );
    expect(missing, 'add <name>.test.ts beside each').toEqual([]);
  });

  it('lists as tested through a neighbour only files that still have no test of their own', () => {
    const stale = [...TESTED_THROUGH_NEIGHBOUR].filter(
      (file) => !files.includes(file) || existsSync(join(SRC, file.replace(/\.ts$/, '.test.ts'))),
    );
    expect(stale, 'remove these from TESTED_THROUGH_NEIGHBOUR').toEqual([]);
  });
});
