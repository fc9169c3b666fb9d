// Issue 23 item 5 on the demo data (docs/decisions/0057, 0070): DSF's TLREF government floaters in
// the shipped "Ağustos 2018 Kur Krizi" scenario take the short end's +700 bp with their rate
// duration to the next reset and no credit spread (a government issuer). Measured on 27.11.2026:
// TRD270527T68 (92 days to its reset, 31,7196 %) −1,2966 %, the hand value of
// packages/risk/src/scenario/pricing.test.ts; here the same formula on whatever date the demo ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StressTestResultSchema, type StressTestInputs } from '@fonrisk/contracts';
import { and, eq, holdings, instruments, stressScenarios } from '@fonrisk/db';
import type { TestDatabase } from '@fonrisk/db/testing';
import { ANALYSIS_HANDLERS, fakeContext } from '@fonrisk/worker';
import { demoEndDate } from './demo-module5.ts';
import { createDemoTestDatabase } from '../testing/demo-database.ts';
import { ensureShippedScenarios } from '../modules/stress-scenarios/stress-scenarios.repository.ts';

/** Days from `asOf` to the next quarterly coupon date (backward from maturity, same day of month). */
function daysToNextQuarterlyCoupon(asOf: string, maturity: string): number {
  const [y, m, d] = maturity.split('-').map(Number) as [number, number, number];
  let next = Date.UTC(y, m - 1, d);
  for (let k = 1; ; k++) {
    const earlier = Date.UTC(y, m - 1 - 3 * k, d);
    if (earlier <= Date.parse(asOf)) break;
    next = earlier;
  }
  return Math.round((next - Date.parse(asOf)) / 86_400_000);
}

describe('demo DSF floaters under the August 2018 scenario', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoTestDatabase();
  }, 600_000);
  afterAll(() => database.drop());

  it('moves each government floater by +700 bp over the days to its reset, without a credit spread', async () => {
    const db = database.db;
    const asOfDate = (await demoEndDate(db))!;
    await ensureShippedScenarios(db);
    const [scenario] = await db
      .select()
      .from(stressScenarios)
      .where(eq(stressScenarios.shippedCode, 'tr-2018-08-lira-crisis'));
    const inputs: StressTestInputs = {
      portfolioCodes: ['DSF'],
      asOfDate,
      scenarioIds: [scenario!.id],
      equityIndexTicker: 'XU100',
    };
    const out = await ANALYSIS_HANDLERS['stress-test'].run(fakeContext(db, inputs));
    const rows = StressTestResultSchema.parse(out.result).tables['positions']!.rows;
    const held = await db
      .select({ h: holdings, i: instruments })
      .from(holdings)
      .innerJoin(instruments, eq(instruments.code, holdings.instrumentCode))
      .where(and(eq(holdings.portfolioCode, 'DSF'), eq(holdings.portfolioDate, asOfDate)));
    const floaters = held.filter(
      ({ i }) =>
        i.mainType === 'governmentBond' &&
        (i.terms as { couponType?: string }).couponType === 'floating',
    );
    expect(floaters.length).toBeGreaterThan(0);
    for (const { h, i } of floaters) {
      const row = rows.find((r) => r['instrumentCode'] === h.instrumentCode)!;
      const y = Number(h.columns['internalDiscountRate']) / 100;
      const days = daysToNextQuarterlyCoupon(
        asOfDate,
        (i.terms as { maturityDate: string }).maturityDate,
      );
      // value × ((1 + y) / (1 + y + 0,07))^(days/365) − 1: +700 bp up to the reset, nothing after.
      const hand = h.currentValue * (((1 + y) / (1 + y + 0.07)) ** (days / 365) - 1);
      expect(row['pnlTry'], h.instrumentCode).toBeCloseTo(hand, 2);
      // First order: the rate duration to the reset (days/365)/(1 + y) × 7 %, far below the
      // full schedule's; within its convexity of the exact value.
      const linear = ((days / 365) * 0.07) / (1 + y);
      expect(Math.abs(Number(row['pnlTry']) / h.currentValue + linear)).toBeLessThan(0.1 * linear);
      expect(String(row['note'])).toContain(`(${days} gün)`);
      expect(String(row['note'])).not.toContain('kredi marjı');
    }
  }, 600_000);
});
