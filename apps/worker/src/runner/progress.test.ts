import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressThrottle } from './progress.ts';

/** A throttle over a fake clock whose writes are kept, in order. */
function recorded(minIntervalMs: number) {
  const writes: Array<[number, string]> = [];
  const throttle = createProgressThrottle(
    (f, m) => {
      writes.push([f, m]);
      return Promise.resolve();
    },
    minIntervalMs,
    () => Date.now(),
  );
  return { throttle, writes, fractions: () => writes.map(([f]) => f) };
}

describe('progress throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes nothing in the first half second, then at most twice a second, and ends with the latest report', async () => {
    const { throttle, writes } = recorded(500);
    for (let i = 1; i <= 10; i++) {
      await throttle.report(i / 10, `adım ${i}`);
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(500);
    expect(
      writes.length,
      'ten reports over one second give at most two writes',
    ).toBeLessThanOrEqual(2);
    expect(writes[0], 'the report held when the first half second ended').toEqual([0.5, 'adım 5']);
    expect(writes.at(-1)).toEqual([1, 'adım 10']);
  });

  it('writes no progress for a run that ends within the first interval', async () => {
    const { throttle, writes } = recorded(500);
    await throttle.report(0.3, 'a');
    await vi.advanceTimersByTimeAsync(200);
    throttle.cancel(); // the run ended: its end writes its state
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toEqual([]);
  });

  it('flush writes a held report at once and cancel drops it', async () => {
    const { throttle, fractions } = recorded(500);
    await throttle.report(0.2, 'a');
    await throttle.report(0.4, 'b');
    await throttle.flush();
    expect(fractions(), 'the latest held report').toEqual([0.4]);
    await throttle.report(0.6, 'c');
    throttle.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fractions()).toEqual([0.4]);
  });

  it('clamps fractions into 0..1', async () => {
    const { throttle, fractions } = recorded(0);
    await throttle.report(1.7, 'x');
    await throttle.report(Number.NaN, 'y');
    expect(fractions()).toEqual([1, 0]);
  });
});
