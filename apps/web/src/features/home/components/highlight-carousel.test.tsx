import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render.tsx';
import { HighlightCarousel } from './highlight-carousel.tsx';

const slides = [
  { title: 'Bir', body: 'birinci' },
  { title: 'İki', body: 'ikinci' },
  { title: 'Üç', body: 'üçüncü' },
];

afterEach(() => {
  vi.useRealTimers();
});

describe('HighlightCarousel', () => {
  it('advances every 5000 ms and wraps around', () => {
    vi.useFakeTimers();
    renderUi(<HighlightCarousel slides={slides} />);
    const current = (): string => screen.getByTestId('carousel-slide').textContent;
    expect(current()).toContain('Bir');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(current()).toContain('Bir');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(current()).toContain('İki');
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(current()).toContain('Bir');
  });

  it('moves by hand with the arrows', () => {
    renderUi(<HighlightCarousel slides={slides} />);
    fireEvent.click(screen.getByRole('button', { name: 'Önceki' }));
    expect(screen.getByTestId('carousel-slide').textContent).toContain('Üç');
  });
});
