import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PreTradeResponse } from '@fonrisk/contracts';
import {
  mockApi,
  problem,
  renderScreen,
  signInAs,
} from '../../../components/testing/render-screen.tsx';
import { PreTradeSection } from './pre-trade-section.tsx';

const PORTFOLIOS = [
  {
    code: 'DHS',
    name: 'Demo Hisse Senedi Fonu',
    kind: 'fund',
    fundCategory: 'equity',
    currency: 'TRY',
    referenceBenchmarkCode: null,
    managementCompany: null,
    isDemo: true,
    retiredAt: null,
    firstDate: '2025-01-02',
    lastDate: '2026-11-20',
    dateCount: 300,
  },
];
const ROW = { portfolioCode: 'DHS', portfolioDate: '2026-11-20', issuerGroup: null };
const HOLDINGS = {
  portfolioCode: 'DHS',
  portfolioDate: '2026-11-20',
  nav: 1_000_000,
  currency: 'TRY',
  rows: [
    { ...ROW, investmentInstrumentCode: 'BBB', currentValue: 300_000, weightPct: 30 },
    { ...ROW, investmentInstrumentCode: 'AAA', currentValue: 600_000, weightPct: 60 },
    { ...ROW, investmentInstrumentCode: 'CCC', currentValue: 100_000, weightPct: 10 },
  ],
};
const ANSWER: PreTradeResponse = {
  portfolioCode: 'DHS',
  portfolioName: 'Demo Hisse Senedi Fonu',
  holdingsDate: '2026-11-20',
  navTry: 1_000_000,
  cashChangeTry: 0,
  approach: 'absolute',
  varBeforeTry: 50_000,
  varAfterTry: 52_500,
  trades: [],
  checks: [
    {
      kind: 'var',
      code: 'RMD',
      name: 'RMD (mutlak, FTD’ye oran)',
      unit: 'fraction',
      limitText: '≤ %20,00',
      before: { value: 0.05, usage: 0.25, key: null, status: 'pass' },
      after: { value: 0.0525, usage: 0.2625, key: null, status: 'pass' },
    },
    {
      kind: 'concentration',
      code: 'IC-IHRACCI',
      name: 'İç limit: tek ihraççı',
      unit: 'fraction',
      limitText: '≤ %8,00',
      before: { value: 0.6, usage: 7.5, key: 'A Holding', status: 'warning' },
      after: { value: 0.54, usage: 6.75, key: 'A Holding', status: 'breach' },
    },
  ],
  headroom: [
    {
      instrumentCode: 'AAA',
      instrumentName: 'AAA Hisse',
      held: true,
      holdingTry: 600_000,
      maxBuyTry: 12_345.67,
      buyLimit: { kind: 'var', code: 'RMD', name: 'RMD (mutlak, FTD’ye oran)' },
      maxSellTry: 600_000,
      sellLimit: null,
      sellCappedByHolding: true,
      note: null,
    },
  ],
  alreadyBreached: [],
  notes: ['İşlemlerin nakit karşılığı fonun TL nakdine yazılır.'],
  headroomIncluded: true,
};
/** The first answer: the limits only (includeHeadroom false). */
const CHECKS_ONLY: PreTradeResponse = { ...ANSWER, headroomIncluded: false, headroom: [] };

/** Answers each POST as the API does: the headroom only when asked for. */
const byHeadroom = (call: { body?: unknown }) =>
  Response.json(
    (JSON.parse(String(call.body)) as { includeHeadroom?: boolean }).includeHeadroom === false
      ? CHECKS_ONLY
      : ANSWER,
  );

function routes(post: Response | ((call: { body?: unknown }) => Response)) {
  return mockApi({
    'GET portfolios': Response.json(PORTFOLIOS),
    'GET portfolios/DHS/holdings': Response.json(HOLDINGS),
    'POST pre-trade-check': post,
  });
}

describe('İşlem öncesi kontrol', () => {
  it('runs the demo example trades for a calculator and shows before/after statuses and headroom', async () => {
    signInAs('Hesaplayici');
    const { calls } = routes(byHeadroom);
    renderScreen(<PreTradeSection />);
    const checks = await screen.findByTestId('pre-trade-checks', {}, { timeout: 15_000 });
    await screen.findByTestId('pre-trade-headroom', {}, { timeout: 15_000 });
    expect(screen.getByTestId('pre-trade-demo-badge').textContent).toBe(
      'Demo verisi: örnek işlemler',
    );
    // The limits first, then the headroom table in a second request of the same trades.
    const posts = calls
      .filter((c) => c.method === 'POST')
      .map((c): unknown => JSON.parse(c.body as string));
    const request = {
      portfolioCode: 'DHS',
      asOfDate: '2026-11-20',
      trades: [
        { side: 'sell', instrumentCode: 'AAA', amountTry: 60_000 },
        { side: 'buy', instrumentCode: 'BBB', amountTry: 60_000 },
      ],
      headroomInstrumentCodes: [],
    };
    expect(posts).toEqual([
      { ...request, includeHeadroom: false },
      { ...request, includeHeadroom: true },
    ]);
    const issuer = within(checks).getByText('İç limit: tek ihraççı').closest('tr')!;
    expect(issuer.textContent).toContain('%60,00');
    expect(issuer.textContent).toContain('Uyarı');
    expect(issuer.textContent).toContain('İhlal');
    expect(issuer.getAttribute('data-status')).toBe('breach');
    const headroom = screen.getByTestId('pre-trade-headroom');
    expect(headroom.textContent).toContain('12.345,67 TL');
    expect(headroom.textContent).toContain('Portföydeki tutarla sınırlı');
  });

  it('shows the Turkish refusal of a bad trade row under that row', async () => {
    signInAs('Hesaplayici');
    const detail =
      '1. işlem satırı (AAA): satış (700.000,00 TL) portföydeki tutarı (600.000,00 TL) aşıyor.';
    routes(
      problem(400, detail, { errors: [{ field: 'trades.0.amountTry', row: 1, message: detail }] }),
    );
    renderScreen(<PreTradeSection />);
    expect(
      (await screen.findByTestId('pre-trade-error', {}, { timeout: 15_000 })).textContent,
    ).toContain(detail);
    const row = screen.getByTestId('pre-trade-row-0');
    expect(row.textContent).toContain(detail);
  });

  it('lets an observer see the example trades but not run the check', async () => {
    signInAs('Gozlemleyici');
    const { calls } = routes(byHeadroom);
    renderScreen(<PreTradeSection />);
    expect(
      (await screen.findByTestId('pre-trade-observer', {}, { timeout: 15_000 })).textContent,
    ).toContain('Gözlemci rolü işlem öncesi kontrol çalıştıramaz.');
    await waitFor(() => expect(screen.getByTestId('pre-trade-row-1')).toBeTruthy(), {
      timeout: 15_000,
    });
    expect(screen.queryByRole('button', { name: 'Kontrol et' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'İşlem ekle' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
