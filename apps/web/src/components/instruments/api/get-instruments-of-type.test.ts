import { describe, expect, it } from 'vitest';
import { INSTRUMENT_PAGE_MAX, type Instrument } from '@fonrisk/contracts';
import { mockApi, type RecordedCall } from '../../testing/render-screen.tsx';
import { getInstrumentsOfType } from './get-instruments-of-type.ts';

function share(i: number): Instrument {
  return {
    code: `HS${String(i).padStart(5, '0')}`,
    name: `Hisse ${String(i)}`,
    mainType: 'stock',
    subType: null,
    currency: 'TRY',
    isinCode: null,
    issuer: null,
    issuerGroup: null,
    sector: null,
    isForeign: false,
    tcmbCode: null,
    terms: { kind: 'none' },
  };
}

/** The API's answer for a house of `count` instruments of the type: one page of them. */
function house(count: number) {
  return (call: RecordedCall): Response => {
    const offset = Number(call.search.get('offset'));
    const limit = Number(call.search.get('limit'));
    const page = Array.from({ length: Math.max(0, Math.min(limit, count - offset)) }, (_, i) =>
      share(offset + i),
    );
    return Response.json(page);
  };
}

describe('getInstrumentsOfType (decision 0130)', () => {
  it('reads page after page until one comes back short: every instrument, in code order', async () => {
    const { calls } = mockApi({ 'GET instruments': house(2 * INSTRUMENT_PAGE_MAX + 303) });
    const all = await getInstrumentsOfType('stock');
    expect(all).toHaveLength(2 * INSTRUMENT_PAGE_MAX + 303);
    expect(new Set(all.map((i) => i.code)).size).toBe(all.length);
    expect(all.at(-1)!.code).toBe(`HS0${String(2 * INSTRUMENT_PAGE_MAX + 302)}`);
    expect(calls.map((c) => [c.search.get('mainType'), c.search.get('offset')])).toEqual([
      ['stock', '0'],
      ['stock', String(INSTRUMENT_PAGE_MAX)],
      ['stock', String(2 * INSTRUMENT_PAGE_MAX)],
    ]);
  });

  it('asks once for a type with fewer than a page, and once more after an exactly full page', async () => {
    const few = mockApi({ 'GET instruments': house(521) });
    expect(await getInstrumentsOfType('fundShare')).toHaveLength(521);
    expect(few.calls).toHaveLength(1);
    const full = mockApi({ 'GET instruments': house(INSTRUMENT_PAGE_MAX) });
    expect(await getInstrumentsOfType('fundShare')).toHaveLength(INSTRUMENT_PAGE_MAX);
    expect(full.calls).toHaveLength(2);
  });
});
