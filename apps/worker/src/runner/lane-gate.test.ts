import { describe, expect, it } from 'vitest';
import { createLaneGate } from './lane-gate.ts';

const settled = async (promise: Promise<void>, withinMs: number): Promise<boolean> =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), withinMs)),
  ]);

describe('lane gate: batch work waits while users run (decision 0075)', () => {
  it('lets batch work through at once when no user run is in progress', async () => {
    const gate = createLaneGate();
    expect(await settled(gate.clear(), 5)).toBe(true);
  });

  it('tells each change of the users in progress, once per start and end (decision 0112)', () => {
    const told: number[] = [];
    const gate = createLaneGate(undefined, (active) => told.push(active));
    const leaveFirst = gate.enter();
    const leaveSecond = gate.enter();
    leaveFirst();
    leaveFirst();
    leaveSecond();
    expect(told).toEqual([1, 2, 1, 0]);
  });

  it('holds batch work until the last user run in progress ends', async () => {
    const gate = createLaneGate();
    const leaveFirst = gate.enter();
    const leaveSecond = gate.enter();
    expect(gate.active).toBe(2);
    const waiting = gate.clear();
    expect(await settled(waiting, 50)).toBe(false);
    leaveFirst();
    leaveFirst(); // ending twice counts once
    expect(gate.active).toBe(1);
    expect(await settled(waiting, 50)).toBe(false);
    leaveSecond();
    expect(gate.active).toBe(0);
    expect(await settled(waiting, 50)).toBe(true);
  });

  it('holds batch work at most maxWaitMs, so a stream of user runs slows the batch but never stops it', async () => {
    const gate = createLaneGate(80);
    gate.enter();
    const started = Date.now();
    await gate.clear();
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    expect(gate.active).toBe(1);
  });
});
