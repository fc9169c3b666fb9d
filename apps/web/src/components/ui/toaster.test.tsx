import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '@mantine/core';
import { createToastStore, type ToastStore } from '../../lib/toast.ts';
import { renderUi } from '../../test/render.tsx';
import { TOAST_STACK_TOP_PX, Toaster, toastStackTop } from './toaster.tsx';

let store: ToastStore;

beforeEach(() => {
  vi.useFakeTimers();
  store = createToastStore();
});
afterEach(() => {
  vi.useRealTimers();
});

function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function show(message: string): void {
  act(() => {
    store.show('error', message);
  });
}

describe('Toaster', () => {
  it('shows a toast for 5000 ms, then animates out for 300 ms', () => {
    renderUi(<Toaster store={store} />);
    show('Kullanıcı bulunamadı.');
    advance(4999);
    expect(screen.getByRole('alert').getAttribute('data-phase')).toBe('shown');
    advance(1);
    expect(screen.getByRole('alert').getAttribute('data-phase')).toBe('leaving');
    advance(299);
    expect(screen.queryByRole('alert'), 'still animating out').not.toBeNull();
    advance(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('has a close button and a progress bar running for the display time', () => {
    renderUi(<Toaster store={store} />);
    show('Hata');
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('data-running')).toBe('true');
    expect(bar.style.animationDuration).toBe('5000ms');
    fireEvent.click(screen.getByRole('button', { name: 'Bildirimi kapat' }));
    advance(300);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pauses while hovered and closes 1000 ms after the pointer leaves', () => {
    renderUi(<Toaster store={store} />);
    show('Hata');
    advance(4000);
    fireEvent.mouseEnter(screen.getByRole('alert'));
    advance(20_000);
    expect(screen.getByRole('alert').getAttribute('data-phase'), 'hover keeps it open').toBe(
      'shown',
    );
    expect(screen.getByRole('progressbar').getAttribute('data-running')).toBe('false');
    fireEvent.mouseLeave(screen.getByRole('alert'));
    expect(screen.getByRole('progressbar').style.animationDuration).toBe('1000ms');
    advance(999);
    expect(screen.getByRole('alert').getAttribute('data-phase')).toBe('shown');
    advance(1 + 300);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stacks any number of toasts top-right, newest last', () => {
    const { container } = renderUi(<Toaster store={store} />);
    for (let i = 1; i <= 12; i++) show(`Hata ${i}`);
    expect(screen.getAllByRole('alert')).toHaveLength(12);
    expect(container.querySelector('.fr-toasts')?.getAttribute('data-position')).toBe('top-right');
    expect(screen.getAllByRole('alert').at(-1)?.textContent).toContain('Hata 12');
  });

  it('offers the trace id of a server problem for copying', () => {
    renderUi(<Toaster store={store} />);
    act(() => {
      store.show('error', 'Beklenmeyen hata.', 'trace-123');
    });
    expect(screen.getByText(/trace-123/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kopyala' })).toBeTruthy();
  });

  describe('with a dialog open', () => {
    /** Lays the dialog headers out as a browser would: their bottom edge at `bottom` px. */
    function headersEndAt(bottom: number): void {
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
        this: HTMLElement,
      ) {
        const isHeader = this.classList.contains('mantine-Modal-header');
        return DOMRect.fromRect({ x: 0, y: 0, width: 100, height: isHeader ? bottom : 0 });
      });
    }
    afterEach(() => {
      vi.restoreAllMocks();
    });

    function Screen({ dialogOpen }: { dialogOpen: boolean }) {
      return (
        <>
          <Modal opened={dialogOpen} onClose={() => undefined} title="Portföy ekle" size="xl">
            içerik
          </Modal>
          <Toaster store={store} />
        </>
      );
    }

    function stackTop(container: HTMLElement): string | undefined {
      const stack = container.ownerDocument.querySelector<HTMLElement>('.fr-toasts');
      return stack?.style.top;
    }

    it('starts the stack below the dialog header, so its close button stays free', async () => {
      headersEndAt(130);
      const { container, rerender } = renderUi(<Screen dialogOpen />);
      advance(500);
      expect(document.querySelector('.mantine-Modal-header')?.textContent).toContain(
        'Portföy ekle',
      );
      show('Kaydedilemedi.');
      expect(stackTop(container), 'header bottom 130 px + 8 px gap').toBe('138px');
      rerender(<Screen dialogOpen={false} />);
      advance(500);
      await act(async () => {
        await Promise.resolve();
      });
      expect(stackTop(container), 'back below the page header').toBe(
        `${String(TOAST_STACK_TOP_PX)}px`,
      );
    });

    it('keeps its usual place when the dialog header ends above it', () => {
      headersEndAt(40);
      renderUi(<Screen dialogOpen />);
      advance(500);
      expect(toastStackTop(document)).toBe(TOAST_STACK_TOP_PX);
    });

    it('without a dialog the stack sits below the page header', () => {
      headersEndAt(300);
      renderUi(<Toaster store={store} />);
      expect(toastStackTop(document)).toBe(TOAST_STACK_TOP_PX);
    });
  });

  it('lets clicks through the stack: only the toasts themselves take the pointer', () => {
    const uiCss = readFileSync(join(__dirname, 'ui.css'), 'utf8');
    const rule = (selector: string): string =>
      new RegExp(`\\${selector}\\s*\\{([^}]*)\\}`).exec(uiCss)?.[1] ?? '';
    expect(rule('.fr-toasts')).toMatch(/pointer-events:\s*none/);
    expect(rule('.fr-toast')).toMatch(/pointer-events:\s*auto/);
  });
});
