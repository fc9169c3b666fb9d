import { describe, expect, it } from 'vitest';
import { ActiveShareInputsSchema } from './active-share.ts';
import { CreateRunRequestSchema } from './registry.ts';
import { RiskGraphicInputsSchema } from './risk-graphic.ts';

describe('active-share inputs', () => {
  it('defaults to each fund’s reference benchmark and a 250-day window', () => {
    const parsed = ActiveShareInputsSchema.parse({
      portfolioCodes: ['DHS'],
      asOfDate: '2026-01-05',
    });
    expect(parsed).toEqual({
      portfolioCodes: ['DHS'],
      asOfDate: '2026-01-05',
      benchmarkCode: null,
      windowDays: 250,
    });
  });
  it('answers bad inputs in Turkish, naming the field', () => {
    const r = CreateRunRequestSchema.safeParse({
      analysisType: 'active-share',
      inputs: { portfolioCodes: [], asOfDate: '2026-01-05', windowDays: 5 },
    });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toContain('inputs.portfolioCodes: en az bir portföy seçilmeli');
    expect(messages).toContain('inputs.windowDays: gözlem süresi en az 20 iş günü olmalı');
  });
});

describe('risk-graphic inputs', () => {
  it('needs a period that ends after it starts', () => {
    const r = RiskGraphicInputsSchema.safeParse({
      portfolioCodes: ['DHS'],
      fromDate: '2026-01-05',
      toDate: '2026-01-05',
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({
      path: ['toDate'],
      message: 'bitiş tarihi başlangıçtan sonra olmalı',
    });
    expect(
      RiskGraphicInputsSchema.parse({
        portfolioCodes: ['DHS', 'DEF'],
        fromDate: '2025-01-05',
        toDate: '2026-01-05',
      }),
    ).toMatchObject({ correlationBasis: 'portfolios', topPositions: 10 });
  });
});
