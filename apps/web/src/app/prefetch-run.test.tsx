import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, use } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveLogin } from '../lib/session.ts';
import { tokenExpiringIn } from '../test/tokens.ts';
import { PrefetchRun } from './module1-screens.tsx';
import { createQueryClient } from './providers.tsx';

/** A screen whose code never arrives: it stays suspended. */
const pending = new Promise<never>(() => undefined);
function StillLoading(): null {
  use(pending);
  return null;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PrefetchRun', () => {
  it('starts reading the opened run while the screen below is still loading', async () => {
    saveLogin({
      accessToken: tokenExpiringIn(3600),
      userRole: 'Hesaplayici',
      fullName: 'Elif Kaya',
      module: '1',
      userId: 3,
    });
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(Response.json({}));
    vi.stubGlobal('fetch', fetchMock);
    const element = (
      <QueryClientProvider client={createQueryClient()}>
        <Suspense fallback={<p>yükleniyor</p>}>
          <PrefetchRun>
            <StillLoading />
          </PrefetchRun>
        </Suspense>
      </QueryClientProvider>
    );
    const router = createMemoryRouter([{ path: '/var-analysis-result', element }], {
      initialEntries: ['/var-analysis-result?run=3f1c2b4a-0000-4000-8000-000000000001'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('yükleniyor')).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([input]) =>
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    expect(
      urls.some((u) => u.endsWith('/analyses/runs/3f1c2b4a-0000-4000-8000-000000000001')),
    ).toBe(true);
  });
});
