import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createComputePool } from '../pool/compute-pool.ts';
import { gzipOnPool, gzipTexts, GZIP_TASKS, unpackGzips } from './bundle-gzip.ts';
import { gzipText } from './input-bundle.ts';

// Texts of the sizes a run compresses: none, a few bytes, Turkish letters (two bytes each), and
// past the 16 kB that gzipText compresses on the spot (decision 0103).
const TEXTS = [
  '',
  '{}',
  '{"ad":"Şişe Cam","değer":12.5}',
  JSON.stringify(Array.from({ length: 3000 }, (_, i) => ({ gün: i, değer: i / 7 }))),
];

const pool = createComputePool(1);
afterAll(() => pool.close());

describe('the gzip of a run’s bundle texts (decision 0110)', () => {
  it('packs each text’s gzip, the bytes of gzipText, end to end in a buffer of its own', async () => {
    const packed = gzipTexts(TEXTS);
    // Its own buffer, so that it moves out of a compute thread instead of being copied.
    expect(packed.bytes.byteOffset).toBe(0);
    expect(packed.bytes.buffer.byteLength).toBe(packed.bytes.length);
    const zipped = unpackGzips(packed);
    expect(zipped).toHaveLength(TEXTS.length);
    for (const [i, text] of TEXTS.entries()) {
      expect(zipped[i]!.equals(await gzipText(text)), `text ${String(i)}`).toBe(true);
      expect(gunzipSync(zipped[i]!).toString('utf8')).toBe(text);
    }
    expect(unpackGzips(gzipTexts([]))).toEqual([]);
  });

  it('compresses all of a run’s texts in one task of the compute pool, the same bytes', async () => {
    const tasks: string[] = [];
    const counting = {
      run: ((task, args, options) => {
        tasks.push(`${task.key}${options?.urgent ? ' (urgent)' : ''}`);
        return pool.run(task, args, options);
      }) as typeof pool.run,
    };
    const zipped = await gzipOnPool(counting)(TEXTS);
    // Urgent for every run: ahead of the compute tasks waiting (decision 0110).
    expect(tasks).toEqual([`${GZIP_TASKS.gzipTexts.key} (urgent)`]);
    for (const [i, text] of TEXTS.entries())
      expect(zipped[i]!.equals(await gzipText(text)), `text ${String(i)}`).toBe(true);
    expect(await gzipOnPool(counting)([])).toEqual([]);
    expect(tasks, 'no task for no text').toHaveLength(1);
  });
});
