import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../../components/testing/render-screen.tsx';
import { toastStore } from '../../../lib/toast.ts';
import { ReportKeyDownload } from './report-key-download.tsx';
import { reportKeyFromHash, reportKeyLink } from './report-key-link.ts';

const downloads: string[] = [];

beforeEach(() => {
  downloads.length = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: () => 'blob:rapor',
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  window.location.hash = '';
});

describe('Report-Key link', () => {
  it('round-trips the key through the link fragment', () => {
    const link = reportKeyLink('https://fonrisk.example', 'rk_a+b/c');
    expect(link).toBe('https://fonrisk.example/#report-key=rk_a%2Bb%2Fc');
    expect(reportKeyFromHash(new URL(link).hash)).toBe('rk_a+b/c');
    expect(reportKeyFromHash('#baska=1')).toBeNull();
  });

  it('renders nothing without a key in the address', () => {
    mockApi({});
    renderScreen(<ReportKeyDownload />);
    expect(screen.queryByTestId('report-key-download')).toBeNull();
  });

  it('posts the key without a session and downloads the PDF', async () => {
    window.location.hash = '#report-key=rk_ab12-gizli';
    const api = mockApi({
      'POST reports/download': () =>
        new Response('%PDF', {
          headers: { 'Content-Disposition': 'attachment; filename="kurul-raporu.pdf"' },
        }),
    });
    renderScreen(<ReportKeyDownload />);
    expect(await screen.findByTestId('report-key-download')).toBeTruthy();
    await waitFor(() => expect(downloads).toEqual(['kurul-raporu.pdf']));
    const post = api.calls.find((c) => c.path === 'reports/download')!;
    expect(post.search.get('format')).toBe('pdf');
    const init = vi
      .mocked(fetch)
      .mock.calls.find(([u]) => typeof u === 'string' && u.includes('reports/download'))?.[1];
    expect(new Headers(init?.headers).get('Report-Key')).toBe('rk_ab12-gizli');
    expect(new Headers(init?.headers).has('Authorization'), 'no session').toBe(false);
    expect(
      api.calls.filter((c) => c.path === 'reports/download'),
      'once',
    ).toHaveLength(1);
  });

  it('toasts the raw body of a refused key and says the download failed', async () => {
    window.location.hash = '#report-key=rk_eski';
    const body = '{"detail":"Bu bağlantının süresi 01.11.2026 tarihinde doldu."}';
    mockApi({
      'POST reports/download': () =>
        new Response(body, {
          status: 410,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
    });
    renderScreen(<ReportKeyDownload />);
    expect((await screen.findByRole('alert')).textContent).toBe('Rapor indirilemedi.');
    expect(toastStore.list().map((t) => t.message)).toContain(body);
    expect(downloads).toEqual([]);
  });
});
