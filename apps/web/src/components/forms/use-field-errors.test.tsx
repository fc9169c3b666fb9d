import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFieldErrors } from './use-field-errors.ts';

const invalid = {
  success: false,
  error: {
    issues: [
      { path: ['name'], message: 'boş olamaz' },
      { path: ['port'], message: 'tam sayı olmalı' },
      { path: ['port'], message: 'en az 1 olmalı' },
    ],
  },
} as const;

describe('useFieldErrors', () => {
  it('shows the first message per field as a sentence, then clears them on a valid form', () => {
    const { result } = renderHook(() => useFieldErrors<'name' | 'port'>());
    let accepted: unknown;
    act(() => {
      accepted = result.current.accept(invalid);
    });
    expect(accepted).toBeNull();
    expect(result.current.errors).toEqual({ name: 'Boş olamaz', port: 'Tam sayı olmalı' });
    act(() => {
      accepted = result.current.accept({ success: true, data: { name: 'İzmir', port: 22 } });
    });
    expect(accepted).toEqual({ name: 'İzmir', port: 22 });
    expect(result.current.errors).toEqual({});
  });
});
