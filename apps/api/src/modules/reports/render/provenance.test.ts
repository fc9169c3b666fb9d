import { describe, expect, it } from 'vitest';
import { methodText } from '../report-methods.ts';
import { assumptionsText, dataDatesText } from './provenance.ts';

describe('assumptions and data dates in Turkish words', () => {
  it('writes the resolved VaR parameters as labelled words and tr-TR numbers', () => {
    expect(
      assumptionsText({
        method: 'historical',
        confidenceLevel: 0.99,
        horizonDays: 20,
        horizonScaling: 'sqrtTime',
        scalingRule: 'RMD(20 gün) = RMD(1 gün) × √20',
        windowDays: 250,
        approach: 'absolute',
        lambda: 0.94,
        draws: 10000,
        seed: null,
        mean: 'include',
        priceBasis: 'adjusted',
      }),
    ).toBe(
      'Yöntem: Tarihsel Simülasyon · Güven düzeyi: %99 · Elde tutma süresi: 20 iş günü · ' +
        'Ölçekleme: RMD(20 gün) = RMD(1 gün) × √20 · Gözlem süresi: 250 iş günü · ' +
        'Yaklaşım: Mutlak RMD · Ortalama: Senaryolar olduğu gibi (ortalama dahil) · ' +
        'Fiyat esası: Düzeltilmiş fiyat (bölünme, bedelsiz, bedelli) · EWMA λ: 0,94 · ' +
        'Monte Carlo senaryo sayısı: 10.000',
    );
    expect(assumptionsText(null)).toBeNull();
    expect(assumptionsText({ unknownKey: 'x' }), 'an unlabelled key is never printed').toBeNull();
  });

  it('writes data dates as GG.AA.YYYY, only for the section’s funds, without stored keys', () => {
    const text = dataDatesText(
      {
        holdingsDates: { DHS: ['2026-09-04', '2026-11-27', '2026-10-01'], DEF: ['2026-01-01'] },
        marketDataThrough: '2026-11-27',
        settings: { absoluteLimitPct: 25 },
        priceDates: { DHS: { first: '2025-11-27', last: '2026-11-27' } },
        conventions: { linking: 'Carino (1999)', secret: 'x' },
        scenarios: [{ id: 1, name: 'Ağustos 2018 Kur Krizi', updatedAt: '2026-11-27T09:40:48Z' }],
        criteriaVersions: { 'SPK-HISSE-80': 1, 'SPK-YABANCI-20': 1 },
      },
      ['DHS'],
    );
    expect(text).toBe(
      'Portföy tarihleri: 04.09.2026 – 27.11.2026 (3 tarih) · Piyasa verisi son tarihi: 27.11.2026 · ' +
        'Fiyat verisi: 27.11.2025 – 27.11.2026 · Zincirleme: Carino (1999) · ' +
        'Senaryolar: Ağustos 2018 Kur Krizi · Denetlenen kriter sayısı: 2',
    );
  });
});

describe('the data dates of many portfolios', () => {
  const codes = Array.from({ length: 100 }, (_, i) => `NF${String(i).padStart(3, '0')}`);
  const dates = (date: (code: string) => string) => ({
    holdingsDates: Object.fromEntries(codes.map((c) => [c, [date(c)]])),
  });

  it('counts the portfolios that share a date instead of naming a hundred', () => {
    expect(
      dataDatesText(
        dates(() => '2026-11-27'),
        codes,
      ),
    ).toBe('Portföy tarihleri: 27.11.2026 (100 portföy)');
    expect(
      dataDatesText(
        dates((c) => (c === 'NF013' || c === 'NF077' ? '2026-11-26' : '2026-11-27')),
        codes,
      ),
    ).toBe('Portföy tarihleri: 27.11.2026: 98 portföy; 26.11.2026: NF013, NF077');
  });

  it('names each of a few portfolios', () => {
    expect(
      dataDatesText({ holdingsDates: { DHS: ['2026-11-27'], DEF: ['2026-11-26'] } }, [
        'DHS',
        'DEF',
      ]),
    ).toBe('Portföy tarihleri: DHS: 27.11.2026; DEF: 26.11.2026');
  });
});

describe('the methods text comes from what the runs used', () => {
  const run = (absoluteLimitPct: number) => ({
    analysisType: 'var',
    portfolioCodes: ['DHS'],
    result: {
      parameters: {
        method: 'parametric',
        confidenceLevel: 0.975,
        horizonDays: 10,
        horizonScaling: 'sqrtTime',
        scalingRule: 'RMD(10 gün) = RMD(1 gün) × √10',
        windowDays: 500,
        approach: 'absolute',
        lambda: null,
        draws: null,
        seed: null,
      },
    },
    dataSnapshot: {
      settings: {
        absoluteLimitPct,
        relativeLimitPct: 200,
        warningThresholdPct: 80,
        portfolioLimits: [
          { portfolioCode: 'DHS', absoluteLimitPct: 15, relativeLimitPct: null },
          { portfolioCode: 'DSF', absoluteLimitPct: 4, relativeLimitPct: null },
        ],
      },
    },
  });

  it('prints the VaR limit of the settings the run used, never a number written by hand', () => {
    const text = methodText('var', [run(20)]);
    expect(text).toContain('fon toplam değerine oranla %20 sınırını');
    expect(text).toContain('%200 sınırını');
    expect(text).toContain('fona özel limitler: DHS mutlak %15');
    expect(text, 'another fund’s limit is not this report’s').not.toContain('DSF');
    expect(text).toContain('Parametrik (Varyans-Kovaryans) yöntemiyle, %97,5 tek taraflı güven');
    expect(text).toContain('10 iş günü elde tutma süresi için ve 500 iş günlük gözlem');
    expect(methodText('var', [run(25)])).toContain('fon toplam değerine oranla %25 sınırını');
    expect(methodText('var', [run(25)])).not.toContain('%20 sınırını');
  });
});
