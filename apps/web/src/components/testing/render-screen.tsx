import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { saveLogin } from '../../lib/session.ts';
import { renderUi } from '../../test/render.tsx';
import { tokenExpiringIn } from '../../test/tokens.ts';

/** Renders a screen with Mantine, a fresh query client (no retries) and a router at `path` (test helper). */
export function renderScreen(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return renderUi(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Signs a demo user of the given role in, as the login screen would. */
export function signInAs(role: 'Admin' | 'Hesaplayici' | 'Gozlemleyici' | 'Super Admin'): void {
  saveLogin({
    accessToken: tokenExpiringIn(600),
    userRole: role,
    fullName: 'Test Kullanıcı',
    module: '1,2,3,4,5',
    userId: 7,
  });
}

export interface RecordedCall {
  readonly method: string;
  readonly path: string;
  readonly search: URLSearchParams;
  readonly body: BodyInit | null | undefined;
}

type Answer = Response | ((call: RecordedCall) => Response);

/**
 * Stubs `fetch` with answers per "METHOD path" (path without the /api/ prefix and query); an
 * unknown call answers 404. The anti-forgery cookie is set so POSTs go straight to the route.
 */
export function mockApi(routes: Readonly<Record<string, Answer>>) {
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: RecordedCall = {
      method,
      path: url.pathname.replace(/^\/api\//, ''),
      search: url.searchParams,
      body: init?.body,
    };
    calls.push(call);
    const answer = routes[`${method} ${call.path}`];
    if (answer === undefined)
      return Promise.resolve(Response.json({ detail: 'yok' }, { status: 404 }));
    return Promise.resolve(typeof answer === 'function' ? answer(call) : answer.clone());
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

/** An RFC 9457 problem response. */
export function problem(
  status: number,
  detail: string,
  extra: Record<string, unknown> = {},
): Response {
  return new Response(
    JSON.stringify({
      type: 'about:blank',
      title: 'Hata',
      status,
      detail,
      traceId: 't-1',
      ...extra,
    }),
    {
      status,
      headers: { 'Content-Type': 'application/problem+json' },
    },
  );
}
