import { describe, expect, it } from 'vitest';
import {
  buildTable,
  col,
  defineTable,
  ResultTableSchema,
  withoutColumns,
} from './result-tables.ts';
import { BOND_ANALYSIS_TABLES } from './bond-analysis.ts';
import { CUSTOMER_PERFORMANCE_REPORT_TABLES } from './customer-performance-report.ts';
import { FUND_STATISTICS_TABLES } from './fund-statistics.ts';
import { INTERNAL_AUDIT_TABLES } from './internal-audit.ts';
import { LIQUIDITY_TEST_TABLES } from './liquidity-test.ts';
import { PERFORMANCE_REPORT_TABLES } from './performance-report.ts';
import { RISK_VALUE_TABLES } from './risk-value.ts';
import { ACTIVE_SHARE_TABLES } from './active-share.ts';
import { CONCENTRATION_RISK_TABLES } from './concentration-risk.ts';
import { RISK_GRAPHIC_TABLES, riskGraphicCorrelationTable } from './risk-graphic.ts';
import { STRESS_TEST_TABLES } from './stress-test.ts';

const PEOPLE = defineTable(
  'Kişiler',
  [col('name', 'Ad', 'text'), col('share', 'Pay', 'percent')],
  ['flag'],
);

describe('result table definitions', () => {
  it('builds the generic table from the definition, rows as given', () => {
    const table = buildTable(PEOPLE, [{ name: 'A', share: 0.5, flag: true }, { name: 'B' }]);
    expect(table).toEqual({
      title: 'Kişiler',
      columns: [
        { key: 'name', label: 'Ad', format: 'text' },
        { key: 'share', label: 'Pay', format: 'percent' },
      ],
      rows: [{ name: 'A', share: 0.5, flag: true }, { name: 'B' }],
    });
    expect(Object.keys(table)).toEqual(['title', 'columns', 'rows']);
    expect(buildTable(PEOPLE, [], 'Kişiler (2025)').title).toBe('Kişiler (2025)');
  });

  // Decision 0071: the tables of one row per holding say so; the reports keep them in the Excel.
  it("takes a table's rows as they are: plain objects, not copied; anything else refused (decision 0104)", () => {
    const row = { name: 'A', share: 0.5, extra: { nested: [1] }, missing: null };
    const bare = Object.create(null) as Record<string, unknown>;
    bare.name = 'B';
    const parsed = ResultTableSchema.parse({ title: 'T', columns: [], rows: [row, bare] });
    expect(parsed.rows[0]).toBe(row);
    expect(parsed.rows[1]).toBe(bare);
    for (const bad of [[1], null, 'satır', 3, new Date(0), new Map()]) {
      const result = ResultTableSchema.safeParse({ title: 'T', columns: [], rows: [row, bad] });
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['rows', 1]);
      expect(result.error?.issues[0]?.message).toBe('tablo satırı düz bir nesne olmalı');
    }
  });

  it('marks the tables of one row per holding, and only those', () => {
    const holdings = defineTable('Pozisyonlar', [col('name', 'Ad', 'text')], [], {
      perHolding: true,
    });
    const table = buildTable(holdings, [{ name: 'A' }]);
    expect(ResultTableSchema.parse(table).perHolding).toBe(true);
    expect(
      [
        STRESS_TEST_TABLES.positions,
        LIQUIDITY_TEST_TABLES.positions,
        LIQUIDITY_TEST_TABLES.settlementDates,
        PERFORMANCE_REPORT_TABLES.contributions,
      ].map((d) => buildTable(d, []).perHolding),
    ).toEqual([true, true, true, true]);
    expect(buildTable(STRESS_TEST_TABLES.summary, []).perHolding).toBeUndefined();
  });

  it("shows a stress test's marks beside the scenario's name, before the figures", () => {
    // The summary is wider than a 1366-pixel screen: its last columns are reached by scrolling,
    // and the worst scenario's mark was one of them.
    expect(STRESS_TEST_TABLES.summary.columns.slice(0, 3).map((c) => c.key)).toEqual([
      'portfolioCode',
      'scenarioName',
      'marks',
    ]);
  });

  it('refuses at compile time a row field the contract does not define', () => {
    // @ts-expect-error 'age' is neither a column nor a hidden field of PEOPLE.
    const table = buildTable(PEOPLE, [{ name: 'A', age: 3 }]);
    expect(table.rows).toHaveLength(1);
  });

  it('drops a column that does not apply to a run, keeping the order', () => {
    const t = buildTable(withoutColumns(PEOPLE, ['name']), [{ name: 'A', share: 1 }]);
    expect(t.columns.map((c) => c.key)).toEqual(['share']);
  });

  it('defines every column of the Module 2/3/5 types once per table, each with a label', () => {
    for (const definition of [
      ...Object.values(RISK_VALUE_TABLES),
      ...Object.values(FUND_STATISTICS_TABLES),
      ...Object.values(BOND_ANALYSIS_TABLES),
      ...Object.values(PERFORMANCE_REPORT_TABLES),
      ...Object.values(CUSTOMER_PERFORMANCE_REPORT_TABLES),
      ...Object.values(INTERNAL_AUDIT_TABLES),
      ...Object.values(LIQUIDITY_TEST_TABLES),
      ...Object.values(STRESS_TEST_TABLES),
      ...Object.values(ACTIVE_SHARE_TABLES),
      ...Object.values(CONCENTRATION_RISK_TABLES),
      ...Object.values(RISK_GRAPHIC_TABLES),
    ]) {
      const keys = definition.columns.map((c) => c.key);
      expect(new Set(keys).size, definition.title).toBe(keys.length);
      expect(
        definition.columns.every((c) => c.label.trim() !== ''),
        definition.title,
      ).toBe(true);
      expect(ResultTableSchema.safeParse({ ...definition, rows: [] }).success).toBe(true);
    }
  });

  it('builds the correlation matrix columns from the series names of the run', () => {
    const t = riskGraphicCorrelationTable('Korelasyon', ['A', 'B']);
    expect(t.columns.map((c) => [c.key, c.label, c.format])).toEqual([
      ['label', '', 'text'],
      ['A', 'A', 'number'],
      ['B', 'B', 'number'],
    ]);
  });
});
