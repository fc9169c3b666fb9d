// Decision 0121: one full collection after imports that end together, none without --expose-gc.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseHeapSoon } from './release-heap.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('releaseHeapSoon', () => {
  const exposed = globalThis.gc;
  afterEach(() => {
    globalThis.gc = exposed;
  });

  it('collects once on the next turn, however many imports ended in this one', async () => {
    const gc = vi.fn();
    globalThis.gc = gc;
    releaseHeapSoon();
    releaseHeapSoon();
    expect(gc).not.toHaveBeenCalled();
    await turn();
    expect(gc).toHaveBeenCalledTimes(1);
    releaseHeapSoon();
    await turn();
    expect(gc).toHaveBeenCalledTimes(2);
  });

  it('does nothing where gc() is not exposed', async () => {
    globalThis.gc = undefined;
    expect(() => releaseHeapSoon()).not.toThrow();
    await turn();
  });
});
