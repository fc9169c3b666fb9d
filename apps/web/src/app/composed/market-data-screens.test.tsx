import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Instrument } from '@fonrisk/contracts';
import { portfolioSummary } from '../../components/testing/portfolio-summary.fixture.ts';
import { mockApi, renderScreen, signInAs } from '../../components/testing/render-screen.tsx';
import { InstrumentsScreen } from './market-data-screens.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TURFON: Instrument = {
  code: 'TURFON',
  name: 'Türk Hisse Fonu',
  mainType: 'fundShare',
  subType: null,
  currency: 'TRY',
  issuer: 'Örnek Portföy',
  issuerGroup: null,
  sector: null,
  isinCode: null,
  isForeign: false,
  tcmbCode: null,
  terms: { kind: 'fund', fundCode: 'TURFON', fundCategory: 'equity', tefasFundType: null },
};

function instrumentsAnswer(call: { search: URLSearchParams }): Response {
  return Response.json(call.search.get('mainType') === 'fundShare' ? [TURFON] : []);
}

describe('fund-creation offers the portfolio of a fund (issue 21)', () => {
  it('shows a fund without portfolio and creates its portfolio from the fund, prefilled', async () => {
    signInAs('Admin');
    const api = mockApi({
      'GET instruments': instrumentsAnswer,
      'GET portfolios': Response.json([]),
      'GET benchmarks': Response.json([]),
      'POST portfolios': (call) =>
        Response.json(portfolioSummary((JSON.parse(call.body as string) as { code: string }).code)),
    });
    renderScreen(<InstrumentsScreen screen="fund" />);
    const table = await screen.findByTestId('instrument-table');
    await within(table).findByText('Tanımlı değil');
    fireEvent.click(within(table).getByRole('button', { name: 'Portföyünü tanımla' }));
    expect(await screen.findByText(/TURFON fonunun dağılımlarının yüklenebilmesi/)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Portföy Kodu/ }).value).toBe(
      'TURFON',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body as string)).toEqual({
      code: 'TURFON',
      name: 'Türk Hisse Fonu',
      kind: 'fund',
      fundCategory: 'equity',
      currency: 'TRY',
      referenceBenchmarkCode: null,
      managementCompany: 'Örnek Portföy',
    });
  });

  it('names the portfolio of a fund that has one and offers nothing then', async () => {
    signInAs('Admin');
    mockApi({
      'GET instruments': instrumentsAnswer,
      'GET portfolios': Response.json([portfolioSummary('TURFON')]),
    });
    renderScreen(<InstrumentsScreen screen="fund" />);
    const table = await screen.findByTestId('instrument-table');
    await waitFor(() => expect(within(table).getAllByText('TURFON')).toHaveLength(2));
    expect(within(table).queryByRole('button', { name: 'Portföyünü tanımla' })).toBeNull();
  });
});
