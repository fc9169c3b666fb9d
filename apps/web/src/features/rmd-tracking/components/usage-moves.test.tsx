import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RmdHistoryResponse, RmdTrackingResponse } from '@fonrisk/contracts';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { RmdTrackingPage } from './rmd-tracking-page.tsx';

const TRACKING: RmdTrackingResponse = {
  warningThresholdPct: 80,
  items: [
    {
      portfolioCode: 'DSF',
      portfolioName: 'Demo Serbest Fon',
      approach: 'absolute',
      asOfDate: '2026-11-27',
      runId: null,
      varTry: 1,
      varPct: 0.09,
      limitPct: 0.04,
      usage: 2.25,
      status: 'breach',
      daysInBreach: 3,
    },
  ],
};

const point = (date: string, usage: number, change: number | null, explain: boolean) => ({
  date,
  varPct: usage * 0.04,
  limitPct: 0.04,
  usage,
  status: 'breach' as const,
  runId: 'r',
  usageChangePoints: change,
  explain,
});

const HISTORY: RmdHistoryResponse = {
  portfolioCode: 'DSF',
  explainAbovePoints: 5,
  items: [
    point('2026-11-25', 2.1, null, false),
    point('2026-11-26', 2.13, 3, false),
    point('2026-11-27', 2.25, 12, true),
  ],
};

describe('RMD limit tracking: days whose usage moved', () => {
  it('lists the days above the setting and explains one between it and the previous point', async () => {
    signInAs('Gozlemleyici');
    const { calls } = mockApi({
      'GET rmd-tracking': Response.json(TRACKING),
      'GET rmd-tracking/DSF/history': Response.json(HISTORY),
    });
    renderScreen(<RmdTrackingPage />);
    fireEvent.click(await screen.findByText('Demo Serbest Fon'));
    const moves = await screen.findByTestId('rmd-usage-moves');
    expect(moves.textContent).toContain(
      'Limit kullanımı 5 puandan fazla değişen günler: RMD neden değişti?',
    );
    expect(moves.textContent).toContain('27.11.2026 (önceki: 26.11.2026): kullanım +12,0 puan');
    expect(moves.textContent).not.toContain('26.11.2026 (önceki');
    expect(calls.some((c) => c.path === 'var-change')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Açıkla' }));
    await screen.findByText('RMD neden değişti?');
    const call = calls.find((c) => c.path === 'var-change')!;
    expect(Object.fromEntries(call.search)).toEqual({
      portfolioCode: 'DSF',
      from: '2026-11-26',
      to: '2026-11-27',
    });
  });
});
