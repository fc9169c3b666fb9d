import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { KeepStateProvider, KeepStateSlot } from './keep-state.tsx';

/** A screen with real state: a text input, a selected tab and a computed "result". */
function StatefulScreen({ name }: { name: string }) {
  const [tab, setTab] = useState('girdiler');
  const [input, setInput] = useState('');
  const [result, setResult] = useState<string | null>(null);
  return (
    <div>
      <h1>{name}</h1>
      <button onClick={() => setTab('sonuclar')}>tab</button>
      <span data-testid={`${name}-tab`}>{tab}</span>
      <input
        aria-label={`${name}-input`}
        value={input}
        onChange={(e) => setInput(e.currentTarget.value)}
      />
      <button onClick={() => setResult(input.toUpperCase())}>hesapla</button>
      <span data-testid={`${name}-result`}>{result ?? ''}</span>
    </div>
  );
}

function Layout() {
  return (
    <KeepStateProvider renderScreen={(path) => <StatefulScreen name={path} />}>
      <nav>
        <Link to="/varAnalysis">var</Link>
        <Link to="/backtest">backtest</Link>
        <Link to="/portfolios">portfolios</Link>
      </nav>
      <Outlet />
    </KeepStateProvider>
  );
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: 'varAnalysis', element: <KeepStateSlot path="varAnalysis" /> },
          { path: 'backtest', element: <KeepStateSlot path="backtest" /> },
          { path: 'portfolios', element: <StatefulScreen name="portfolios" /> },
        ],
      },
    ],
    { initialEntries: ['/varAnalysis'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function go(name: string): void {
  fireEvent.click(screen.getByRole('link', { name }));
}

describe('keep-state screens', () => {
  it('keep inputs, selected tab and last result after navigating away and back', () => {
    setup();
    fireEvent.change(screen.getByLabelText('varAnalysis-input'), { target: { value: 'fon abc' } });
    fireEvent.click(screen.getByText('tab'));
    fireEvent.click(screen.getByText('hesapla'));
    go('portfolios');
    go('var');
    expect(screen.getByLabelText<HTMLInputElement>('varAnalysis-input').value).toBe('fon abc');
    expect(screen.getByTestId('varAnalysis-tab').textContent).toBe('sonuclar');
    expect(screen.getByTestId('varAnalysis-result').textContent).toBe('FON ABC');
  });

  it('hides a kept screen while another is shown and keeps each one separately', () => {
    setup();
    fireEvent.change(screen.getByLabelText('varAnalysis-input'), { target: { value: 'bir' } });
    go('backtest');
    const kept = document.querySelector<HTMLElement>('[data-keep-state="varAnalysis"]');
    expect(kept?.style.display, 'hidden by Activity').toBe('none');
    fireEvent.change(screen.getByLabelText('backtest-input'), { target: { value: 'iki' } });
    go('var');
    expect(screen.getByLabelText<HTMLInputElement>('varAnalysis-input').value).toBe('bir');
    expect(document.querySelector<HTMLElement>('[data-keep-state="backtest"]')?.style.display).toBe(
      'none',
    );
    go('backtest');
    expect(screen.getByLabelText<HTMLInputElement>('backtest-input').value).toBe('iki');
  });

  it('does not keep ordinary screens', () => {
    setup();
    go('portfolios');
    fireEvent.change(screen.getByLabelText('portfolios-input'), { target: { value: 'geçici' } });
    go('var');
    go('portfolios');
    expect(screen.getByLabelText<HTMLInputElement>('portfolios-input').value).toBe('');
  });

  it('restores the scroll position of a kept screen on return', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    setup();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    go('portfolios');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    scrollTo.mockClear();
    go('var');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
