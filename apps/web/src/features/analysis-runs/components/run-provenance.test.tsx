import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Run } from '@fonrisk/contracts';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { toastStore } from '../../../lib/toast.ts';
import { EMPTY_VAR_RESULT, runSummary } from './run.fixture.tsx';
import { dataDateRows, RunProvenance } from './run-provenance.tsx';

const DONE: Run = {
  ...runSummary({
    status: 'done',
    progress: 1,
    engineVersion: '0.1.0',
    dataSnapshot: {
      holdingsDates: { DAL: ['2026-11-18', '2026-11-20'], DHS: ['2026-11-19'] },
      marketDataThrough: '2026-11-20',
      settings: { absoluteLimitPct: 20 },
    },
  }),
  result: EMPTY_VAR_RESULT,
};

afterEach(() => vi.unstubAllGlobals());

describe('run provenance', () => {
  it('reads the holdings dates and the last market date of every snapshot shape', () => {
    expect(dataDateRows(DONE.dataSnapshot)).toEqual([
      ['Portföy dağılımı tarihleri', '18.11.2026 – 20.11.2026'],
      ['Piyasa verisi (son tarih)', '20.11.2026'],
    ]);
    expect(dataDateRows({ holdingsDate: '2026-11-20' })).toEqual([
      ['Portföy dağılımı tarihleri', '20.11.2026'],
    ]);
    expect(dataDateRows({ holdingsDates: { A: '2026-11-19', B: '2026-11-20' } })).toEqual([
      ['Portföy dağılımı tarihleri', '19.11.2026 – 20.11.2026'],
    ]);
    expect(dataDateRows(null)).toEqual([]);
    expect(dataDateRows({ marketDataThrough: 5 })).toEqual([]);
  });

  it('shows the engine version and data dates, and downloads the input bundle as JSON', async () => {
    signInAs('Gozlemleyici');
    const createObjectURL = vi.fn(() => 'blob:paket');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { calls } = mockApi({
      [`GET analyses/runs/${DONE.id}/bundle`]: () =>
        new Response(JSON.stringify({ format: 'fonrisk-input-bundle' }), {
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition':
              "attachment; filename*=UTF-8''RMD-Analizi_Girdi-Paketi_2026-11-20.json",
          },
        }),
    });
    renderScreen(<RunProvenance run={DONE} />);
    const strip = screen.getByTestId('run-provenance');
    expect(within(strip).getByText('Motor sürümü')).toBeTruthy();
    expect(within(strip).getByText('0.1.0')).toBeTruthy();
    expect(within(strip).getByText('18.11.2026 – 20.11.2026')).toBeTruthy();
    fireEvent.click(within(strip).getByRole('button', { name: 'Girdi paketini indir' }));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(
        `GET analyses/runs/${DONE.id}/bundle`,
      ),
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    await waitFor(() =>
      expect(toastStore.list().map((t) => t.message)).toContainEqual(
        expect.stringContaining('RMD-Analizi_Girdi-Paketi_2026-11-20.json'),
      ),
    );
  });

  it('offers the bundle of a done run of every type, a non-Module-1 type included (decision 0041)', async () => {
    signInAs('Gozlemleyici');
    const createObjectURL = vi.fn(() => 'blob:paket');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const run: Run = { ...DONE, analysisType: 'fund-statistics' };
    const { calls } = mockApi({
      [`GET analyses/runs/${run.id}/bundle`]: () =>
        new Response(JSON.stringify({ format: 'fonrisk-input-bundle', version: 2 }), {
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition':
              "attachment; filename*=UTF-8''Fon-Istatistikleri_Girdi-Paketi_2026-11-20.json",
          },
        }),
    });
    renderScreen(<RunProvenance run={run} />);
    fireEvent.click(screen.getByRole('button', { name: 'Girdi paketini indir' }));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(
        `GET analyses/runs/${run.id}/bundle`,
      ),
    );
    await waitFor(() =>
      expect(toastStore.list().map((t) => t.message)).toContainEqual(
        expect.stringContaining('Fon-Istatistikleri_Girdi-Paketi_2026-11-20.json'),
      ),
    );
  });

  it('offers no bundle for a run that is not done', () => {
    signInAs('Gozlemleyici');
    mockApi({});
    renderScreen(
      <RunProvenance run={{ ...DONE, status: 'failed', analysisType: 'stress-test' }} />,
    );
    expect(screen.queryByRole('button', { name: 'Girdi paketini indir' })).toBeNull();
    expect(screen.getByText('0.1.0')).toBeTruthy();
  });
});
