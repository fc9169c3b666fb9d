import { describe, expect, it } from 'vitest';
import { createBusyCounter } from './busy.ts';

describe('busy counter', () => {
  it('stays busy while overlapping calls are in flight and never goes below zero', () => {
    const counter = createBusyCounter();
    counter.begin();
    counter.begin();
    counter.end();
    expect(counter.count(), 'one call still running').toBe(1);
    counter.end();
    counter.end();
    expect(counter.count()).toBe(0);
  });
});
