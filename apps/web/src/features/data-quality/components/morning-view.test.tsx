import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataQualityResponse } from '@fonrisk/contracts';
import { clearSession, saveLogin } from '../../../lib/session.ts';
import { renderUi } from '../../../test/render.tsx';
import { tokenExpiringIn } from '../../../test/tokens.ts';
import { FINDINGS_SHOWN } from '../findings-shown.ts';
import { MorningViewContent } from './morning-view.tsx';

const DATA: DataQualityResponse = {
  today: '2025-03-11',
  todaySource: 'marketData',
  since: '2025-03-10',
  settings: {
    staleDays: 5,
    jumpSigma: 5,
    jumpWindowDays: 60,
    navTolerancePct: 0.5,
    unmappedTolerancePct: 5,
  },
  funds: [
    {
      portfolioCode: 'DQ-A',
      portfolioName: 'DQ A Fonu',
      holdingsDate: '2025-03-10',
      holdingsArrived: false,
      navFromHoldings: 1000,
      reportedNav: 1052.63,
      navGapPct: -5,
      unmappedWeightPct: 10,
      findings: [
        {
          check: 'unmapped',
          severity: 'warning',
          message: 'DQ-A: DQ-NOMAP bir fiyat serisiyle eşleştirilmemiş (FTD payı %10).',
          instrumentCode: 'DQ-NOMAP',
          weightPct: 10,
          fixRoute: 'ticker-mapper',
        },
        {
          check: 'holdingsMissing',
          severity: 'refuse',
          message: 'DQ-A: 11.03.2025 veya öncesine ait portföy dağılımı yok.',
          instrumentCode: null,
          weightPct: null,
          fixRoute: 'portfolios',
        },
      ],
    },
    {
      portfolioCode: 'DQ-B',
      portfolioName: 'DQ B Fonu',
      holdingsDate: '2025-03-11',
      holdingsArrived: true,
      navFromHoldings: 500,
      reportedNav: null,
      navGapPct: null,
      unmappedWeightPct: 0,
      findings: [],
    },
  ],
  runs: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      analysisType: 'var',
      title: 'RMD Analizi',
      status: 'failed',
      portfolioCodes: ['DQ-A'],
      createdAt: '2025-03-11T06:00:00.000Z',
      finishedAt: '2025-03-11T06:01:00.000Z',
      error: 'eşlenmemiş varlıkların payı %10',
      route: 'var-analysis-result',
    },
  ],
  breaches: [
    {
      kind: 'audit',
      portfolioCode: 'DQ-A',
      message: 'DQ-A: Tek ihraççı sınırı (Açık, 3 gün).',
      since: '2025-03-08',
      route: 'internal-audit-tracking',
    },
  ],
};

function show(data: DataQualityResponse = DATA): void {
  renderUi(
    <MemoryRouter>
      <MorningViewContent data={data} />
    </MemoryRouter>,
  );
}

function signInAsHesaplayici(): void {
  saveLogin({
    accessToken: tokenExpiringIn(3600),
    userRole: 'Hesaplayici',
    fullName: 'Test',
    module: '1,2,3',
    userId: 5,
  });
}

afterEach(() => clearSession());

describe('MorningViewContent', () => {
  it('shows today, every fund with its findings, the runs and the breaches, with links', () => {
    signInAsHesaplayici();
    show();
    expect(screen.getByTestId('dq-today').textContent).toBe(
      'Bugün: 11.03.2025 (en son piyasa verisi olan gün)',
    );
    const a = screen.getAllByTestId('dq-fund')[0]!;
    expect(within(a).getByText('Gelmedi (son: 10.03.2025)')).toBeTruthy();
    expect(within(a).getByText('Eşlenmemiş varlık')).toBeTruthy();
    expect(within(a).getByText('Analizi durdurur')).toBeTruthy();
    const fix = within(a).getByRole('link', { name: 'Sembol Eşleştirme ekranında düzelt' });
    expect(fix.getAttribute('href')).toBe('/ticker-mapper');
    const b = screen.getAllByTestId('dq-fund')[1]!;
    expect(within(b).getByText('Sorun yok')).toBeTruthy();
    expect(within(b).getByText('Geldi')).toBeTruthy();
    const runs = screen.getByTestId('dq-runs');
    expect(within(runs).getByText('Hata')).toBeTruthy();
    expect(within(runs).getByRole('link', { name: 'Aç' }).getAttribute('href')).toBe(
      '/var-analysis-result?run=00000000-0000-4000-8000-000000000001',
    );
    const breaches = screen.getByTestId('dq-breaches');
    expect(within(breaches).getByText('İç denetim')).toBeTruthy();
    expect(within(breaches).getByRole('link', { name: 'Aç' }).getAttribute('href')).toBe(
      '/internal-audit-tracking',
    );
  });

  it('offers no link to a screen the user may not open', () => {
    saveLogin({
      accessToken: tokenExpiringIn(3600),
      userRole: 'Gozlemleyici',
      fullName: 'Test',
      module: '2',
      userId: 6,
    });
    show();
    // Module 1 results and module 3 tracking are closed to a module-2 observer.
    expect(screen.queryByRole('link', { name: 'Aç' })).toBeNull();
    // The data screens are open to every signed-in user.
    expect(screen.getByRole('link', { name: 'Portföyler ekranında düzelt' })).toBeTruthy();
  });

  it('shows a fund’s first findings and the rest on request', () => {
    signInAsHesaplayici();
    const many = Array.from({ length: FINDINGS_SHOWN + 3 }, (_, i) => ({
      check: 'priceJump' as const,
      severity: 'warning' as const,
      message: `DQ-A: sıçrama ${String(i + 1)}`,
      instrumentCode: `J${String(i + 1)}`,
      weightPct: 1,
      fixRoute: 'symbol-search',
    }));
    show({ ...DATA, funds: [{ ...DATA.funds[0]!, findings: many }] });
    const fund = screen.getByTestId('dq-fund');
    expect(within(fund).getAllByTestId('dq-finding')).toHaveLength(FINDINGS_SHOWN);
    expect(within(fund).queryByText(`DQ-A: sıçrama ${String(FINDINGS_SHOWN + 1)}`)).toBeNull();
    fireEvent.click(within(fund).getByRole('button', { name: '3 bulgu daha göster' }));
    expect(within(fund).getAllByTestId('dq-finding')).toHaveLength(FINDINGS_SHOWN + 3);
    expect(within(fund).getByText(`DQ-A: sıçrama ${String(FINDINGS_SHOWN + 3)}`)).toBeTruthy();
    expect(within(fund).queryByRole('button', { name: /bulgu daha/ })).toBeNull();
  });
});
