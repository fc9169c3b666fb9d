import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_KINDS, ProblemSchema, type ImportKind } from '@fonrisk/contracts';
import { eq, fxRates } from '@fonrisk/db';
import { createTestApi, type TestApi } from '../testing/test-api.ts';
import { databaseFingerprint, tablesFingerprint } from '../testing/db-fingerprint.ts';
import { listEndpoints, sampleUrl } from '../testing/endpoints.ts';
import { multipart } from '../modules/data-imports/test-support.ts';

/** Issue 14: at least 1,000 malformed files per import kind. */
const FILES_PER_KIND = Number(process.env.FONRISK_FUZZ_RUNS ?? 1000);
const BODIES_PER_ENDPOINT = 60;
/** A detail in Turkish: a sentence with Turkish letters or a known Turkish word. */
const TURKISH = /[çğıöşüÇĞİÖŞÜ]|satır|dosya|geçersiz|gerekli/i;

const csvField = (value: string) => `"${value.replaceAll('"', '""')}"`;

/**
 * The tables an upload of any kind writes (rows, their series and portfolios, the audit log):
 * fingerprinted after every refused file, so that a partial write is caught at its file. The
 * whole database is compared once more at the end.
 */
const IMPORT_TABLES = [
  'audit_log',
  'corporate_actions',
  'fx_rates',
  'holdings',
  'instruments',
  'market_series',
  'market_values',
  'market_values_derived',
  'portfolio_cash_flows',
  'portfolios',
  'unified_portfolio_members',
  'unified_portfolios',
];

/** A value that no reader accepts for a cell of this type. */
function brokenValue(cell: string): string {
  switch (cell) {
    case 'number':
      return 'sayı-değil';
    case 'date':
      return '2025-13-45';
    case 'boolean':
      return 'belki';
    case 'enum':
      return 'bilinmeyen-secenek';
    default:
      return '';
  }
}

/**
 * A file of `kind` with at least one certain defect: a required column missing, a required cell
 * broken, or bytes that are no CSV/XLSX at all; the other cells are random text, numbers, dates.
 */
function malformedFile(kind: ImportKind): fc.Arbitrary<{ name: string; content: Buffer }> {
  const columns = IMPORT_COLUMNS[kind];
  const required = columns.filter((c) => c.required);
  const cell = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
    fc.double({ noNaN: false }).map(String),
    fc.integer().map(String),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    fc.constantFrom(
      "'; DROP TABLE holdings; --",
      '<script>alert(1)</script>',
      '=1+1',
      '\u0000',
      '',
    ),
  );
  const rows = fc.array(fc.array(cell, { minLength: columns.length, maxLength: columns.length }), {
    minLength: 1,
    maxLength: 4,
  });
  const csv = (header: readonly string[], body: readonly (readonly string[])[]) =>
    `${[header, ...body].map((r) => r.map(csvField).join(';')).join('\r\n')}\r\n`;

  const missingColumn = fc.tuple(fc.nat({ max: required.length - 1 }), rows).map(([i, body]) => {
    const dropped = columns.indexOf(required[i]!);
    const keep = (r: readonly string[]) => r.filter((_, j) => j !== dropped);
    return csv(keep(columns.map((c) => c.label)), body.map(keep));
  });
  const brokenCell = fc
    .tuple(fc.nat({ max: required.length - 1 }), rows, fc.nat())
    .map(([i, body, rowPick]) => {
      const column = required[i]!;
      const at = columns.indexOf(column);
      const row = rowPick % body.length;
      const broken = body.map((r, k) =>
        k === row ? r.map((v, j) => (j === at ? brokenValue(column.cell) : v)) : r,
      );
      return csv(
        columns.map((c) => c.label),
        broken,
      );
    });
  const garbage = fc.oneof(
    fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b)),
    fc
      .uint8Array({ maxLength: 400 })
      .map((b) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(b)])),
  );
  return fc.oneof(
    missingColumn.map((text) => ({ name: `${kind}.csv`, content: Buffer.from(text) })),
    brokenCell.map((text) => ({ name: `${kind}.csv`, content: Buffer.from(text) })),
    garbage.map((content) => ({ name: `${kind}.xlsx`, content })),
    garbage.map((content) => ({ name: `${kind}.csv`, content })),
  );
}

describe('fuzzing', () => {
  let api: TestApi;
  let token: string;
  let before: Record<string, string>;

  beforeAll(async () => {
    api = await createTestApi();
    token = (await api.login('superadmin')).accessToken;
    before = await databaseFingerprint(api.database.db);
  });
  afterAll(() => api.close());

  it('the per-file fingerprint of the import tables sees a single written row', async () => {
    const db = api.database.db;
    const untouched = await tablesFingerprint(db, IMPORT_TABLES);
    await db.insert(fxRates).values({ currency: 'USD', date: '1999-01-04', forexBuying: 1.5 });
    const written = await tablesFingerprint(db, IMPORT_TABLES);
    expect(written.fx_rates).not.toBe(untouched.fx_rates);
    expect({ ...written, fx_rates: untouched.fx_rates }).toEqual(untouched);
    await db.delete(fxRates).where(eq(fxRates.date, '1999-01-04'));
    expect(await tablesFingerprint(db, IMPORT_TABLES)).toEqual(untouched);
  });

  it.each(IMPORT_KINDS)(
    'refuses %s files with certain defects: no 5xx, Turkish problem details, nothing written by any file',
    async (kind) => {
      let refused = 0;
      const untouched = await tablesFingerprint(api.database.db, IMPORT_TABLES);
      await fc.assert(
        fc.asyncProperty(malformedFile(kind), async (file) => {
          const body = multipart(file.content, file.name);
          const r = await api.app.inject({
            method: 'POST',
            url: `/api/imports/${kind}`,
            headers: { ...api.headers(token), 'content-type': body.contentType },
            payload: body.payload,
          });
          expect(r.statusCode).toBeGreaterThanOrEqual(400);
          expect(r.statusCode).toBeLessThan(500);
          expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
          expect(ProblemSchema.parse(r.json()).detail).toMatch(TURKISH);
          // Nothing changed by this file (a failure shrinks to the smallest file that writes).
          expect(await tablesFingerprint(api.database.db, IMPORT_TABLES)).toEqual(untouched);
          refused += 1;
        }),
        { numRuns: FILES_PER_KIND },
      );
      console.log(`Bulanık test ${kind}: ${String(refused)} bozuk dosya reddedildi, 0 5xx`);
      expect(refused).toBe(FILES_PER_KIND);
      expect(await databaseFingerprint(api.database.db)).toEqual(before);
    },
    600_000,
  );

  it('refuses malformed JSON bodies on every write endpoint: no 5xx, problem details, nothing written', async () => {
    const writes = listEndpoints(api.app).filter((e) => e.bodyTypes.includes('application/json'));
    expect(writes.length).toBeGreaterThan(15);
    const malformed = fc.oneof(
      // Broken syntax.
      fc.string({ maxLength: 40 }).map((s) => `{"a": ${s}`),
      fc.constantFrom('{', '[1,', '{"x":}', 'nul', '{"a":1}}', '\u0000', '{"a":"\\u00"}'),
      // Well-formed JSON of a shape no endpoint takes.
      fc
        .oneof(
          fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
          fc.double(),
          fc.string(),
          fc.boolean(),
          fc.constant(null),
        )
        .map((v) => JSON.stringify(v)),
      // An object whose strings carry NUL or injection attempts next to random keys.
      fc
        .dictionary(
          fc.string({ minLength: 1, maxLength: 8 }),
          fc.constantFrom('a\u0000b', "x' OR '1'='1\u0000"),
          { minKeys: 1, maxKeys: 4 },
        )
        .map((v) => JSON.stringify(v)),
    );
    let sent = 0;
    for (const endpoint of writes) {
      await fc.assert(
        fc.asyncProperty(malformed, async (payload) => {
          const r = await api.app.inject({
            method: endpoint.method,
            url: sampleUrl(endpoint),
            headers: { ...api.headers(token), 'content-type': 'application/json' },
            payload,
          });
          const where = `${endpoint.method} ${endpoint.path} ${payload.slice(0, 40)}`;
          expect(r.statusCode, where).toBeGreaterThanOrEqual(400);
          expect(r.statusCode, where).toBeLessThan(500);
          expect(ProblemSchema.parse(r.json()).detail).toMatch(TURKISH);
          sent += 1;
        }),
        // An object of unknown keys is always tried: an all-optional body must not take it.
        { numRuns: BODIES_PER_ENDPOINT, examples: [['{"a": 0}']] },
      );
    }
    console.log(
      `Bulanık test JSON: ${String(writes.length)} yazma ucu, ${String(sent)} bozuk gövde, 0 5xx`,
    );
    expect(await databaseFingerprint(api.database.db)).toEqual(before);
  }, 600_000);
});
