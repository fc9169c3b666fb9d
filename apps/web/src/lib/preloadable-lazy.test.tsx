import { Suspense, useState, type ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isPreloadable, preloadableLazy, preloadablesIn } from './preloadable-lazy.tsx';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button onClick={() => setCount((c) => c + 1)}>
      {label} {count}
    </button>
  );
}

function inSuspense(children: ReactNode) {
  return <Suspense fallback={<p>yükleniyor</p>}>{children}</Suspense>;
}

describe('preloadableLazy (decision 0124)', () => {
  it('suspends on its first render when its code was not preloaded, as React.lazy does', async () => {
    const Screen = preloadableLazy(() => Promise.resolve(Counter));
    render(inSuspense(<Screen label="ekran" />));
    expect(screen.getByText('yükleniyor')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'ekran 0' })).toBeTruthy();
  });

  it('renders without a loading step once preloaded, loading the code once', async () => {
    const load = vi.fn(() => Promise.resolve(Counter));
    const Screen = preloadableLazy(load);
    await Promise.all([Screen.preload(), Screen.preload()]);
    render(inSuspense(<Screen label="ekran" />));
    // No await: the first render already shows the screen, never the fallback.
    expect(screen.getByRole('button', { name: 'ekran 0' })).toBeTruthy();
    expect(screen.queryByText('yükleniyor')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the state of an instance that mounted before its code was preloaded', async () => {
    const Screen = preloadableLazy(() => Promise.resolve(Counter));
    const { rerender } = render(inSuspense(<Screen label="ekran" />));
    fireEvent.click(await screen.findByRole('button', { name: 'ekran 0' }));
    await act(() => Screen.preload());
    rerender(inSuspense(<Screen label="ekran" />));
    expect(screen.getByRole('button', { name: 'ekran 1' }), 'not remounted').toBeTruthy();
  });

  it('tries a failed load again on the next preload', async () => {
    const load = vi
      .fn<() => Promise<typeof Counter>>()
      .mockRejectedValueOnce(new Error('bağlantı koptu'))
      .mockResolvedValue(Counter);
    const Screen = preloadableLazy(load);
    await expect(Screen.preload()).rejects.toThrow('bağlantı koptu');
    await Screen.preload();
    render(inSuspense(<Screen label="ekran" />));
    expect(screen.getByRole('button', { name: 'ekran 0' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('finds the preloadable parts of an unrendered tree: types, props and children', () => {
    const Page = preloadableLazy(() =>
      Promise.resolve(({ side }: { side: ReactNode }) => <div>{side}</div>),
    );
    const Side = preloadableLazy(() => Promise.resolve(() => <aside />));
    const Inner = preloadableLazy(() => Promise.resolve(() => <span />));
    const tree = (
      <>
        <Page side={<Side />} />
        <section>
          {[<Inner key="a" />]}
          <Counter label="düz" />
        </section>
      </>
    );
    expect(preloadablesIn(tree)).toEqual([Page, Side, Inner]);
    expect(preloadablesIn(<Counter label="düz" />)).toEqual([]);
    expect(isPreloadable(Counter)).toBe(false);
    expect(isPreloadable(Page)).toBe(true);
  });
});
