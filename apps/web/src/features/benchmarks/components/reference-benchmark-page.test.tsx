import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { ReferenceBenchmarkPage } from './reference-benchmark-page.tsx';

const benchmark = (code: string, name: string) => ({
  code,
  name,
  kind: 'composite',
  rebalancing: 'monthly',
  components: [{ seriesTicker: 'XU100', weightPct: 100 }],
  holdingsPortfolioCode: null,
});

const KARMA = benchmark(
  'BM-KARMA',
  '%50 BIST 100 + %40 DİBS Tüm Endeksi + %10 Para Piyasası Endeksi (Demo verisi)',
);
const HISSE = benchmark('BM-HISSE', '%95 BIST 100 + %5 Para Piyasası Endeksi');

describe('reference benchmark page', () => {
  beforeEach(() => signInAs('Admin'));

  it('shows the chosen benchmark’s definition whole beside its code and saves a new choice', async () => {
    let saved: unknown = null;
    mockApi({
      'GET benchmarks': () => Response.json([KARMA, HISSE]),
      'GET reference-benchmarks': () =>
        Response.json([
          { portfolioCode: 'DKR', portfolioName: 'Karma Fon', benchmarkCode: 'BM-KARMA' },
          { portfolioCode: 'DPP', portfolioName: 'Para Piyasası Fonu', benchmarkCode: null },
        ]),
      'PUT reference-benchmarks/DPP': (call) => {
        saved = JSON.parse(call.body as string);
        return Response.json({
          portfolioCode: 'DPP',
          portfolioName: 'Para Piyasası Fonu',
          benchmarkCode: 'BM-HISSE',
        });
      },
    });
    renderScreen(<ReferenceBenchmarkPage />);
    expect((await screen.findByTestId('reference-definition-DKR')).textContent).toBe(KARMA.name);
    expect(screen.getByTestId('reference-definition-DPP').textContent).toBe('–');
    expect(screen.getByRole('textbox', { name: 'Referans Ölçüt DKR' })).toHaveProperty(
      'value',
      'BM-KARMA',
    );

    // The list names each benchmark with its definition.
    const select = screen.getByRole('textbox', { name: 'Referans Ölçüt DPP' });
    fireEvent.click(select);
    const list = await waitFor(() => {
      const id = select.getAttribute('aria-controls');
      expect(id).not.toBeNull();
      return document.getElementById(id!)!;
    });
    fireEvent.click(
      within(list).getByRole('option', { name: `BM-HISSE · ${HISSE.name}`, hidden: true }),
    );
    await waitFor(() => expect(saved).toEqual({ benchmarkCode: 'BM-HISSE' }));
  });
});
