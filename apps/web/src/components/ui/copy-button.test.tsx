import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { CopyButton } from './copy-button.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('CopyButton', () => {
  it('copies the value and says Kopyalandı for exactly three seconds', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderUi(<CopyButton value="42" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Kopyala' }));
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith('42');
    expect(screen.getByRole('button').textContent).toBe('Kopyalandı');
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByRole('button').textContent).toBe('Kopyalandı');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('button').textContent).toBe('Kopyala');
  });
});
