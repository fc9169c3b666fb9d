// The input bundle of a run (decisions 0040 and 0041): the runner records every statement the
// handler runs (statement-recorder.ts); a scenario-based handler also records the holdings and
// market windows it priced and the evaluations it computed. The runner stores both,
// gzip-compressed, with the finished run.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
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
  type BundlePartRef,
  type BundlePartToStore,
} from '@fonrisk/db';
import type { MarketData, PositionInput } from '@fonrisk/risk';
import { stringifyInSlices } from './slices.ts';

const gzipAsync = promisify(gzip);

/**
 * zlib's fastest level: on the night's bundles (1.3–3.6 MB of JSON) 2.1–2.4x faster than the
 * default level 6, for 6–13 % more bytes (decision 0077). Any level reads back the same.
 */
const BUNDLE_GZIP_LEVEL = 1;

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

/**
 * A name of everything `bundleMarket` writes of `market`: the SHA-256 of its dates and series
 * (each field as bundleMarket writes it) and of its values' bytes. Equal names, equal JSON; the
 * hash is ~10x quicker than the JSON of a window (decision 0086).
 */
export function windowKey(market: MarketData): string {
  const series = [...market.series.values()];
  const fx = [...market.fx.entries()];
  const hash = createHash('sha256').update(
    JSON.stringify({
      dates: market.dates,
      series: series.map((s) => ({
        ticker: s.ticker,
        kind: s.kind,
        currency: s.currency,
        tenorDays: s.tenorDays,
        days: s.values.length,
      })),
      fx: fx.map(([currency, values]) => ({ currency, days: values.length })),
    }),
  );
  for (const s of series) hash.update(bytesOf(s.values));
  for (const [, values] of fx) hash.update(bytesOf(values));
  return `window\u0000${hash.digest('hex')}`;
}

export function bundleMarket(market: MarketData): BundleMarket {
  return {
    dates: [...market.dates],
    series: [...market.series.values()].map((s) => ({
      ticker: s.ticker,
      kind: s.kind,
      currency: s.currency,
      tenorDays: s.tenorDays,
      values: nullable(s.values),
    })),
    fx: [...market.fx.entries()].map(([currency, values]) => ({
      currency,
      values: nullable(values),
    })),
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
  /** Each recorded window's windowKey: its bundle part's key (decision 0086). */
  private readonly windowKeys = new WeakMap<object, string>();
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
    this.windowKeys.set(recorded, windowKey(market));
    const index = this.markets.push(recorded) - 1;
    this.marketIndex.set(market, index);
    return index;
  }

  /** The key that names a recorded window's content (the bundle part memo's key), if it is one. */
  windowKey(value: object): string | undefined {
    return this.windowKeys.get(value);
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
 * market read's key: its statement, values and market-data version; a window's windowKey).
 * Values without a key are neither known nor kept.
 */
export function partMemo(store: PartStore, keyOf: (value: object) => string | undefined): PartMemo {
  return {
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
}

/** A run's stored bundle: the gzip of its JSON with the large parts referenced, and the parts. */
export interface PackedBundle {
  readonly content: Buffer;
  readonly jsonBytes: number;
  readonly parts: readonly PackedBundlePart[];
  /** Places that stand as a part: named from the memo (no text made), and made here. */
  readonly placesNamed: number;
  readonly placesMade: number;
}

function gzipText(text: string): Promise<Buffer> {
  return gzipAsync(Buffer.from(text, 'utf8'), { level: BUNDLE_GZIP_LEVEL });
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The JSON text of a place's value (a statement's rows at depth 3 of the bundle, a window at 2). */
function placeText(value: object): Promise<string> {
  return stringifyInSlices(value, 10, Array.isArray(value) ? 3 : 2);
}

/** The JSON text of a place's value when it is large enough to be a part, else null. */
async function partText(value: object): Promise<string | null> {
  if (Array.isArray(value) && value.length < PART_MIN_ROWS) return null;
  const text = await placeText(value);
  return text.length >= BUNDLE_PART_MIN_BYTES ? text : null;
}

/** The part `known` of `value`, whose text is made only if it is asked for (not stored yet). */
function rememberedPart(value: object, known: KnownPart): PackedBundlePart {
  return {
    ...known,
    async text() {
      const text = await placeText(value);
      // The memo names a part by what was read; the text must still be the part's, to the byte.
      if (sha256(text) !== known.hash)
        throw new Error(`girdi paketinin ${known.hash} parçası yeniden yazılınca aynı çıkmadı`);
      return text;
    },
  };
}

/**
 * The stored bundle (recorded statements and scenario data) as the runner stores it: each large
 * statement's rows and market window referenced by the SHA-256 of its JSON text (decision 0086),
 * the rest gzip'd as one JSON text. A place whose part `memo` knows is referenced without making
 * its text. The parts are returned; `compressParts` gzips those not stored yet.
 */
export async function packBundle(
  stored: StoredBundle,
  memo: PartMemo | null = null,
): Promise<PackedBundle> {
  const slots = bundleSlots(stored);
  const refs = new Array<BundlePartRef | null>(slots.length).fill(null);
  const parts = new Map<string, PackedBundlePart>();
  let placesNamed = 0;
  let placesMade = 0;
  for (const [i, value] of slots.entries()) {
    if (typeof value !== 'object' || value === null) continue;
    const known = memo?.known(value);
    if (known) {
      parts.set(known.hash, rememberedPart(value, known));
      refs[i] = bundlePartRef(known.hash);
      placesNamed++;
      continue;
    }
    const text = await partText(value);
    if (text === null) continue;
    const part = { hash: sha256(text), jsonBytes: Buffer.byteLength(text) };
    memo?.learn(value, part);
    placesMade++;
    parts.set(part.hash, { ...part, text: () => Promise.resolve(text) });
    refs[i] = bundlePartRef(part.hash);
  }
  const packed = replaceBundleSlots(stored, (value, i) => refs[i] ?? value);
  // In slices: a large batch run's bundle held the main thread for seconds (decision 0075).
  const json = await stringifyInSlices(packed);
  return {
    content: await gzipText(json),
    jsonBytes: Buffer.byteLength(json),
    parts: [...parts.values()],
    placesNamed,
    placesMade,
  };
}

/** The parts to store with the run: gzip'd unless `stored` (already in the database) has them. */
export async function compressParts(
  parts: readonly PackedBundlePart[],
  stored: ReadonlySet<string>,
): Promise<BundlePartToStore[]> {
  return Promise.all(
    parts.map(async (part) => ({
      hash: part.hash,
      content: stored.has(part.hash) ? null : await gzipText(await part.text()),
      jsonBytes: part.jsonBytes,
    })),
  );
}
