import { randomBytes } from 'node:crypto';
import { constants, crc32, deflateRawSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, gzipAround, type DeflatedText } from './gzip-splice.ts';

function deflated(text: string): DeflatedText {
  const utf8 = Buffer.from(text, 'utf8');
  return {
    deflated: deflateRawSync(utf8, { finishFlush: constants.Z_SYNC_FLUSH }),
    crc32: crc32(utf8),
    bytes: utf8.length,
  };
}

describe('crc32Combine', () => {
  it("equals zlib's CRC-32 of the joined bytes, for lengths from 0 to over a megabyte", () => {
    for (const [a, b] of [
      [0, 0],
      [5, 0],
      [0, 7],
      [1, 1],
      [13, 255],
      [1000, 4096],
      [3, 1_048_583],
    ] as const) {
      const left = randomBytes(a);
      const right = randomBytes(b);
      expect(crc32Combine(crc32(left), crc32(right), b), `${a}+${b}`).toBe(
        crc32(Buffer.concat([left, right])),
      );
    }
  });

  it('matches the check value of CRC-32 ("123456789" -> cbf43926, RFC 3385 / zlib)', () => {
    const crc = crc32Combine(crc32('1234'), crc32('56789'), 5);
    expect(crc.toString(16)).toBe('cbf43926');
  });
});

describe('gzipAround', () => {
  it('is one gzip member that any gzip reader takes back to the three texts joined', () => {
    const result = JSON.stringify({
      rows: Array.from({ length: 5000 }, (_, i) => ({ code: `ŞİRKET-${i}`, value: i * 1.5 })),
    });
    const before = '{"id":"ç","status":"done","result":';
    const body = gzipAround(before, deflated(result), '}');
    // gunzip checks the trailer's CRC-32 and length too.
    const text = gunzipSync(body).toString('utf8');
    expect(text).toBe(`${before}${result}}`);
    expect(JSON.parse(text)).toMatchObject({ id: 'ç', result: { rows: { length: 5000 } } });
    expect(body.length).toBeLessThan(Buffer.byteLength(text) / 5);
  });

  it('takes an empty text between the parts', () => {
    expect(gunzipSync(gzipAround('[', deflated(''), ']')).toString()).toBe('[]');
  });
});
