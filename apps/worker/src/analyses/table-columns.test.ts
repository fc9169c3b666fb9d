// Result-table columns live in contracts (`defineTable`, decision 0042): a handler builds its
// tables with `buildTable(<TYPE>_TABLES.<name>, rows)` and never writes a column label itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ANALYSES = fileURLToPath(new URL('.', import.meta.url));

describe('analysis handlers', () => {
  const handlers = readdirSync(ANALYSES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(ANALYSES, d.name))
        .filter((f) => f.endsWith('-handler.ts'))
        .map((f) => join(d.name, f)),
    );

  it('are found', () => {
    expect(handlers.length).toBeGreaterThanOrEqual(10);
  });

  it('take every result-table column from their contract', () => {
    const offending = handlers.filter((file) =>
      /\bcol\(|\bcolumns:\s*\[/.test(readFileSync(join(ANALYSES, file), 'utf8')),
    );
    expect(offending, 'define the columns with defineTable in the contract').toEqual([]);
  });
});
