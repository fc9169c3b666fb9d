import { afterAll, describe, expect, it } from 'vitest';
import { sampleLoopLag } from './loop-lag.ts';

describe('event-loop lag sampler (decision 0075)', () => {
  const sampler = sampleLoopLag(10, 30);
  afterAll(() => sampler.stop());

  it('reports a block of the main thread in the windows that overlap it, not in others', async () => {
    await new Promise((r) => setTimeout(r, 50));
    const before = Date.now();
    const end = before + 250;
    while (Date.now() < end); // the main thread held for 250 ms, as a long synchronous step does
    await new Promise((r) => setTimeout(r, 50));
    const after = Date.now();
    expect(sampler.maxBetween(before, after)).toBeGreaterThanOrEqual(200);
    expect(
      sampler.maxBetween(before + 100, before + 120),
      'a window inside the block',
    ).toBeGreaterThanOrEqual(200);
    expect(sampler.maxBetween(before - 10_000, before - 5_000)).toBe(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(sampler.maxBetween(Date.now() - 60, Date.now()), 'no block since').toBe(0);
  });
});
