import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { BenchmarkSettingsPage } from './benchmark-settings-page.tsx';

const KO1 = {
  code: 'KO1',
  name: 'Karma Ölçüt',
  kind: 'composite',
  rebalancing: 'monthly',
  components: [{ seriesTicker: 'XU100', weightPct: 100 }],
  holdingsPortfolioCode: null,
};

describe('benchmark settings page', () => {
  beforeEach(() => signInAs('Admin'));

  it('does not ask for the returns of a benchmark it has just deleted', async () => {
    let deleted = false;
    const api = mockApi({
      'GET benchmarks': () => Response.json(deleted ? [] : [KO1]),
      'GET benchmarks/KO1/returns': () =>
        deleted
          ? Response.json({ title: 'Bulunamadı', status: 404 }, { status: 404 })
          : Response.json({ points: [], unmapped: [], priceBasis: 'totalReturn' }),
      'DELETE benchmarks/KO1': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    renderScreen(<BenchmarkSettingsPage />);
    const table = await screen.findByTestId('benchmark-table');
    await screen.findByTestId('benchmark-returns');
    fireEvent.click(within(table).getByRole('button', { name: 'Sil' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sil' }));
    await screen.findByText('Henüz karşılaştırma ölçütü tanımlanmamış.');
    await waitFor(() => expect(screen.queryByTestId('benchmark-returns')).toBeNull());
    const returnsCalls = api.calls.filter((c) => c.path === 'benchmarks/KO1/returns');
    expect(returnsCalls, 'only the first load asks for the returns').toHaveLength(1);
  });
});
