import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from './risk-value.ts';

// fixtures/prices-daily.csv: the PerformanceAnalytics `prices` series (one adjusted close,
// 1999-01-04..2006-12-29), as exported in /work/shared/data/reference/prices_daily.csv.
const fixture = join(import.meta.dirname, 'fixtures', 'prices-daily.csv');

interface RiskValueOutput {
  volatility: number;
  riskValue: number;
  weeks: number;
  history: { date: string; volatility: number; riskValue: number }[];
}

function tempFile(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'fonrisk-rv-')), name);
  writeFileSync(file, text);
  return file;
}

describe('fonrisk risk-value', () => {
  it('matches an independent numpy computation on the PerformanceAnalytics prices series', async () => {
    // python3/numpy 2.4: weeks grouped by date.isocalendar()[:2], r = last/first − 1 for weeks with
    // two or more prices (416 returns); np.std(r[-260:], ddof=1)*np.sqrt(52) = 0.22290718766341105;
    // at the 300th return (2004-10-08) np.std(r[40:300], ddof=1)*np.sqrt(52) = 0.323498701517114.
    const out = (await run(['--prices', fixture])) as RiskValueOutput;
    expect(Object.keys(out)).toEqual(['volatility', 'riskValue', 'weeks', 'history']);
    expect(out.volatility).toBeCloseTo(0.22290718766341105, 13);
    expect(out.riskValue).toBe(6);
    expect(out.weeks).toBe(260);
    expect(out.history).toHaveLength(416 - 51);
    expect(out.history[248]!.date).toBe('2004-10-08');
    expect(out.history[248]!.volatility).toBeCloseTo(0.323498701517114, 13);
    expect(out.history[248]!.riskValue).toBe(7);
  });

  it('fills a short fund history with benchmark weeks: a fund cut from the benchmark reproduces it', async () => {
    const lines = readFileSync(fixture, 'utf8').trim().split('\n');
    const recent = [lines[0]!, ...lines.slice(1).filter((l) => l >= '2004-01-05')].join('\n');
    const fund = tempFile('fon.csv', recent.replace('AdjClose', 'FON'));
    const out = (await run([
      '--prices',
      fund,
      '--column',
      'FON',
      '--benchmark',
      fixture,
    ])) as RiskValueOutput;
    expect(out.volatility).toBeCloseTo(0.22290718766341105, 13);
    expect(out.weeks).toBe(260);
  });

  it('names the file, row and column of a non-positive price', async () => {
    const file = tempFile('bad.csv', 'date,FON\n2024-01-02,10\n2024-01-03,0\n');
    await expect(run(['--prices', file])).rejects.toThrow(
      /bad\.csv, satır 3, sütun "FON": fiyat pozitif olmalı/,
    );
  });

  it('reports too short a history and an unknown column', async () => {
    const file = tempFile(
      'short.csv',
      'date,FON\n2024-01-01,10\n2024-01-05,11\n2024-01-08,12\n2024-01-12,11\n',
    );
    await expect(run(['--prices', file])).rejects.toThrow(
      /short\.csv: risk değeri hesaplanamadı: yetersiz veri: en az 52 haftalık getiri gerekir, \d+ var/,
    );
    await expect(run(['--prices', file, '--column', 'YOK'])).rejects.toThrow(/sütun "YOK"/);
    await expect(run([])).rejects.toThrow(/--prices gerekli/);
  });
});
