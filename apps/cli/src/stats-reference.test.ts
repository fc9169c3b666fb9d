// `fonrisk stats` on the PerformanceAnalytics managers data set against figures PerformanceAnalytics
// publishes (the same figures packages/risk/src/stats/performance-analytics.test.ts checks on the
// library), compared to the precision printed: |ours − printed| ≤ ½ unit of the last decimal.
// Sources:
// - Return.annualized, TrackingError, ActivePremium, InformationRatio: PerformanceAnalytics 2.0.8
//   reference pages, https://prism.a2-ai.cloud/docs/PerformanceAnalytics/2.0.8/reference/<topic>.html
// - table.AnnualizedReturns (Std Dev row), SortinoRatio, maxDrawdown, CalmarRatio:
//   https://timelyportfolio.github.io/PerformanceAnalytics/reference/<topic>.html
// - CAPM.beta / alpha of HAM1 on SP500 TR with Rf = US 3m TR: inst/tinytest/test_CAPM.R in
//   braverock/PerformanceAnalytics (0.390071248399483 and 0.00577472877485089).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 60_000 });

const bin = resolve(import.meta.dirname, '../bin/fonrisk.js');
const managersCsv = '/work/shared/data/reference/managers.csv';

type Stats = Record<string, number | null>;

function stats(): Record<string, Stats> {
  const run = spawnSync(
    process.execPath,
    [bin, 'stats', '--returns', managersCsv, '--benchmark', 'SP500 TR', '--rf', 'US 3m TR'],
    {
      encoding: 'utf8',
    },
  );
  expect(run.status, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { columns: Record<string, Stats> }).columns;
}

function expectPrinted(actual: number | null | undefined, printed: string, label: string): void {
  const decimals = printed.split('.')[1]?.length ?? 0;
  expect(typeof actual, label).toBe('number');
  expect(
    Math.abs(actual! - Number(printed)),
    `${label}: ${actual} vs printed ${printed}`,
  ).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-15);
}

const HAM = ['HAM1', 'HAM2', 'HAM3', 'HAM4', 'HAM5', 'HAM6'];
const published: Record<string, string[]> = {
  annualizedReturn: ['0.137532', '0.1746569', '0.1512147', '0.1214798', '0.03731645', '0.1372755'],
  annualizedVolatility: ['0.0888', '0.1272', '0.1265', '0.1843', '0.1584', '0.0825'],
  sortino: ['0.7649', '1.222', '0.7172', '0.3234', '0.1343', '0.9102'],
  maxDrawdown: ['0.1518', '0.2399', '0.2894', '0.2874', '0.3405', '0.0788'],
  calmar: ['0.9061697', '0.728094', '0.5225829', '0.4227315', '0.1095909', '1.742525'],
  trackingError: ['0.1131667', '0.1533647', '0.1158673', '0.1596656', '0.1800291', '0.112839'],
  activePremium: [
    '0.04078668',
    '0.07759873',
    '0.05446935',
    '0.02473443',
    '0.02182245',
    '0.07585993',
  ],
  informationRatio: ['0.3604125', '0.5059751', '0.4701009', '0.154914', '0.1212162', '0.6722844'],
};

describe('fonrisk stats on managers.csv (PerformanceAnalytics reference figures)', () => {
  it('reports the published return, risk and benchmark-relative figures for HAM1..HAM6', () => {
    const columns = stats();
    expect(Object.keys(columns), 'benchmark and risk-free columns are not reported').not.toContain(
      'SP500 TR',
    );
    for (const [field, values] of Object.entries(published)) {
      HAM.forEach((name, i) =>
        expectPrinted(columns[name]?.[field], values[i]!, `${name} ${field}`),
      );
    }
    expect(columns.HAM1!.beta).toBeCloseTo(0.390071248399483, 12);
    expect(columns.HAM1!.alpha).toBeCloseTo(0.00577472877485089, 12);
    expect(columns.HAM2!.observations, 'HAM2 starts in 1996-08 (7 missing months)').toBe(125);
  });
});
