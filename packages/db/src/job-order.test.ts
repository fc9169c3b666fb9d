import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobIdSequence, nextJobId } from './job-order.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('job ids in the order they are made (decision 0079)', () => {
  it('are UUID version 7 (RFC 9562) carrying the clock in their first 48 bits', () => {
    const id = createJobIdSequence(() => 0x0190_1234_5678)();
    expect(id).toMatch(UUID_V7);
    expect(id.replace(/-/g, '').slice(0, 12)).toBe('019012345678');
  });

  it('increase within one millisecond, also past the 4,096 of its counter, and when the clock goes back', () => {
    let clock = 1_700_000_000_000;
    const next = createJobIdSequence(() => clock);
    const ids: string[] = [];
    for (let i = 0; i < 10_000; i++) ids.push(next());
    clock -= 5_000; // a clock set back must not send later jobs ahead of earlier ones
    for (let i = 0; i < 100; i++) ids.push(next());
    clock += 60_000;
    ids.push(next());
    for (const id of ids) expect(id).toMatch(UUID_V7);
    for (let i = 1; i < ids.length; i++)
      expect(ids[i]! > ids[i - 1]!, `id ${String(i)}`).toBe(true);
  });

  describe('in PostgreSQL', () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase();
    });
    afterAll(async () => {
      await t.drop();
    });

    it('sort as uuids in the order they were made (pg-boss takes jobs by created_on, id)', async () => {
      const ids = Array.from({ length: 2_000 }, () => nextJobId());
      const shuffled = [...ids].sort(() => Math.random() - 0.5);
      const { rows } = await t.pool.query<{ id: string }>(
        'SELECT id::text FROM unnest($1::uuid[]) AS u(id) ORDER BY id',
        [shuffled],
      );
      expect(rows.map((r) => r.id)).toEqual(ids);
    });
  });
});
