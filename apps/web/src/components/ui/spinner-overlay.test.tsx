import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createBusyCounter } from '../../lib/busy.ts';
import { renderUi } from '../../test/render.tsx';
import { SpinnerOverlay } from './spinner-overlay.tsx';

describe('SpinnerOverlay', () => {
  it('shows Yükleniyor... while any call runs and hides after the last one ends', () => {
    const counter = createBusyCounter();
    renderUi(<SpinnerOverlay counter={counter} />);
    expect(screen.queryByText('Yükleniyor...')).toBeNull();
    act(() => {
      counter.begin();
      counter.begin();
    });
    expect(screen.getByText('Yükleniyor...')).toBeTruthy();
    act(() => counter.end());
    expect(screen.getByText('Yükleniyor...'), 'an overlapping call is still running').toBeTruthy();
    act(() => counter.end());
    expect(screen.queryByText('Yükleniyor...')).toBeNull();
  });
});
