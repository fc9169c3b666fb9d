import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PortfolioSummary } from '@fonrisk/contracts';
import {
  mockApi,
  renderScreen,
  signInAs,
  type RecordedCall,
} from '../../../components/testing/render-screen.tsx';
import { PortfoliosPage } from './portfolios-page.tsx';

const fund: PortfolioSummary = {
  code: 'AAK',
  name: 'Ak Hisse Fonu',
  kind: 'fund',
  fundCategory: 'equity',
  currency: 'TRY',
  referenceBenchmarkCode: 'XU100',
  managementCompany: 'Ak Portföy',
  isDemo: false,
  retiredAt: null,
  firstDate: '2025-01-31',
  lastDate: '2025-01-31',
  dateCount: 1,
};

const posted = (calls: readonly RecordedCall[], method: string) =>
  calls
    .filter((c) => c.method === method)
    .map((c) => JSON.parse(c.body as string) as Record<string, unknown>);

describe('portfolio records on the portfolios screen (issue 21)', () => {
  beforeEach(() => signInAs('Hesaplayici'));

  it('creates a fund only with its category, then selects it', async () => {
    const api = mockApi({
      'GET portfolios': (call) =>
        Response.json(call.search.get('kind') === 'unified' ? [] : [fund]),
      'GET benchmarks': Response.json([]),
      'POST portfolios': (call) =>
        Response.json({
          ...fund,
          ...(JSON.parse(call.body as string) as object),
          dateCount: 0,
          firstDate: null,
          lastDate: null,
        }),
    });
    renderScreen(<PortfoliosPage kind="fund" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Yeni portföy' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Portföy Kodu' }), {
      target: { value: 'TURFON' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Portföy Adı' }), {
      target: { value: 'Tur Fonu' },
    });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Fon için fon kategorisi seçilmeli')).toBeTruthy();
    expect(posted(api.calls, 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('textbox', { name: 'Fon Kategorisi' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Karma Fon', hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Portföy Yönetim Şirketi' }), {
      target: { value: 'Tur Portföy' },
    });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(posted(api.calls, 'POST')).toEqual([
        {
          code: 'TURFON',
          name: 'Tur Fonu',
          kind: 'fund',
          fundCategory: 'mixed',
          currency: 'TRY',
          referenceBenchmarkCode: null,
          managementCompany: 'Tur Portföy',
        },
      ]),
    );
  }, 60_000);

  it('retires the chosen portfolio after confirmation, sending every other field unchanged', async () => {
    const api = mockApi({
      'GET portfolios': (call) =>
        Response.json(call.search.get('kind') === 'unified' ? [] : [fund]),
      'PUT portfolios/AAK': Response.json({ ...fund, retiredAt: '2026-11-27T10:00:00.000Z' }),
    });
    renderScreen(<PortfoliosPage kind="fund" />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Kullanımdan kaldır' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'AAK kullanımdan kaldırılsın mı?' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Kullanımdan kaldır' }));
    await waitFor(() =>
      expect(posted(api.calls, 'PUT')).toEqual([
        {
          name: 'Ak Hisse Fonu',
          kind: 'fund',
          fundCategory: 'equity',
          currency: 'TRY',
          referenceBenchmarkCode: 'XU100',
          managementCompany: 'Ak Portföy',
          retired: true,
        },
      ]),
    );
  }, 60_000);

  it('lists retired portfolios only when asked, marked as retired, and offers to reactivate', async () => {
    const retired = { ...fund, retiredAt: '2026-11-27T10:00:00.000Z' };
    const api = mockApi({
      'GET portfolios': (call) =>
        Response.json(
          call.search.get('kind') === 'unified'
            ? []
            : call.search.get('includeRetired') === 'true'
              ? [retired]
              : [],
        ),
    });
    renderScreen(<PortfoliosPage kind="fund" />);
    expect(await screen.findByText(/Henüz portföy yok/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Kullanımdan kaldırılanları göster' }));
    expect(await screen.findByTestId('retired-badge')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yeniden etkinleştir' })).toBeTruthy();
    const lists = api.calls.filter((c) => c.path === 'portfolios');
    expect(lists.some((c) => c.search.get('includeRetired') === 'true')).toBe(true);
    expect(
      lists
        .filter((c) => c.search.get('kind') === 'unified')
        .map((c) => c.search.get('includeRetired')),
      'pickers never ask for retired portfolios',
    ).toEqual(lists.filter((c) => c.search.get('kind') === 'unified').map(() => null));
  });
});
