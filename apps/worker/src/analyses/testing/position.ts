import type { PositionInput } from '@fonrisk/risk';

/**
 * A test position: a TRY share worth 1,000 named after its code, nothing else known (no mapping,
 * terms or underlying), with `over` set (test fixture).
 */
export function testPosition(
  over: Partial<PositionInput> & { readonly instrumentCode: string },
): PositionInput {
  return {
    instrumentName: over.instrumentCode,
    mainType: 'stock',
    currency: 'TRY',
    nominalValue: null,
    valueTry: 1000,
    maturityDate: null,
    ratePct: null,
    modifiedDuration: null,
    terms: null,
    mappingTicker: null,
    underlyingTicker: null,
    underlyingIsFuture: false,
    ...over,
  };
}
