import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blogPosts,
  demoSteps,
  indexConstituents,
  portfolioFeeRates,
  tefasFunds,
  users,
} from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { DEMO_STEPS, loadDemoData } from './index.ts';
import { runDemoSteps } from './demo-steps.ts';

describe('demo data loader', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('loads the five users, four posts and the demo market once, however often it runs', async () => {
    expect(await loadDemoData(database.db)).toEqual(DEMO_STEPS.map((s) => s.name));
    expect(await loadDemoData(database.db), 'second start runs nothing').toEqual([]);
    expect(await database.db.select().from(users)).toHaveLength(5);
    expect(await database.db.select().from(blogPosts)).toHaveLength(4);
    const fees = await database.db.select().from(portfolioFeeRates);
    expect(
      fees.find((f) => f.portfolioCode === 'DHS'),
      "the equity fund's fee rate is stored for the gross-of-fee add-back",
    ).toMatchObject({ annualFeeRatePct: 2.5, isDemo: true });
    const list = await database.db.select().from(tefasFunds);
    expect(list.length, 'the stored TEFAS fund list offers the demo funds').toBeGreaterThan(10);
    expect(list.every((f) => f.isDemo && f.title.includes('Demo verisi'))).toBe(true);
    const constituents = await database.db.select().from(indexConstituents);
    expect(constituents.filter((c) => c.indexTicker === 'XU100')).toHaveLength(40);
    expect((await database.db.select().from(demoSteps)).map((s) => s.name).sort()).toEqual([
      'blog-posts-v1',
      'customer-cash-flows-v1',
      'fee-rates-v1',
      'index-constituents-v1',
      'market-and-portfolios-v1',
      'tefas-fund-list-v1',
      'users-v1',
    ]);
  });

  it('runs a step added later exactly once', async () => {
    let runs = 0;
    const step = {
      name: 'later-step',
      run: () => {
        runs++;
        return Promise.resolve();
      },
    };
    expect(await runDemoSteps(database.db, [...DEMO_STEPS, step])).toEqual(['later-step']);
    await runDemoSteps(database.db, [...DEMO_STEPS, step]);
    expect(runs).toBe(1);
  });
});
