import { describe, expect, it } from 'vitest';
import { BenchmarkRequestSchema } from './benchmarks.ts';

const composite = {
  code: 'KARMA',
  name: 'Karma ölçüt',
  kind: 'composite',
  rebalancing: 'monthly',
  components: [
    { seriesTicker: 'XU100', weightPct: 60 },
    { seriesTicker: 'KYD-DIBS', weightPct: 40 },
  ],
  holdingsPortfolioCode: null,
};

const messages = (value: unknown): string[] => {
  const parsed = BenchmarkRequestSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('BenchmarkRequestSchema', () => {
  it('accepts weights summing to 100 and a holdings benchmark naming its portfolio', () => {
    expect(messages(composite)).toEqual([]);
    expect(
      messages({ ...composite, kind: 'holdings', components: [], holdingsPortfolioCode: 'DAL' }),
    ).toEqual([]);
  });

  it('names the wrong sum, a repeated series and a missing portfolio in Turkish', () => {
    expect(
      messages({ ...composite, components: [{ seriesTicker: 'XU100', weightPct: 60 }] }),
    ).toEqual(['components: bileşen ağırlıklarının toplamı 100 olmalı (şu an 60)']);
    expect(
      messages({
        ...composite,
        components: [
          { seriesTicker: 'XU100', weightPct: 50 },
          { seriesTicker: 'XU100', weightPct: 50 },
        ],
      }),
    ).toEqual(['components: aynı seri iki kez kullanılamaz']);
    expect(messages({ ...composite, kind: 'holdings', components: [] })).toEqual([
      'holdingsPortfolioCode: portföy tabanlı karşılaştırma ölçütünde portföy seçilmeli',
    ]);
  });
});
