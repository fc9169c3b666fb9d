// Input bundles with their large parts stored once (docs/decisions/0086-bundle-parts-stored-once.md).
// A run's stored bundle (contracts StoredBundle, gzip JSON in analysis_run_bundles) may hold, in
// place of a statement's rows or of a market window, a reference `{ "$part": "<sha-256>" }` to a
// row of analysis_bundle_parts (gzip of that value's JSON text). The worker writes references
// (apps/worker runner/input-bundle.ts); `readRunBundle` puts the values back, so that what the
// API serves is the bundle as the run recorded it.
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
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
  const hashes = [
    ...new Set(
      bundleSlots(stored)
        .filter(isBundlePartRef)
        .map((ref) => ref[BUNDLE_PART_KEY]),
    ),
  ];
  if (hashes.length === 0) return stored;
  const parts = await ex
    .select({ hash: analysisBundleParts.hash, content: analysisBundleParts.content })
    .from(analysisBundleParts)
    .where(inArray(analysisBundleParts.hash, hashes));
  const values = new Map<string, unknown>();
  for (const part of parts)
    values.set(part.hash, JSON.parse((await gunzipAsync(part.content)).toString('utf8')));
  const missing = hashes.filter((h) => !values.has(h));
  if (missing.length > 0) throw new BundlePartMissingError(missing);
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
    .where(inArray(analysisBundleParts.hash, [...hashes]));
  return new Set(rows.map((r) => r.hash));
}

export interface BundlePartToStore {
  readonly hash: string;
  /** gzip of the part's JSON text; null for a part found stored already. */
  readonly content: Buffer | null;
  readonly jsonBytes: number;
}

/**
 * Stores a run's parts (those not stored yet; one stored meanwhile by another run is kept) and
 * links the run to all of them. In hash order, so that two runs storing the same parts at once
 * wait for each other instead of deadlocking.
 */
export async function linkBundleParts(
  ex: Executor,
  runId: string,
  parts: readonly BundlePartToStore[],
): Promise<void> {
  if (parts.length === 0) return;
  const sorted = [...new Map(parts.map((p) => [p.hash, p])).values()].sort((a, b) =>
    a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0,
  );
  const fresh = sorted.filter((p) => p.content !== null);
  if (fresh.length > 0)
    await ex
      .insert(analysisBundleParts)
      .values(fresh.map((p) => ({ hash: p.hash, content: p.content!, jsonBytes: p.jsonBytes })))
      .onConflictDoNothing({ target: analysisBundleParts.hash });
  await ex
    .insert(analysisRunBundleParts)
    .values(sorted.map((p) => ({ runId, hash: p.hash })))
    .onConflictDoNothing();
}
