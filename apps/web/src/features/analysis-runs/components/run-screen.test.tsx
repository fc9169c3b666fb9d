import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Run } from '@fonrisk/contracts';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { EMPTY_VAR_RESULT, runSummary, TEST_VAR_SCREEN } from './run.fixture.tsx';
import { RunScreen } from './run-screen.tsx';

const FIRST = runSummary();
const SECOND_ID = '00000000-0000-4000-8000-000000000002';

/** A screen whose form has already started FIRST. */
function Screen() {
  const [runId, setRunId] = useState<string | null>(FIRST.id);
  return (
    <RunScreen
      form={{
        analysisType: 'var',
        runId,
        follow: (run) => setRunId(run.id),
        submit: () => undefined,
        pending: false,
      }}
      messages={{
        runSubtitle: 'Deneme',
        formTitle: 'Parametreler',
        noResultYet: 'Henüz sonuç yok',
      }}
      screen={TEST_VAR_SCREEN}
    >
      <p>alanlar</p>
    </RunScreen>
  );
}

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
  signInAs('Hesaplayici');
});

describe('RunScreen', () => {
  it('follows the run live and closes the event stream once it has ended', async () => {
    let server: Run = { ...FIRST, result: null };
    mockApi({ [`GET analyses/runs/${FIRST.id}`]: () => Response.json(server) });
    renderScreen(<Screen />);
    expect(await screen.findByText('%42 · Senaryolar hesaplanıyor')).toBeTruthy();
    const stream = FakeEventSource.last();
    server = { ...runSummary({ status: 'done', progress: 1 }), result: EMPTY_VAR_RESULT };
    act(() => stream.emit('run', runSummary({ status: 'done', progress: 1 })));
    expect((await screen.findByTestId('result')).textContent).toBe(`sonuç ${FIRST.id}`);
    await waitFor(() => expect(stream.closed, 'a finished run sends nothing more').toBe(true));
  });

  it('follows the new run after a rerun from the status card', async () => {
    const cancelled: Run = { ...runSummary({ status: 'cancelled' }), result: null };
    const second: Run = {
      ...runSummary({ id: SECOND_ID, progress: 0.1, progressMessage: 'Veriler okunuyor' }),
      result: null,
    };
    mockApi({
      [`GET analyses/runs/${FIRST.id}`]: Response.json(cancelled),
      [`POST analyses/runs/${FIRST.id}/rerun`]: Response.json(second),
      [`GET analyses/runs/${SECOND_ID}`]: Response.json(second),
    });
    renderScreen(<Screen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Yeniden çalıştır' }));
    expect(await screen.findByText('%10 · Veriler okunuyor')).toBeTruthy();
    expect(FakeEventSource.last().closed, 'the new run is followed live').toBe(false);
  });

  it('frames the fields with the title and the start button for run roles', () => {
    mockApi({ [`GET analyses/runs/${FIRST.id}`]: Response.json({ ...FIRST, result: null }) });
    renderScreen(<Screen />);
    const form = screen.getByRole('form', { name: 'Parametreler' });
    expect(form.textContent).toContain('alanlar');
    expect(screen.getByRole('button', { name: 'Analizi başlat' })).toBeTruthy();
  });

  it('shows an observer a note instead of the form', () => {
    signInAs('Gozlemleyici');
    renderScreen(<Screen />);
    expect(screen.getByText(/Gözlemci rolü analiz başlatamaz/)).toBeTruthy();
    expect(screen.queryByText('alanlar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Analizi başlat' })).toBeNull();
  });
});
