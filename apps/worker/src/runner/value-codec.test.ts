import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBundlePartRef } from '@fonrisk/db';
import { decodeValue, encodeValue } from './value-codec.ts';

/** Through the JSON text the bundle is stored as. */
const roundTrip = (value: unknown) => decodeValue(JSON.parse(JSON.stringify(encodeValue(value))));

describe('lossless value codec of recorded statements', () => {
  it('keeps what JSON cannot hold: dates, bytes, NaN, ±Infinity, -0, bigint, undefined', () => {
    const value = {
      at: new Date('2025-01-02T03:04:05.678Z'),
      invalid: new Date(NaN),
      bytes: Buffer.from([0, 1, 254, 255]),
      nan: NaN,
      inf: Infinity,
      ninf: -Infinity,
      negZero: -0,
      big: 12345678901234567890n,
      missing: undefined,
      nested: [1.1, null, 'x', true, [-0]],
    };
    const back = roundTrip(value) as typeof value;
    expect(back.at).toBeInstanceOf(Date);
    expect(back.at.getTime()).toBe(value.at.getTime());
    expect(Number.isNaN(back.invalid.getTime())).toBe(true);
    expect(Buffer.isBuffer(back.bytes) && back.bytes.equals(value.bytes)).toBe(true);
    expect(back.nan).toBeNaN();
    expect(back.inf).toBe(Infinity);
    expect(back.ninf).toBe(-Infinity);
    expect(Object.is(back.negZero, -0)).toBe(true);
    expect(back.big).toBe(value.big);
    expect(Object.keys(back)).toContain('missing');
    expect(back.missing).toBeUndefined();
    expect(Object.is((back.nested[4] as number[])[0], -0)).toBe(true);
    expect(back.nested.slice(0, 4)).toEqual([1.1, null, 'x', true]);
  });

  it('does not mistake data with a "$t" key for a tag', () => {
    const value = { $t: 'date', v: 5, inner: { $t: 'number', v: 'NaN' } };
    expect(roundTrip(value)).toEqual(value);
  });

  it('never records a row that reads as a bundle part reference (decision 0091)', () => {
    const row = { $part: 'a'.repeat(64) };
    expect(isBundlePartRef(encodeValue(row))).toBe(false);
    expect(roundTrip([row])).toEqual([row]);
  });

  it('gives every double back with the same bits', () => {
    fc.assert(
      fc.property(fc.array(fc.double()), (values) => {
        const back = roundTrip(values) as number[];
        expect(back.length).toBe(values.length);
        values.forEach((v, i) => expect(Object.is(back[i], v)).toBe(true));
      }),
    );
  });

  it('refuses a value it cannot record, in Turkish', () => {
    expect(() => encodeValue(() => 1)).toThrow('kaydedilemeyen değer türü: function');
    expect(() => decodeValue({ $t: 'number', v: 'x' })).toThrow('bilinmeyen sayı etiketi');
    expect(() => decodeValue({ $t: 'tuhaf' })).toThrow('bilinmeyen değer etiketi');
  });
});
