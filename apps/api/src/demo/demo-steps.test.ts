import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blogPosts,
  demoSteps,
  eq,
  indexConstituents,
  portfolioFeeRates,
  tefasFunds,
  users,
} from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { DEMO_STEPS, loadDemoData } from './index.ts';
import { runDemoSteps } from './demo-steps.ts';
import { demoTefasFundListStep } from './demo-tefas-funds.ts';

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
    expect(list.every((f) => f.isDemo && f.title.endsWith(' (Demo verisi)'))).toBe(true);
    expect(
      list.filter((f) => f.title.split('Demo verisi').length !== 2).map((f) => f.title),
      'each title carries the demo label once (the demo funds are named with it already)',
    ).toEqual([]);
    const constituents = await database.db.select().from(indexConstituents);
    expect(constituents.filter((c) => c.indexTicker === 'XU100')).toHaveLength(40);
    expect((await database.db.select().from(demoSteps)).map((s) => s.name).sort()).toEqual([
      'blog-posts-v1',
      'customer-cash-flows-v1',
      'fee-rates-v1',
      'index-constituents-v1',
      'market-and-portfolios-v1',
      'tefas-fund-list-v2',
      'users-v1',
    ]);
  });

  it('rewrites the doubled demo titles a v1 list stored, never a title TEFAS gave', async () => {
    const [own] = await database.db.select().from(tefasFunds).where(eq(tefasFunds.fundCode, 'DHS'));
    await database.db
      .update(tefasFunds)
      .set({ title: `${own!.title} (Demo verisi)` })
      .where(eq(tefasFunds.fundCode, 'DHS'));
    await database.db
      .update(tefasFunds)
      .set({ title: 'GERÇEK FON (Demo verisi) (Demo verisi)', isDemo: false })
      .where(eq(tefasFunds.fundCode, 'DBA'));
    await database.db.delete(demoSteps).where(eq(demoSteps.name, demoTefasFundListStep.name));
    expect(await runDemoSteps(database.db, DEMO_STEPS)).toEqual([demoTefasFundListStep.name]);
    const titles = new Map(
      (await database.db.select().from(tefasFunds)).map((f) => [f.fundCode, f.title]),
    );
    expect(titles.get('DHS')).toBe(own!.title);
    expect(titles.get('DBA')).toBe('GERÇEK FON (Demo verisi) (Demo verisi)');
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
