import { describe, expect, it } from 'vitest';
import { heldBondPortfolio } from '../testing/held-bond.ts';
import { bondCharts } from './bond-charts.ts';

describe('bond analysis charts', () => {
  it('draws each distinct bond once and each portfolio its DV01 buckets and shifts', () => {
    const a = heldBondPortfolio('A', 1_000_000);
    const b = heldBondPortfolio('B', 2_000_000);
    const charts = bondCharts([a.bond, b.bond], [a.portfolio, b.portfolio]);
    expect(Object.keys(charts)).toEqual([
      'priceYield:TAHVIL',
      'keyRates:TAHVIL',
      'buckets:A',
      'shifts:A',
      'buckets:B',
      'shifts:B',
    ]);
    expect(charts['priceYield:TAHVIL']!.title).toBe('Fiyat-Getiri Eğrisi · Test Tahvili');
    expect(charts['shifts:A']!.title).toBe('Paralel Kayma Etkisi (TL)');
  });

  it('draws no portfolio charts for a single bond', () => {
    const { bond } = heldBondPortfolio('A', 1_000_000);
    expect(Object.keys(bondCharts([bond], []))).toEqual(['priceYield:TAHVIL', 'keyRates:TAHVIL']);
  });
});
