import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Run } from '@fonrisk/contracts';
import { runSummary } from '../../analysis-runs/components/run.fixture.tsx';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
import { AuditTrackingPage } from './audit-tracking-page.tsx';

const A = '00000000-0000-4000-8000-0000000000a1';

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

describe('Tüm fonları şimdi denetle', () => {
  it('follows the queued audit and reads the breaches again when it has ended', async () => {
    signInAs('Hesaplayici');
    let breachReads = 0;
    const audit = (status: 'queued' | 'done'): Run => ({
      ...runSummary({
        id: A,
        analysisType: 'internal-audit',
        status,
        progress: status === 'done' ? 1 : 0,
        portfolioCodes: ['DHS', 'DEF'],
      }),
      result: null,
    });
    let server = audit('queued');
    const { calls } = mockApi({
      'GET internal-audit/breaches': () => (breachReads++, Response.json([])),
      'GET internal-audit/criteria': Response.json({ items: [] }),
      'POST internal-audit/run-all': Response.json({ runId: A }),
      [`GET analyses/runs/${A}`]: () => Response.json(server),
    });
    renderScreen(<AuditTrackingPage />);
    const button = await screen.findByRole('button', { name: 'Tüm fonları şimdi denetle' });
    await waitFor(() => expect(breachReads).toBeGreaterThan(0));
    fireEvent.click(button);
    await waitFor(() => expect(calls.some((c) => c.path === `analyses/runs/${A}`)).toBe(true));
    const readsBefore = breachReads;
    const done = runSummary({
      id: A,
      analysisType: 'internal-audit',
      status: 'done',
      progress: 1,
      portfolioCodes: ['DHS', 'DEF'],
    });
    server = audit('done');
    act(() => FakeEventSource.last().emit('run', done));
    await waitFor(() =>
      expect(breachReads, 'the breaches are read again when the audit has ended').toBeGreaterThan(
        readsBefore,
      ),
    );
  });
});
