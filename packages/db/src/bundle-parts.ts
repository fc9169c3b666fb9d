// Input bundles with their large parts stored once (docs/decisions/0086-bundle-parts-stored-once.md).
// A run's stored bundle (contracts StoredBundle, gzip JSON in analysis_run_bundles) may hold, in
// place of a statement's rows or of a market window, a reference `{ "$part": "<sha-256>" }` to a
// row of analysis_bundle_parts (gzip of that value's JSON text). The worker writes references
// (apps/worker runner/input-bundle.ts); `readRunBundle` puts the values back, so that what the
// API serves is the bundle as the run recorded it. A part that is a list of rows may itself hold
// references in place of some of its rows (decision 0091: a packed series read's rows, shared by
// the reads of every fund that holds the ticker); they are put back too, and so are the series and
// rates of a market window that are parts of their own (decision 0100).
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { eq, sql, type SQL } from 'drizzle-orm';
import { equalsAnyText, rawSqlExecutor } from './raw-sql.ts';
import type { Executor } from './client.ts';
import {
  analysisBundleParts,
  analysisRunBundleParts,
  analysisRunBundles,
} from './schema/run-bundles.ts';

const gunzipAsync = promisify(gunzip);

/** The key of a reference to a stored part. */
export const BUNDLE_PART_KEY = '$part';

export interface BundlePartRef {
  readonly [BUNDLE_PART_KEY]: string;
}

export function bundlePartRef(hash: string): BundlePartRef {
  return { [BUNDLE_PART_KEY]: hash };
}

/** An object whose only key is `$part`, holding a hash: what no row list or market window is. */
export function isBundlePartRef(value: unknown): value is BundlePartRef {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length === 1 &&
    keys[0] === BUNDLE_PART_KEY &&
    typeof (value as Record<string, unknown>)[BUNDLE_PART_KEY] === 'string'
  );
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * The places of a stored bundle where a part may stand, in order: the rows of each statement
 * (`reads[i].rows`), then each market window of the scenario data (`data.markets[i]`). A bundle
 * of another shape (version 1: the scenario data alone) has none.
 */
export function bundleSlots(stored: unknown): unknown[] {
  const bundle = record(stored);
  if (bundle === null) return [];
  const reads = Array.isArray(bundle['reads']) ? (bundle['reads'] as unknown[]) : [];
  const markets = record(bundle['data'])?.['markets'];
  return [
    ...reads.map((read) => record(read)?.['rows']),
    ...(Array.isArray(markets) ? (markets as unknown[]) : []),
  ];
}

/**
 * A copy of `stored` with the value at each place of `bundleSlots` replaced by `replace(value,
 * index)`; the rest is shared, not copied.
 */
export function replaceBundleSlots(
  stored: Record<string, unknown>,
  replace: (value: unknown, index: number) => unknown,
): Record<string, unknown> {
  let index = 0;
  const reads = Array.isArray(stored['reads'])
    ? (stored['reads'] as unknown[]).map((read) => {
        const statement = record(read);
        const value = replace(statement?.['rows'], index++);
        return statement === null || value === statement['rows']
          ? read
          : { ...statement, rows: value };
      })
    : stored['reads'];
  const data = record(stored['data']);
  const markets = data?.['markets'];
  return {
    ...stored,
    ...(stored['reads'] === undefined ? {} : { reads }),
    ...(data === null || !Array.isArray(markets)
      ? {}
      : { data: { ...data, markets: (markets as unknown[]).map((m) => replace(m, index++)) } }),
  };
}

/** A stored bundle's part is missing: the database has lost what its foreign key protects. */
export class BundlePartMissingError extends Error {
  constructor(readonly hashes: readonly string[]) {
    super(`input bundle parts missing: ${hashes.join(', ')}`);
    this.name = 'BundlePartMissingError';
  }
}

/** The hashes of the references in `values` (each once, in order). */
function referenced(values: readonly unknown[]): string[] {
  return [...new Set(values.filter(isBundlePartRef).map((ref) => ref[BUNDLE_PART_KEY]))];
}

/** The values of the parts `hashes` (their JSON parsed), every one of them. */
async function partValues(ex: Executor, hashes: readonly string[]): Promise<Map<string, unknown>> {
  const parts = await ex
    .select({ hash: analysisBundleParts.hash, content: analysisBundleParts.content })
    .from(analysisBundleParts)
    .where(equalsAnyText(analysisBundleParts.hash, hashes));
  const values = new Map<string, unknown>();
  for (const part of parts)
    values.set(part.hash, JSON.parse((await gunzipAsync(part.content)).toString('utf8')));
  const missing = hashes.filter((h) => !values.has(h));
  if (missing.length > 0) throw new BundlePartMissingError(missing);
  return values;
}

/**
 * The lists of a market window whose items may be references to parts of their own (decision
 * 0100: a window's series and rates, shared by the windows of every fund that holds them).
 */
export const WINDOW_PART_LISTS = ['series', 'fx'] as const;

/**
 * The lists of a part's value whose items may be references: a read's rows (decision 0091), a
 * window's series and rates (0100). A recorded row never holds a reference (the value codec
 * wraps an object with a `$part` key), so a row's lists are left as they are.
 */
function partLists(value: unknown): unknown[][] {
  if (Array.isArray(value)) return [value];
  const window = record(value);
  return window === null
    ? []
    : WINDOW_PART_LISTS.map((key) => window[key]).filter((list) => Array.isArray(list));
}

/** `value` with the references in its lists (partLists) put back from `rows`. */
function putBack(value: unknown, rows: ReadonlyMap<string, unknown>): unknown {
  const list = (items: readonly unknown[]) =>
    items.map((item) => (isBundlePartRef(item) ? rows.get(item[BUNDLE_PART_KEY]) : item));
  if (Array.isArray(value)) return list(value);
  const window = record(value);
  if (window === null) return value;
  const whole = { ...window }; // each list in its place: the keys keep their order
  for (const key of WINDOW_PART_LISTS) {
    const items = window[key];
    if (Array.isArray(items)) whole[key] = list(items);
  }
  return whole;
}

/**
 * The values of the parts `hashes`, the references in their lists put back (decisions 0091 and
 * 0100), level by level: the rows of a read and the series of a window are parts of one level,
 * which refer to none.
 */
async function wholeParts(ex: Executor, hashes: readonly string[]): Promise<Map<string, unknown>> {
  const values = await partValues(ex, hashes);
  const rowHashes = referenced([...values.values()].flatMap((value) => partLists(value).flat()));
  if (rowHashes.length === 0) return values;
  const rows = await wholeParts(ex, rowHashes);
  for (const [hash, value] of values) values.set(hash, putBack(value, rows));
  return values;
}

/**
 * The stored bundle of a run as its worker recorded it (parsed JSON, parts put back), or null
 * when the run has none.
 */
export async function readRunBundle(ex: Executor, runId: string): Promise<unknown> {
  const [row] = await ex
    .select({ content: analysisRunBundles.content })
    .from(analysisRunBundles)
    .where(eq(analysisRunBundles.runId, runId));
  if (!row) return null;
  const stored = JSON.parse((await gunzipAsync(row.content)).toString('utf8')) as unknown;
  const hashes = referenced(bundleSlots(stored));
  if (hashes.length === 0) return stored;
  const values = await wholeParts(ex, hashes);
  return replaceBundleSlots(stored as Record<string, unknown>, (value) =>
    isBundlePartRef(value) ? values.get(value[BUNDLE_PART_KEY]) : value,
  );
}

/** Which of these parts are stored already. */
export async function storedBundleParts(
  ex: Executor,
  hashes: readonly string[],
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await ex
    .select({ hash: analysisBundleParts.hash })
    .from(analysisBundleParts)
    .where(equalsAnyText(analysisBundleParts.hash, hashes));
  return new Set(rows.map((r) => r.hash));
}

export interface BundlePartToStore {
  readonly hash: string;
  /** gzip of the part's JSON text; null for a part found stored already. */
  readonly content: Buffer | null;
  readonly jsonBytes: number;
  /**
   * The parts that this part's rows refer to (decision 0091): stored with it, and listed in its
   * row, when it is new; a part found stored lists them already (none need be given).
   */
  readonly children?: readonly BundlePartToStore[];
}

/** Rows of one insert statement at most (each row's values are parameters: 65,535 at most). */
const INSERT_CHUNK = 4000;

function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK) out.push(values.slice(i, i + INSERT_CHUNK));
  return out;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A run's bundle as it is stored: its own row's content and the parts it refers to. */
export interface RunBundleToStore {
  /** gzip of the bundle's JSON text, the parts referenced. */
  readonly content: Buffer;
  /** Size of that JSON text, in bytes. */
  readonly jsonBytes: number;
  /** The parts the bundle refers to (with the content of those not stored yet). */
  readonly parts?: readonly BundlePartToStore[];
}

/**
 * The parts of `parts` to store: those not stored yet, with the not stored parts their rows refer
 * to, in hash order (storeNewBundleParts; none when every part was found stored).
 */
export function newBundleParts(parts: readonly BundlePartToStore[]): BundlePartToStore[] {
  const every = new Map<string, BundlePartToStore>();
  const add = (part: BundlePartToStore): void => {
    const known = every.get(part.hash);
    if (known && (known.content !== null || part.content === null)) return;
    every.set(part.hash, part);
    for (const child of part.children ?? []) add(child);
  };
  for (const part of parts) add(part);
  return [...every.values()]
    .filter((p) => p.content !== null)
    .sort((a, b) => byText(a.hash, b.hash));
}

/**
 * Stores `parts` (newBundleParts: not stored yet, in hash order), each listing the parts its rows
 * refer to; one stored meanwhile by another run is kept. In hash order, so that two runs storing
 * the same parts at once wait for each other instead of deadlocking. A row's part is listed by its
 * read's, not linked to the run: a link row per row and read cost the database more than the rows
 * saved (decision 0091). Then `runBundleWrites`, in the same transaction.
 */
export async function storeNewBundleParts(
  ex: Executor,
  parts: readonly BundlePartToStore[],
): Promise<void> {
  const raw = rawSqlExecutor(ex);
  for (const chunk of chunks(parts)) {
    // The statement's text written here: drizzle's builder took ~1 ms of the worker's main thread
    // for a statement of 34 parts (decision 0107), a night's 547 of them 0.4–0.6 s.
    const values: unknown[] = [];
    const rows = chunk.map((p) => {
      const n = values.push(
        p.hash,
        p.content!,
        p.jsonBytes,
        [...new Set((p.children ?? []).map((c) => c.hash))].sort(byText),
      );
      return `($${String(n - 3)}, $${String(n - 2)}, $${String(n - 1)}::int, $${String(n)}::text[])`;
    });
    await raw.executeSql(
      `INSERT INTO analysis_bundle_parts (hash, content, json_bytes, children) VALUES ${rows.join(', ')}
       ON CONFLICT (hash) DO NOTHING`,
      values,
    );
  }
}

/**
 * A run's bundle written by one statement with the run's own writes (decision 0098): common table
 * expressions for the run that the expression named `run` yields (an `id` column: the run's
 * update, RETURNING id), nothing when it yields none. They link the run to the bundle's parts
 * (stored already: storeNewBundleParts first; in hash order, as those) and store its own row,
 * replacing one an earlier attempt stored (the content, megabytes, is sent once).
 */
export function runBundleWrites(run: string, bundle: RunBundleToStore): SQL {
  const from = sql.identifier(run);
  const hashes = [...new Set((bundle.parts ?? []).map((p) => p.hash))].sort(byText);
  return sql`bundle_links AS (
      INSERT INTO ${analysisRunBundleParts} (run_id, hash)
      SELECT r.id, h.hash FROM ${from} r, unnest(${sql.param(hashes)}::text[]) WITH ORDINALITY AS h(hash, n)
      ORDER BY h.n
      ON CONFLICT DO NOTHING),
    bundle_row AS (
      INSERT INTO ${analysisRunBundles} (run_id, content, json_bytes)
      SELECT r.id, ${sql.param(bundle.content)}::bytea, ${bundle.jsonBytes}::int FROM ${from} r
      ON CONFLICT (run_id) DO UPDATE SET content = excluded.content, json_bytes = excluded.json_bytes)`;
}

/**
 * Deletes the parts that no run refers to and no kept part lists (decision 0091): a read's part
 * first, then the rows only it listed. Runs are never deleted by the application; this is for a
 * database whose runs were deleted by hand (and the night bench's earlier batches). Returns how
 * many parts went.
 */
export async function deleteUnreferencedBundleParts(ex: Executor): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await ex.execute(sql`
      WITH listed AS (SELECT DISTINCT unnest(children) AS hash FROM analysis_bundle_parts)
      DELETE FROM analysis_bundle_parts p
       WHERE NOT EXISTS (SELECT 1 FROM analysis_run_bundle_parts l WHERE l.hash = p.hash)
         AND NOT EXISTS (SELECT 1 FROM listed WHERE listed.hash = p.hash)`);
    const count = result.rowCount ?? 0;
    if (count === 0) return deleted;
    deleted += count;
  }
}
