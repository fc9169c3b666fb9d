// Lossless JSON for the values a SQL statement sends and the rows it answers (decision 0041).
// A finite double survives JSON.stringify/parse exactly; what JSON cannot hold is tagged as
// `{ "$t": kind, "v": ... }`: a Date (its time value), bytes (base64), NaN, ±Infinity and -0,
// a bigint (decimal text) and undefined. A plain object that itself has a "$t" key is wrapped as
// `{ "$t": "object", "v": {...} }` so that decoding never mistakes data for a tag, and so is one
// with a "$part" key, so that no recorded row is taken for a bundle part's reference.

import { BUNDLE_PART_KEY } from '@fonrisk/db';

type Tagged =
  | { readonly $t: 'date'; readonly v: number | null }
  | { readonly $t: 'bytes'; readonly v: string }
  | { readonly $t: 'number'; readonly v: 'NaN' | 'Infinity' | '-Infinity' | '-0' }
  | { readonly $t: 'bigint'; readonly v: string }
  | { readonly $t: 'undefined' }
  | { readonly $t: 'object'; readonly v: Record<string, unknown> };

function encodeNumber(n: number): unknown {
  if (Number.isNaN(n)) return { $t: 'number', v: 'NaN' } satisfies Tagged;
  if (n === Infinity) return { $t: 'number', v: 'Infinity' } satisfies Tagged;
  if (n === -Infinity) return { $t: 'number', v: '-Infinity' } satisfies Tagged;
  if (Object.is(n, -0)) return { $t: 'number', v: '-0' } satisfies Tagged;
  return n;
}

function encodeObject(value: object): unknown {
  if (value instanceof Date) {
    const time = value.getTime();
    return { $t: 'date', v: Number.isNaN(time) ? null : time } satisfies Tagged;
  }
  if (Buffer.isBuffer(value) || value instanceof Uint8Array)
    return {
      $t: 'bytes',
      v: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64'),
    } satisfies Tagged;
  if (Array.isArray(value)) return value.map(encodeValue);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = encodeValue(v);
  // Nor for a reference to a bundle part (a row that is a part of its own, decision 0091).
  return Object.hasOwn(out, '$t') || Object.hasOwn(out, BUNDLE_PART_KEY)
    ? ({ $t: 'object', v: out } satisfies Tagged)
    : out;
}

/** A JSON-safe form of `value` that decodeValue turns back into the same value. */
export function encodeValue(value: unknown): unknown {
  switch (typeof value) {
    case 'number':
      return encodeNumber(value);
    case 'bigint':
      return { $t: 'bigint', v: value.toString() } satisfies Tagged;
    case 'undefined':
      return { $t: 'undefined' } satisfies Tagged;
    case 'object':
      return value === null ? null : encodeObject(value);
    case 'string':
    case 'boolean':
      return value;
    case 'function':
    case 'symbol':
      throw new Error(`kaydedilemeyen değer türü: ${typeof value}`);
  }
}

const NUMBERS: Readonly<Record<string, number>> = {
  NaN: NaN,
  Infinity: Infinity,
  '-Infinity': -Infinity,
  '-0': -0,
};

function decodeTagged(tagged: Record<string, unknown>): unknown {
  const v = tagged.v;
  switch (tagged.$t) {
    case 'date':
      return new Date(typeof v === 'number' ? v : NaN);
    case 'bytes':
      return Buffer.from(String(v), 'base64');
    case 'number': {
      const n = NUMBERS[String(v)];
      if (n === undefined) throw new Error(`bilinmeyen sayı etiketi: ${String(v)}`);
      return n;
    }
    case 'bigint':
      return BigInt(String(v));
    case 'undefined':
      return undefined;
    case 'object':
      return decodeObject(v as Record<string, unknown>);
    default:
      throw new Error(`bilinmeyen değer etiketi: ${String(tagged.$t)}`);
  }
}

function decodeObject(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = decodeValue(v);
  return out;
}

/** The value encodeValue was given. */
export function decodeValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(decodeValue);
  const record = value as Record<string, unknown>;
  return Object.hasOwn(record, '$t') ? decodeTagged(record) : decodeObject(record);
}
