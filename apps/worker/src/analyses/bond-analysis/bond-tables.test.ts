import { describe, expect, it } from 'vitest';
import { COUPON_TYPE_LABELS } from '@fonrisk/contracts';
import { heldBondPortfolio } from '../testing/held-bond.ts';
import { bondTables } from './bond-tables.ts';

const columns = (t: { columns: { key: string }[] } | undefined) => t?.columns.map((c) => c.key);

describe('bond analysis result tables', () => {
  it('one bond without portfolios: no portfolio column, no portfolio tables; yield as a ratio', () => {
    const { bond } = heldBondPortfolio('A', 1_000_000);
    const single = { ...bond, portfolioCode: null };
    const tables = bondTables([single], []);
    expect(Object.keys(tables).sort()).toEqual(['bonds', 'cashflows', 'keyRates']);
    expect(columns(tables.bonds)).not.toContain('portfolioCode');
    const row = tables.bonds!.rows[0]!;
    expect(row.yield).toBeCloseTo(0.1, 12);
    expect(row.couponTypeLabel).toBe(COUPON_TYPE_LABELS.fixed);
    expect(row.quoteSourceLabel).toBe('Piyasa verisi');
    expect(row.cashflows).toBeUndefined();
    expect(tables.cashflows!.rows).toHaveLength(bond.cashflows.length);
  });

  it('a bond held by two portfolios: a row per position, its cash flows and key rates once', () => {
    const a = heldBondPortfolio('A', 1_000_000);
    const b = heldBondPortfolio('B', 2_000_000, [{ instrumentCode: 'X', reason: 'fiyat yok' }]);
    const tables = bondTables([a.bond, b.bond], [a.portfolio, b.portfolio]);
    expect(columns(tables.bonds)).toContain('portfolioCode');
    expect(tables.bonds!.rows.map((r) => r.portfolioCode)).toEqual(['A', 'B']);
    expect(tables.cashflows!.rows).toHaveLength(a.bond.cashflows.length);
    expect(tables.keyRates!.rows).toHaveLength(a.bond.keyRateDurations.length);
    expect(tables.portfolios!.rows.map((r) => r.portfolioCode)).toEqual(['A', 'B']);
    expect(tables.buckets!.rows).toHaveLength(2 * a.portfolio.buckets.length);
    expect(tables.shifts!.rows).toHaveLength(2 * a.portfolio.shifts.length);
    expect(tables.skipped!.rows).toEqual([
      { portfolioCode: 'B', instrumentCode: 'X', reason: 'fiyat yok' },
    ]);
    expect(bondTables([a.bond], [a.portfolio]).skipped).toBeUndefined();
  });
});
