import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { isValidElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ROUTES } from '@fonrisk/contracts';
import { PlaceholderPage } from '../features/placeholder/components/placeholder-page.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveLogin } from '../lib/session.ts';
import { tokenExpiringIn } from '../test/tokens.ts';
import { APP_MESSAGES } from './messages.ts';
import { createQueryClient } from './providers.tsx';
import { appRoutes } from './router.tsx';
import { preloadablesIn } from '../lib/preloadable-lazy.tsx';
import { screenFor } from './screens.tsx';

function renderAt(url: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [url] });
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

function signIn(role: string, module: string, accessToken = tokenExpiringIn(3600)): void {
  saveLogin({
    accessToken,
    userRole: role as 'Admin',
    fullName: 'Zeynep Arslan',
    module,
    userId: 5,
  });
}

const where = (router: ReturnType<typeof renderAt>): string =>
  `${router.state.location.pathname}${router.state.location.search}`;

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(Response.json([])));
});

// A test that ends on a screen still loading (React.lazy) leaves its import running into the next
// file of this worker, which shares the module graph (decision 0072): CI once saw the portfolios
// screen's modules cut off half-loaded by the teardown, and two later files failed at import.
// Each test ends when the screens it opened have loaded.
afterEach(async () => {
  await waitFor(() => expect(screen.queryByLabelText(APP_MESSAGES.loadingScreen)).toBeNull(), {
    timeout: 15_000,
  });
});

describe('app routes and guard', () => {
  it('sends a signed-out user from a guarded route to login with the attempted url', async () => {
    const router = renderAt('/portfolios?fund=ABC');
    await waitFor(() => expect(where(router)).toBe('/login?returnUrl=%2Fportfolios%3Ffund%3DABC'));
  });

  it('treats a two-segment token as absent', async () => {
    const [h, p] = tokenExpiringIn(3600).split('.');
    signIn('Admin', '1,2,3,4,5', `${h}.${p}`);
    const router = renderAt('/user-settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends a user without the route module home', async () => {
    signIn('Hesaplayici', '1,3');
    const router = renderAt('/stress-test');
    await waitFor(() => expect(where(router)).toBe('/'));
  });

  it('sends an observer home from a run screen but opens a results screen', async () => {
    signIn('Gozlemleyici', '1,2,3,4,5');
    const router = renderAt('/varAnalysis');
    await waitFor(() => expect(where(router)).toBe('/'));
    await router.navigate('/var-analysis-result');
    expect(
      await screen.findByRole('heading', { name: 'RMD Analizi Sonuçları' }, { timeout: 10_000 }),
      'the results screen itself, lazily loaded',
    ).toBeTruthy();
  });

  it('renders a built screen for every route of the table (no placeholder is left)', () => {
    const placeholders = ROUTES.filter((route) => {
      const element = screenFor(route.path);
      return isValidElement(element) && element.type === PlaceholderPage;
    }).map((route) => route.path);
    expect(placeholders).toEqual([]);
    // A route added to the table before its screen still gets the Turkish placeholder.
    const fallback = screenFor('henuz-yapilmamis-ekran');
    expect(isValidElement(fallback) && fallback.type === PlaceholderPage).toBe(true);
  });

  it("can fetch the code of every route's screen before its first render (decision 0124)", () => {
    // A screen loaded with a plain React.lazy would wait on a fresh page load for nothing.
    const withoutPreload = ROUTES.filter(
      (route) => preloadablesIn(screenFor(route.path)).length === 0,
    );
    expect(withoutPreload.map((route) => route.path)).toEqual([]);
  });

  it('shows a Turkish 404 page for unknown and wrongly cased paths', async () => {
    signIn('Admin', '1,2,3,4,5');
    const router = renderAt('/yok-boyle-bir-sayfa');
    expect(await screen.findByText('Sayfa bulunamadı')).toBeTruthy();
    await router.navigate('/varanalysis');
    expect(await screen.findByText('Sayfa bulunamadı')).toBeTruthy();
  });

  it('logout clears all local storage and goes to login', async () => {
    signIn('Admin', '1,2,3,4,5');
    localStorage.setItem('unrelated', 'x');
    const router = renderAt('/portfolios');
    fireEvent.click(await screen.findByRole('button', { name: 'Çıkış yap' }));
    await waitFor(() => expect(localStorage.length).toBe(0));
    expect(where(router), 'plain /login, no returnUrl to the screen just left').toBe('/login');
  });

  it('shows the signed-in user and role label in the header and only allowed menu entries', async () => {
    signIn('Hesaplayici', '1,3');
    renderAt('/portfolios');
    expect(await screen.findByTestId('user-full-name')).toHaveProperty(
      'textContent',
      'Zeynep Arslan',
    );
    expect(screen.getByTestId('user-role').textContent).toBe('Hesaplayıcı');
    expect(screen.getByRole('link', { name: 'RMD Analizi' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Stres Testi' })).toBeNull();
  });
});

describe('login round trip', () => {
  it('stores the session after login and lands on the returnUrl', async () => {
    const token = tokenExpiringIn(3600);
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockImplementation((input) => {
        if (input === '/api/Authorization/Login') {
          return Promise.resolve(
            Response.json({
              accessToken: token,
              userRole: 'Admin',
              fullName: 'Murat Demir',
              module: '1,2,3,4,5',
              userId: 2,
            }),
          );
        }
        return Promise.resolve(Response.json([]));
      }),
    );
    document.cookie = 'XSRF-TOKEN=abc';
    const router = renderAt('/login?returnUrl=%2Fportfolios%3Ffund%3DABC');
    fireEvent.change(await screen.findByLabelText('Kullanıcı adı'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Parola'), { target: { value: 'Fonrisk.2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Giriş yap' }));
    await waitFor(() => expect(where(router)).toBe('/portfolios?fund=ABC'));
    expect(localStorage.getItem('accessToken')).toBe(token);
    expect(localStorage.getItem('module')).toBe('1,2,3,4,5');
  });

  it('shows field errors in Turkish when the form is empty', async () => {
    renderAt('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Giriş yap' }));
    expect(await screen.findByText('Kullanıcı adı gerekli.')).toBeTruthy();
    expect(screen.getByText('Parola gerekli.')).toBeTruthy();
  });
});
