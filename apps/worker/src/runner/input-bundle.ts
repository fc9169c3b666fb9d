// The input bundle of a run (decisions 0040 and 0041): the runner records every statement the
// handler runs (statement-recorder.ts); a scenario-based handler also records the holdings and
// market windows it priced and the evaluations it computed. The runner stores both,
// gzip-compressed, with the finished run.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type {
  BundleEvaluation,
  BundleMarket,
  BundlePosition,
  ScenarioBundleData,
  StoredBundle,
} from '@fonrisk/contracts';
import {
  bundlePartRef,
  bundleSlots,
  replaceBundleSlots,
  WINDOW_PART_LISTS,
  type BundlePartRef,
  type BundlePartToStore,
} from '@fonrisk/db';
import type { MarketData, PositionInput } from '@fonrisk/risk';
import { BUNDLE_GZIP_LEVEL, type GzipTexts } from './bundle-gzip.ts';
import { slicer, stringifySliced, type Stringify } from './slices.ts';

const gzipAsync = promisify(gzip);

/**
 * NaN (no value that day) becomes null in JSON. A plain loop: `Array.from` with a map function
 * took 7–8 times as long, ~1 s of the worker's main thread in a night batch.
 */
function nullable(values: Float64Array): (number | null)[] {
  const out = new Array<number | null>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    out[i] = Number.isNaN(v) ? null : v;
  }
  return out;
}

function bundlePosition(p: PositionInput): BundlePosition {
  return {
    instrumentCode: p.instrumentCode,
    instrumentName: p.instrumentName,
    mainType: p.mainType,
    currency: p.currency,
    nominalValue: p.nominalValue,
    valueTry: p.valueTry,
    maturityDate: p.maturityDate,
    ratePct: p.ratePct,
    modifiedDuration: p.modifiedDuration,
    terms: termsOf(p),
    mappingTicker: p.mappingTicker,
    underlyingTicker: p.underlyingTicker,
    underlyingIsFuture: p.underlyingIsFuture,
  };
}

/** Only the fields the pricer reads (the instrument master's other fields stay out). */
function termsOf(p: PositionInput): BundlePosition['terms'] {
  const t = p.terms;
  if (t === null) return null;
  switch (t.kind) {
    case 'bond':
      return {
        kind: 'bond',
        couponType: t.couponType,
        couponRatePct: t.couponRatePct,
        couponFrequency: t.couponFrequency,
        dayCount: t.dayCount,
        issueDate: t.issueDate,
        maturityDate: t.maturityDate,
      };
    case 'option':
      return {
        kind: 'option',
        underlying: t.underlying,
        strike: t.strike,
        expiryDate: t.expiryDate,
        optionType: t.optionType,
        contractSize: t.contractSize,
      };
    case 'future':
      return { kind: 'future', underlying: t.underlying, contractSize: t.contractSize };
    case 'fund':
      return {
        kind: 'fund',
        fundCategory: t.fundCategory ?? null,
        exposureCurrency: t.exposureCurrency ?? null,
      };
    case 'none':
      return { kind: 'none' };
  }
}

/** The bytes of a window's values, as they are in memory. */
function bytesOf(values: Float64Array): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}

/** A name of what `bundleMarket` writes of one series or rate: its fields and its values' bytes. */
function entryKey(kind: 'series' | 'fx', fields: readonly unknown[], values: Float64Array): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([...fields, values.length]))
    .update(bytesOf(values));
  return `${kind}\u0000${hash.digest('hex')}`;
}

/** The names of a window and of each of its series and rates, in bundleMarket's order. */
export interface WindowKeys {
  readonly window: string;
  readonly series: readonly string[];
  readonly fx: readonly string[];
}

/**
 * A name of everything `bundleMarket` writes of `market` (decision 0086), and of each series and
 * rate in it (decision 0100): SHA-256 of the fields as bundleMarket writes them and of the
 * values' bytes; the window's of its dates and its series' and rates' names. Equal names, equal
 * JSON; the hash is ~10x quicker than the JSON.
 */
export function windowKeys(market: MarketData): WindowKeys {
  const series = [...market.series.values()].map((s) =>
    entryKey('series', [s.ticker, s.kind, s.currency, s.tenorDays], s.values),
  );
  const fx = [...market.fx.entries()].map(([currency, values]) =>
    entryKey('fx', [currency], values),
  );
  const hash = createHash('sha256').update(JSON.stringify({ dates: market.dates, series, fx }));
  return { window: `window\u0000${hash.digest('hex')}`, series, fx };
}

/**
 * `fields` with `values` last: the values as recorded (NaN as null), a list made only when it is
 * first read, from a copy of the doubles taken now. A run whose window an earlier run made a part
 * of references that part, and each series a part of its own, by name (decisions 0086, 0100):
 * its lists were made and never read, some 0.8 GB of the worker's allocations in a night batch
 * (decision 0105).
 */
function withValues<T extends object>(
  fields: T,
  values: Float64Array,
): T & { readonly values: (number | null)[] } {
  const kept = values.slice();
  let list: (number | null)[] | null = null;
  return Object.defineProperty(fields, 'values', {
    enumerable: true,
    get: () => (list ??= nullable(kept)),
  }) as T & { readonly values: (number | null)[] };
}

export function bundleMarket(market: MarketData): BundleMarket {
  return {
    dates: [...market.dates],
    series: [...market.series.values()].map((s) =>
      withValues(
        { ticker: s.ticker, kind: s.kind, currency: s.currency, tenorDays: s.tenorDays },
        s.values,
      ),
    ),
    fx: [...market.fx.entries()].map(([currency, values]) => withValues({ currency }, values)),
  };
}

/**
 * Collects a scenario-based run's input bundle (contracts ScenarioBundleData). Each holdings
 * snapshot and each market window is recorded once, however often it is used.
 */
export class InputBundleRecorder {
  private readonly holdingsSeen = new Set<string>();
  private readonly holdings: ScenarioBundleData['holdings'] = [];
  private readonly marketIndex = new Map<MarketData, number>();
  private readonly markets: BundleMarket[] = [];
  /** The names of each recorded window and of its series and rates (windowKeys): part keys. */
  private readonly partKeys = new WeakMap<object, string>();
  private readonly evaluations: BundleEvaluation[] = [];
  private settingsRead: Record<string, unknown> | null = null;

  /** The holdings of a portfolio on a date, as priced. */
  recordHoldings(
    portfolioCode: string,
    date: string,
    navTry: number,
    positions: readonly PositionInput[],
  ): void {
    const key = `${portfolioCode}\u0000${date}`;
    if (this.holdingsSeen.has(key)) return;
    this.holdingsSeen.add(key);
    this.holdings.push({ portfolioCode, date, navTry, positions: positions.map(bundlePosition) });
  }

  /** A market window; returns its index in the bundle's `markets`. */
  recordMarket(market: MarketData): number {
    const known = this.marketIndex.get(market);
    if (known !== undefined) return known;
    const recorded = bundleMarket(market);
    const keys = windowKeys(market);
    this.partKeys.set(recorded, keys.window);
    recorded.series.forEach((entry, i) => this.partKeys.set(entry, keys.series[i]!));
    recorded.fx.forEach((entry, i) => this.partKeys.set(entry, keys.fx[i]!));
    const index = this.markets.push(recorded) - 1;
    this.marketIndex.set(market, index);
    return index;
  }

  /**
   * The key that names the content of a recorded window, or of one of its series or rates (the
   * bundle part memo's key, decisions 0086 and 0100), if it is one.
   */
  partKey(value: object): string | undefined {
    return this.partKeys.get(value);
  }

  recordSettings(settings: Record<string, unknown>): void {
    this.settingsRead = settings;
  }

  /** One VaR computation: the holdings of `portfolioCode` on `date` priced on `market`. */
  recordEvaluation(e: Omit<BundleEvaluation, 'market'> & { readonly market: MarketData }): void {
    this.evaluations.push({ ...e, market: this.recordMarket(e.market) });
  }

  /** Whether anything was recorded. */
  get isEmpty(): boolean {
    return this.holdings.length === 0 && this.markets.length === 0;
  }

  data(): ScenarioBundleData {
    return {
      holdings: this.holdings,
      markets: this.markets,
      settings: this.settingsRead,
      evaluations: this.evaluations,
    };
  }
}

/**
 * A value at a place of `bundleSlots` (a statement's rows, a market window) whose JSON reaches
 * this size is stored once as a part (decision 0086): a packed series read of the night's funds
 * is ~700 kB, a fund's holdings read ~50 kB, its market window ~480 kB; a setting is a few bytes.
 */
export const BUNDLE_PART_MIN_BYTES = 16 * 1024;

/** Fewer rows than this are never a part: their text is not made twice to find out. */
const PART_MIN_ROWS = 16;

/**
 * A row of a statement that the memo names (a packed series read's row of one ticker over one
 * window, decision 0091), or a series or rate of a market window (0100), is a part of its own
 * when its JSON reaches this size: ~2 kB is a ticker's values over some 120 days; a year's is
 * ~4 kB, five years' ~20 kB.
 */
export const ROW_PART_MIN_BYTES = 2 * 1024;

/** A part whose hash and JSON size are known (made by this run or an earlier one). */
export interface KnownPart {
  readonly hash: string;
  readonly jsonBytes: number;
}

/**
 * The parts that earlier runs of the process made of the same values (decision 0086). packBundle
 * asks before it makes a place's text, and tells what it made.
 */
export interface PartMemo {
  /** Whether the memo has a name for `value` (only a named row of a read is a part of its own). */
  named(value: object): boolean;
  known(value: object): KnownPart | undefined;
  learn(value: object, part: KnownPart): void;
}

/** Where the parts are kept (the worker's market-read cache). */
export interface PartStore {
  getPart(key: string): KnownPart | undefined;
  setPart(key: string, part: KnownPart): void;
}

/**
 * A memo over `store` for the values that `keyOf` names: a key must name one content only (a
 * market read's key: its statement, values and market-data version; windowKeys of a window).
 * Values without a key are neither known nor kept.
 */
export function partMemo(store: PartStore, keyOf: (value: object) => string | undefined): PartMemo {
  return {
    named(value) {
      return keyOf(value) !== undefined;
    },
    known(value) {
      const key = keyOf(value);
      return key === undefined ? undefined : store.getPart(key);
    },
    learn(value, part) {
      const key = keyOf(value);
      if (key !== undefined) store.setPart(key, part);
    },
  };
}

/** A large part of a packed bundle: its hash, and its JSON text (gzip'd only if not stored yet). */
export interface PackedBundlePart extends KnownPart {
  /** The part's JSON text; made again from the value when the memo named the part. */
  text(): Promise<string>;
  /** The parts its rows refer to (decision 0091); made again, too, when the memo named it. */
  children(): Promise<readonly PackedBundlePart[]>;
}

const NO_CHILDREN: () => Promise<readonly PackedBundlePart[]> = () => Promise.resolve([]);

/** A run's stored bundle: the gzip of its JSON with the large parts referenced, and the parts. */
export interface PackedBundle {
  readonly content: Buffer;
  readonly jsonBytes: number;
  readonly parts: readonly PackedBundlePart[];
  /** Places that stand as a part: named from the memo (no text made), and made here. */
  readonly placesNamed: number;
  readonly placesMade: number;
  /**
   * Rows of reads and series of windows that stand as parts of their own (decisions 0091, 0100):
   * named, and made here.
   */
  readonly rowsNamed: number;
  readonly rowsMade: number;
}

/**
 * A text of up to this many bytes is gzip'd on the spot (`gzipSync`), a larger one on libuv's
 * thread pool (decision 0103). The asynchronous call costs some 0.2–0.5 ms of CPU whatever the
 * text's size (a stream, a hand-off to the pool, a fresh compressor of ~256 kB), most of it on
 * the main thread; the night's ~15,000 parts are mostly rows of 2 to 16 kB, which gzipSync
 * compresses in 0.05–0.5 ms. The bytes are the same either way.
 */
export const GZIP_ON_THE_SPOT_MAX_BYTES = 16 * 1024;

/** The gzip of `text` (UTF-8) at BUNDLE_GZIP_LEVEL. */
export function gzipText(text: string): Promise<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= GZIP_ON_THE_SPOT_MAX_BYTES
    ? Promise.resolve(gzipSync(bytes, { level: BUNDLE_GZIP_LEVEL }))
    : gzipAsync(bytes, { level: BUNDLE_GZIP_LEVEL });
}

/**
 * {@link GzipTexts} in this thread, text by text (`gzipText`): for the CLI, the tests and the
 * benches. The worker's runner compresses a run's texts in one compute-pool task instead
 * (`gzipOnPool`, decision 0110); the bytes are the same.
 */
export const gzipHere: GzipTexts = (texts) => Promise.all(texts.map(gzipText));

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The JSON text of a place's value (a statement's rows at depth 3 of the bundle, a window at 2). */
function placeText(value: object, stringify: Stringify): Promise<string> {
  return stringify(value, Array.isArray(value) ? 3 : 2);
}

/** The JSON text of a place's value when it is large enough to be a part, else null. */
async function partText(value: object, stringify: Stringify): Promise<string | null> {
  if (Array.isArray(value) && value.length < PART_MIN_ROWS) return null;
  const text = await placeText(value, stringify);
  return text.length >= BUNDLE_PART_MIN_BYTES ? text : null;
}

/** The memo named a part that the value, made again, is not (or is no part at all). */
function misnamed(known: KnownPart): never {
  throw new Error(`girdi paketinin ${known.hash} parçası yeniden yazılınca aynı çıkmadı`);
}

/** A place's value made into a part: its text and the parts its rows refer to. */
interface MadePlace {
  readonly text: string;
  readonly children: readonly PackedBundlePart[];
  readonly rowsNamed: number;
  readonly rowsMade: number;
}

/** A part made here, whose text and children are at hand. */
function madePart(made: MadePlace): PackedBundlePart {
  return {
    hash: sha256(made.text),
    jsonBytes: Buffer.byteLength(made.text),
    text: () => Promise.resolve(made.text),
    children: () => Promise.resolve(made.children),
  };
}

/**
 * The part `known` of `value`, whose text (and children) `make` makes only if it is asked for
 * (not stored yet).
 */
function rememberedPart(known: KnownPart, make: () => Promise<MadePlace>): PackedBundlePart {
  let made: Promise<MadePlace> | null = null;
  const remade = (): Promise<MadePlace> =>
    (made ??= make().then((place) => {
      // The memo names a part by what was read; the text must still be the part's, to the byte.
      if (sha256(place.text) !== known.hash) misnamed(known);
      return place;
    }));
  return {
    ...known,
    text: async () => (await remade()).text,
    children: async () => (await remade()).children,
  };
}

/**
 * The rows of a read (or the series of a window) with each row the memo names (decisions 0091,
 * 0100) whose JSON reaches ROW_PART_MIN_BYTES in place as a reference to a part of its own; null
 * when no row is one.
 */
async function rowsWithParts(
  rows: readonly unknown[],
  memo: PartMemo,
): Promise<(Omit<MadePlace, 'text'> & { readonly list: unknown[] }) | null> {
  if (!rows.some((row) => typeof row === 'object' && row !== null && memo.named(row))) return null;
  const children = new Map<string, PackedBundlePart>();
  const list = new Array<unknown>(rows.length);
  const pause = slicer(10);
  let rowsNamed = 0;
  let rowsMade = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    list[i] = row;
    if (typeof row !== 'object' || row === null || !memo.named(row)) continue;
    const known = memo.known(row);
    let part: PackedBundlePart;
    if (known) {
      rowsNamed++;
      if (known.jsonBytes < ROW_PART_MIN_BYTES) continue;
      // A row lies deeper than where its statement's text is cut: JSON.stringify makes its text.
      part = rememberedPart(known, () =>
        Promise.resolve({ text: JSON.stringify(row), children: [], rowsNamed: 0, rowsMade: 0 }),
      );
    } else {
      rowsMade++;
      const text = JSON.stringify(row);
      const made = { hash: sha256(text), jsonBytes: Buffer.byteLength(text) };
      memo.learn(row, made);
      if (made.jsonBytes < ROW_PART_MIN_BYTES) continue;
      part = { ...made, text: () => Promise.resolve(text), children: NO_CHILDREN };
    }
    children.set(part.hash, part);
    list[i] = bundlePartRef(part.hash);
    const paused = (i & 15) === 15 ? pause() : null;
    if (paused) await paused;
  }
  return children.size === 0
    ? null
    : { list, children: [...children.values()], rowsNamed, rowsMade };
}

/**
 * A market window with each series and rate the memo names (decision 0100) whose JSON reaches
 * ROW_PART_MIN_BYTES in place as a reference to a part of its own, as a read's rows
 * (WINDOW_PART_LISTS); null when none is one.
 */
async function windowWithParts(
  window: Readonly<Record<string, unknown>>,
  memo: PartMemo,
): Promise<(Omit<MadePlace, 'text'> & { readonly value: object }) | null> {
  const value: Record<string, unknown> = { ...window };
  const children: PackedBundlePart[] = [];
  let rowsNamed = 0;
  let rowsMade = 0;
  for (const key of WINDOW_PART_LISTS) {
    const list = window[key];
    const made = Array.isArray(list) ? await rowsWithParts(list, memo) : null;
    if (made === null) continue;
    value[key] = made.list; // in its place: the window's keys keep their order
    children.push(...made.children);
    rowsNamed += made.rowsNamed;
    rowsMade += made.rowsMade;
  }
  return children.length === 0 ? null : { value, children, rowsNamed, rowsMade };
}

/**
 * A place's value as a part, or null when it stays in the bundle: a read whose rows are parts
 * of their own (decision 0091), or a window whose series are (0100), is always one; any other
 * value once its JSON is large enough.
 */
async function placePart(
  value: object,
  memo: PartMemo | null,
  stringify: Stringify,
): Promise<MadePlace | null> {
  if (Array.isArray(value) && memo !== null) {
    const rows = await rowsWithParts(value, memo);
    if (rows !== null) return { ...rows, text: await placeText(rows.list, stringify) };
  } else if (memo !== null && memo.named(value)) {
    const window = await windowWithParts(value as Readonly<Record<string, unknown>>, memo);
    if (window !== null) return { ...window, text: await placeText(window.value, stringify) };
  }
  const text = await partText(value, stringify);
  return text === null ? null : { text, children: [], rowsNamed: 0, rowsMade: 0 };
}

/**
 * The stored bundle (recorded statements and scenario data) as the runner stores it: each large
 * statement's rows and market window referenced by the SHA-256 of its JSON text (decision 0086),
 * a read's rows that earlier reads share each referenced by its own (decision 0091), the rest
 * gzip'd as one JSON text. A place whose part `memo` knows is referenced without making its
 * text. The parts are returned; `compressParts` gzips those not stored yet. The texts are made
 * by `stringify` (in slices by default: see RunnerDeps.stringify).
 */
export async function packBundle(
  stored: StoredBundle,
  memo: PartMemo | null = null,
  gzipAll: GzipTexts = gzipHere,
  stringify: Stringify = stringifySliced,
): Promise<PackedBundle> {
  const slots = bundleSlots(stored);
  const refs = new Array<BundlePartRef | null>(slots.length).fill(null);
  const parts = new Map<string, PackedBundlePart>();
  let placesNamed = 0;
  let placesMade = 0;
  let rowsNamed = 0;
  let rowsMade = 0;
  for (const [i, value] of slots.entries()) {
    if (typeof value !== 'object' || value === null) continue;
    const known = memo?.known(value);
    if (known) {
      parts.set(
        known.hash,
        rememberedPart(
          known,
          async () => (await placePart(value, memo, stringify)) ?? misnamed(known),
        ),
      );
      refs[i] = bundlePartRef(known.hash);
      placesNamed++;
      continue;
    }
    const made = await placePart(value, memo, stringify);
    if (made === null) continue;
    const part = madePart(made);
    // Its hash and size only: the memo outlives the run, the text must not.
    memo?.learn(value, { hash: part.hash, jsonBytes: part.jsonBytes });
    placesMade++;
    rowsNamed += made.rowsNamed;
    rowsMade += made.rowsMade;
    parts.set(part.hash, part);
    refs[i] = bundlePartRef(part.hash);
  }
  const packed = replaceBundleSlots(stored, (value, i) => refs[i] ?? value);
  // In slices on the main thread: a large batch run's bundle held it for seconds (decision 0075).
  const json = await stringify(packed, 0);
  const [content] = await gzipAll([json]);
  return {
    content: content!,
    jsonBytes: Buffer.byteLength(json),
    parts: [...parts.values()],
    placesNamed,
    placesMade,
    rowsNamed,
    rowsMade,
  };
}

/**
 * The parts to store with the run: gzip'd unless `storedOf` (the hashes already in the
 * database) has them, each new part with the parts its rows refer to (decision 0091), which are
 * asked for only then. Every new text is compressed once (a row that two of the run's reads
 * hold), all of them in one call of `gzipAll`.
 */
export async function compressParts(
  parts: readonly PackedBundlePart[],
  storedOf: (hashes: readonly string[]) => Promise<ReadonlySet<string>>,
  gzipAll: GzipTexts = gzipHere,
): Promise<BundlePartToStore[]> {
  const stored = await storedOf(parts.map((p) => p.hash));
  const fresh = parts.filter((p) => !stored.has(p.hash));
  const childrenOf = new Map(
    await Promise.all(fresh.map(async (p) => [p.hash, await p.children()] as const)),
  );
  const rows = new Map<string, PackedBundlePart>();
  for (const list of childrenOf.values()) for (const row of list) rows.set(row.hash, row);
  const rowsStored = rows.size === 0 ? new Set<string>() : await storedOf([...rows.keys()]);
  const toZip = new Map<string, PackedBundlePart>();
  for (const row of rows.values()) if (!rowsStored.has(row.hash)) toZip.set(row.hash, row);
  for (const part of fresh) toZip.set(part.hash, part);
  const zipped = await gzipAll(await Promise.all([...toZip.values()].map((p) => p.text())));
  const contentOf = new Map([...toZip.keys()].map((hash, i) => [hash, zipped[i]!] as const));
  const rowParts = new Map(
    [...rows.values()].map((row) => [
      row.hash,
      {
        hash: row.hash,
        content: rowsStored.has(row.hash) ? null : contentOf.get(row.hash)!,
        jsonBytes: row.jsonBytes,
      },
    ]),
  );
  return parts.map((part) => ({
    hash: part.hash,
    content: stored.has(part.hash) ? null : contentOf.get(part.hash)!,
    jsonBytes: part.jsonBytes,
    children: (childrenOf.get(part.hash) ?? []).map((row) => rowParts.get(row.hash)!),
  }));
}
