import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen } from '../../../components/testing/render-screen.tsx';
import { BenchmarkForm } from './benchmark-form.tsx';

const BENCHMARK = {
  code: 'KO1',
  name: 'Karma Ölçüt',
  kind: 'composite' as const,
  rebalancing: 'monthly' as const,
  components: [
    { seriesTicker: 'XU100', weightPct: 60 },
    { seriesTicker: 'BONDIDX', weightPct: 40 },
  ],
  holdingsPortfolioCode: null,
};

const HOLDINGS = {
  code: 'PT1',
  name: 'Portföy ölçütü',
  kind: 'holdings' as const,
  rebalancing: 'monthly' as const,
  components: [],
  holdingsPortfolioCode: 'HSF',
};

describe('benchmark form', () => {
  it('shows the live weight sum and disables saving until it is 100', async () => {
    const api = mockApi({ 'GET portfolios': Response.json([]), 'GET series': Response.json([]) });
    renderScreen(
      <BenchmarkForm benchmark={BENCHMARK} onClose={() => undefined} onSaved={() => undefined} />,
    );
    expect((await screen.findByTestId('weight-sum')).textContent).toBe('Ağırlık toplamı: %100,00');
    const save = screen.getByRole('button', { name: 'Kaydet' });
    expect(save.hasAttribute('disabled')).toBe(false);

    fireEvent.change(screen.getByLabelText('Ağırlık (%) 2'), { target: { value: '30' } });
    expect(screen.getByTestId('weight-sum').textContent).toBe('Ağırlık toplamı: %90,00');
    expect(screen.getByText('Bileşen ağırlıklarının toplamı 100 olmalı.')).toBeTruthy();
    expect(
      save.hasAttribute('disabled'),
      'a composite that does not sum to 100 cannot be saved',
    ).toBe(true);
    fireEvent.click(save);
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('sends the composite with its weights when saved', async () => {
    const api = mockApi({
      'GET portfolios': Response.json([]),
      'GET series': Response.json([]),
      'PUT benchmarks/KO1': Response.json(BENCHMARK),
    });
    renderScreen(
      <BenchmarkForm benchmark={BENCHMARK} onClose={() => undefined} onSaved={() => undefined} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Kaydet' }));
    await screen.findByText('KO1 kaydedildi.').catch(() => undefined);
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(typeof put?.body).toBe('string');
    expect(JSON.parse(put?.body as string)).toMatchObject({
      code: 'KO1',
      components: BENCHMARK.components,
      rebalancing: 'monthly',
    });
  });

  it('creates a holdings benchmark that follows the chosen portfolio', async () => {
    const summary = {
      name: 'Hisse Fonu',
      kind: 'fund',
      fundCategory: null,
      currency: 'TRY',
      referenceBenchmarkCode: null,
      managementCompany: null,
      isDemo: true,
      retiredAt: null,
      firstDate: '2026-01-02',
      lastDate: '2026-11-20',
      dateCount: 5,
    };
    const api = mockApi({
      'GET portfolios': Response.json([{ ...summary, code: 'HSF' }]),
      'GET series': Response.json([]),
      'POST benchmarks': Response.json(HOLDINGS),
    });
    renderScreen(
      <BenchmarkForm benchmark={null} onClose={() => undefined} onSaved={() => undefined} />,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /Kod/ }), {
      target: { value: 'PT1' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Ad/ }), {
      target: { value: 'Portföy ölçütü' },
    });
    fireEvent.click(screen.getByText('Portföy Tabanlı'));
    fireEvent.click(await screen.findByPlaceholderText('Dağılımı izlenecek portföy'));
    fireEvent.click(await screen.findByText('HSF · Hisse Fonu'));
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST');
    expect(JSON.parse(post?.body as string)).toEqual(HOLDINGS);
  });
});
