import { describe, expect, it } from 'vitest';
import { buildBulkRequest, type BulkForm } from './bulk-rule.ts';

const EMPTY: BulkForm = {
  mainType: null,
  currency: '',
  codePrefix: '',
  targetKind: 'sameCode',
  seriesTicker: null,
  curvePrefix: '',
};

describe('bulk mapping rule', () => {
  it('refuses a rule without any condition', () => {
    expect(buildBulkRequest(EMPTY)).toEqual({ ok: false, error: 'rule' });
  });

  it('builds a same-code mapping with the rule fields given, currency upper-cased', () => {
    expect(buildBulkRequest({ ...EMPTY, mainType: 'stock', currency: 'try ' })).toEqual({
      ok: true,
      request: { rule: { mainType: 'stock', currency: 'TRY' }, target: { kind: 'sameCode' } },
    });
  });

  it('needs the series for a series target and the prefix for a curve target', () => {
    expect(buildBulkRequest({ ...EMPTY, codePrefix: 'TRT', targetKind: 'series' })).toEqual({
      ok: false,
      error: 'series',
    });
    expect(buildBulkRequest({ ...EMPTY, codePrefix: 'TRT', targetKind: 'curveByTenor' })).toEqual({
      ok: false,
      error: 'curvePrefix',
    });
    expect(
      buildBulkRequest({
        ...EMPTY,
        codePrefix: 'TRT',
        targetKind: 'curveByTenor',
        curvePrefix: 'TRYGOV',
      }),
    ).toEqual({
      ok: true,
      request: {
        rule: { codePrefix: 'TRT' },
        target: { kind: 'curveByTenor', curvePrefix: 'TRYGOV' },
      },
    });
  });
});
