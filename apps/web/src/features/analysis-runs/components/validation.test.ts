import { describe, expect, it } from 'vitest';
import { validationOf } from './validation.ts';

const failed = {
  success: false,
  error: {
    issues: [
      { path: ['asOfDate'], message: 'tarih YYYY-AA-GG olmalı' },
      { path: ['windowDays'], message: 'en az 20 olmalı' },
    ],
  },
} as const;

describe('validationOf', () => {
  it('passes the parsed inputs through', () => {
    expect(validationOf({ success: true, data: { windowDays: 60 } }, { asOfDate: 'x' })).toEqual({
      ok: true,
      inputs: { windowDays: 60 },
    });
  });

  it('names each field once: the form’s own message for an empty field, else the schema’s', () => {
    expect(validationOf(failed, { asOfDate: 'hesap tarihi gerekli' })).toEqual({
      ok: false,
      errors: { asOfDate: 'hesap tarihi gerekli', windowDays: 'en az 20 olmalı' },
    });
    expect(validationOf(failed, { asOfDate: false })).toEqual({
      ok: false,
      errors: { asOfDate: 'tarih YYYY-AA-GG olmalı', windowDays: 'en az 20 olmalı' },
    });
  });
});
