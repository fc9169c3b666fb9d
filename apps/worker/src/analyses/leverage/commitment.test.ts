import { describe, expect, it } from 'vitest';
import { type DerivativeLine, leverageOf } from './commitment.ts';

const line = (
  p: Partial<DerivativeLine> & Pick<DerivativeLine, 'instrumentCode' | 'underlying'>,
): DerivativeLine => ({
  instrumentName: null,
  kind: 'future',
  contracts: 1,
  contractSize: 1,
  underlyingPrice: 1,
  delta: 1,
  hedge: false,
  ...p,
});
const SETTINGS = { warningThresholdPct: 80 };

describe('leverage by the SPK commitment and gross methods', () => {
  it('reproduces the Rehber §7.5.2 position figures for index futures and options', () => {
    const r = leverageOf(
      [
        line({
          instrumentCode: 'F_XU030',
          underlying: 'XU030',
          contracts: 3,
          contractSize: 0.1,
          underlyingPrice: 88_902,
        }),
        line({
          instrumentCode: 'O_XU030',
          underlying: 'XU030',
          kind: 'option',
          contracts: 120,
          contractSize: 0.1,
          underlyingPrice: 88_902,
          delta: 0.5,
        }),
      ],
      [],
      10_000_000,
      1,
      SETTINGS,
      '2013-12-12',
    );
    expect(r.positions[0]!.exposureTry).toBeCloseTo(26_670.6, 6);
    expect(r.positions[1]!.exposureTry).toBeCloseTo(533_412, 6);
    expect(r.grossTry).toBeCloseTo(560_082.6, 6);
    expect(r.grossPct).toBeCloseTo(0.05600826, 10);
  });

  it('nets identical underlyings against spot as in the Rehber §7.5.3 example (gross 70 TL, open position 30 TL)', () => {
    const r = leverageOf(
      [
        line({ instrumentCode: 'F_XYZ', underlying: 'XYZ', contracts: -20 }),
        line({ instrumentCode: 'F_XU030', underlying: 'XU030', contracts: -10 }),
        line({ instrumentCode: 'F_KLM', underlying: 'KLM', contracts: 30 }),
        line({ instrumentCode: 'W_KLM', underlying: 'KLM', kind: 'option', contracts: -10 }),
      ],
      [{ underlying: 'XYZ', valueTry: 100 }],
      100,
      0.25,
      SETTINGS,
      '2013-12-12',
    );
    expect(r.grossTry).toBe(70);
    expect(r.commitmentTry).toBe(30);
    expect(r.commitmentPct).toBeCloseTo(0.3, 12);
    expect(r.usage).toBeCloseTo(1.2, 12);
    expect(r.status).toBe('breach');
    expect(r.netting.find((g) => g.underlying === 'XYZ')?.netTry).toBe(0);
  });

  it('deducts a designated hedge up to the spot value it hedges', () => {
    const r = leverageOf(
      [
        line({
          instrumentCode: 'F_USD',
          underlying: 'USDTRY',
          contracts: -2,
          contractSize: 1000,
          underlyingPrice: 40,
          hedge: true,
        }),
      ],
      [{ underlying: 'USDTRY', valueTry: 50_000 }],
      1_000_000,
      1,
      SETTINGS,
      '2025-01-10',
    );
    expect(r.grossTry).toBe(80_000);
    expect(r.hedgeDeductionTry).toBe(50_000);
    expect(r.commitmentTry).toBe(30_000);
    expect(r.status).toBe('ok');
  });
});
