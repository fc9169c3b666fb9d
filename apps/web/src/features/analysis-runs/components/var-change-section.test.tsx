import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VarChangeResponse } from '@fonrisk/contracts';
import {
  mockApi,
  problem,
  renderScreen,
  signInAs,
} from '../../../components/testing/render-screen.tsx';
import { VarChangeSection } from './var-change-section.tsx';

const parameters = {
  method: 'historical',
  confidenceLevel: 0.99,
  horizonDays: 20,
  horizonScaling: 'sqrtTime',
  scalingRule: 'RMD(20 gün) = RMD(1 gün) × √20',
  windowDays: 250,
  approach: 'absolute',
  lambda: null,
  draws: null,
  seed: null,
  mean: 'include',
  priceBasis: 'adjusted',
} as const;

const step = (
  factor: VarChangeResponse['steps'][number]['factor'],
  fromVarTry: number,
  toVarTry: number,
  minTry: number,
  maxTry: number,
) => ({
  factor,
  fromVarTry,
  toVarTry,
  changeTry: toVarTry - fromVarTry,
  minTry,
  maxTry,
  positions: [],
});

// 1.000.000 TL → 1.250.000 TL: +300.000 positions, −100.000 window, +50.000 prices, 0 parameters.
const RESULT: VarChangeResponse = {
  portfolioCode: 'DHS',
  portfolioName: 'Demo Hisse Fonu',
  from: {
    date: '2026-11-26',
    navTry: 10_000_000,
    varTry: 1_000_000,
    varPct: 0.1,
    parameters,
    runId: 'r1',
  },
  to: {
    date: '2026-11-27',
    navTry: 10_000_000,
    varTry: 1_250_000,
    varPct: 0.125,
    parameters,
    runId: null,
  },
  changeTry: 250_000,
  order: ['positions', 'window', 'prices', 'parameters'],
  orders: 24,
  steps: [
    {
      ...step('positions', 1_000_000, 1_300_000, 280_000, 310_000),
      positions: [
        {
          instrumentCode: 'THYAO',
          instrumentName: 'Türk Hava Yolları',
          beforeTry: 100_000,
          afterTry: 390_000,
          changeTry: 290_000,
        },
      ],
    },
    step('window', 1_300_000, 1_200_000, -110_000, -95_000),
    step('prices', 1_200_000, 1_250_000, 45_000, 52_000),
    step('parameters', 1_250_000, 1_250_000, -0.0000001, 0.0000001),
  ],
};

describe('RMD neden değişti?', () => {
  it('asks for the fund and dates and shows the parts, their spread over the orders and the positions', async () => {
    signInAs('Gozlemleyici');
    const { calls } = mockApi({ 'GET var-change': Response.json(RESULT) });
    renderScreen(<VarChangeSection portfolioCode="DHS" from="2026-11-26" to="2026-11-27" />);
    const view = await screen.findByTestId('var-change');
    const call = calls.find((c) => c.path === 'var-change')!;
    expect(Object.fromEntries(call.search)).toEqual({
      portfolioCode: 'DHS',
      from: '2026-11-26',
      to: '2026-11-27',
    });
    expect(view.textContent).toContain(
      '26.11.2026 RMD 1.000.000 TL (%10,00 FTD) → 27.11.2026 RMD 1.250.000 TL (%12,50 FTD): değişim +250.000 TL.',
    );
    expect(view.textContent).toContain(
      'Kullanılan sıra: Pozisyon değişimi → Gözlem penceresi → Fiyat seviyeleri → Parametre / yöntem.',
    );
    expect(view.textContent).toContain('24 sıralamanın');
    expect(view.textContent).toContain('26.11.2026 parametreleri: o günün RMD hesaplamasından.');
    const rows = within(screen.getByTestId('var-change-parts')).getAllByRole('row');
    expect(
      rows.slice(1).map((r) => [...r.querySelectorAll('td')].slice(0, 3).map((c) => c.textContent)),
    ).toEqual([
      ['Pozisyon değişimi', '+300.000 TL', '+280.000 TL – +310.000 TL'],
      ['Gözlem penceresi', '-100.000 TL', '-110.000 TL – -95.000 TL'],
      ['Fiyat seviyeleri', '+50.000 TL', '+45.000 TL – +52.000 TL'],
      ['Parametre / yöntem', '0 TL', '0 TL – 0 TL'],
      ['Toplam değişim', '+250.000 TL', ''],
    ]);
    const positions = screen.getByTestId('var-change-positions-positions');
    expect(positions.textContent).toContain('THYAO');
    expect(positions.textContent).toContain('+290.000 TL');
    expect(screen.getByTestId('var-change-positions-parameters').textContent).toContain(
      'Bu adımda bileşen RMD değişen pozisyon yok.',
    );
  });

  it('says the API’s Turkish reason when the change cannot be explained', async () => {
    signInAs('Gozlemleyici');
    const detail =
      "'DHS' portföyünün 22.11.2026 tarihli dağılımı yok. En yakın dağılım tarihleri: 20.11.2026, 23.11.2026.";
    mockApi({ 'GET var-change': problem(422, detail) });
    renderScreen(<VarChangeSection portfolioCode="DHS" to="2026-11-22" />);
    await waitFor(() => expect(screen.getByTestId('var-change-error').textContent).toBe(detail));
  });
});
