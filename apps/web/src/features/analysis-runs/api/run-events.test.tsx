import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Run, RunListResponse } from '@fonrisk/contracts';
import { signInAs } from '../../../components/testing/render-screen.tsx';
import {
  FakeEventSource,
  createFakeEventSource as create,
} from '../../../test/fake-event-source.ts';
import { runSummary } from '../components/run.fixture.tsx';
import { runKey, runListKey } from './run-cache.ts';
import { useRunEvents, type RunEventsOptions } from './run-events.ts';

function setup(options: Omit<RunEventsOptions, 'create'> = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    (props: Omit<RunEventsOptions, 'create'>) => useRunEvents({ ...props, create }),
    { wrapper, initialProps: options },
  );
  return { client, hook };
}

const emit = (data: unknown) => act(() => FakeEventSource.last().emit('run', data));
const invalidated = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe('useRunEvents', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    signInAs('Gozlemleyici');
  });

  it('opens the pending-check stream with the token in the query and closes it on unmount', () => {
    const { hook } = setup();
    expect(FakeEventSource.last().url).toMatch(
      /^\/api\/analyses\/checkpending\?access_token=[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    hook.unmount();
    expect(FakeEventSource.last().closed).toBe(true);
  });

  it('uses the analysis-based stream when asked', () => {
    setup({ analysisBased: true });
    expect(FakeEventSource.last().url).toContain(
      '/api/analyses/checkpending/analysis-based?access_token=',
    );
  });

  it('opens no stream while disabled and closes it once disabled (a followed run has ended)', () => {
    const { hook } = setup({ enabled: false });
    expect(FakeEventSource.all).toHaveLength(0);
    hook.rerender({ enabled: true });
    expect(FakeEventSource.all).toHaveLength(1);
    hook.rerender({ enabled: false });
    expect(FakeEventSource.last().closed).toBe(true);
  });

  it('updates the cached run and the list page holding it in place, without reloading the list', () => {
    const { client } = setup();
    const run: Run = { ...runSummary({ progress: 0.1 }), result: null };
    client.setQueryData(runKey(run.id), run);
    const listKey = [...runListKey, { analysisType: 'var' }];
    client.setQueryData<RunListResponse>(listKey, {
      total: 1,
      items: [runSummary({ progress: 0.1 })],
    });
    emit(runSummary({ progress: 0.8, progressMessage: 'Neredeyse bitti' }));
    expect(client.getQueryData<Run>(runKey(run.id))).toMatchObject({
      progress: 0.8,
      progressMessage: 'Neredeyse bitti',
      result: null,
    });
    expect(client.getQueryData<RunListResponse>(listKey)?.items[0]?.progress).toBe(0.8);
    expect(invalidated(client, listKey), 'a patched list is not reloaded').toBe(false);
  });

  it('reloads the lists when a run changes status and refetches a run that finished, for its result', () => {
    const { client } = setup();
    const listKey = [...runListKey, {}];
    client.setQueryData<RunListResponse>(listKey, { total: 0, items: [] });
    client.setQueryData<Run>(runKey(runSummary().id), { ...runSummary(), result: null });
    emit(runSummary({ status: 'done', progress: 1 }));
    expect(invalidated(client, listKey)).toBe(true);
    expect(invalidated(client, runKey(runSummary().id)), 'the result is fetched').toBe(true);
  });

  it('reloads the lists once for a run no page holds, not on each of its progress events', () => {
    const { client } = setup();
    const listKey = [...runListKey, { analysisType: 'var', status: 'done' }];
    client.setQueryData<RunListResponse>(listKey, { total: 0, items: [] });
    emit(runSummary({ progress: 0.1 }));
    expect(invalidated(client, listKey), 'a new run may belong on the page').toBe(true);
    client.setQueryData<RunListResponse>(listKey, { total: 0, items: [] });
    emit(runSummary({ progress: 0.2 }));
    expect(invalidated(client, listKey), 'progress of the same run').toBe(false);
  });

  it('leaves the lists of other analysis types alone', () => {
    const { client } = setup();
    const backtests = [...runListKey, { analysisType: 'backtest' }];
    client.setQueryData<RunListResponse>(backtests, { total: 0, items: [] });
    emit(runSummary({ status: 'queued' }));
    expect(invalidated(client, backtests)).toBe(false);
  });

  it('ignores events of other analysis types when filtered by type', () => {
    const { client } = setup({ analysisType: 'backtest' });
    const listKey = [...runListKey, {}];
    client.setQueryData<RunListResponse>(listKey, { total: 0, items: [] });
    emit(runSummary());
    expect(invalidated(client, listKey)).toBe(false);
  });

  it('never moves a finished run back with a late event', () => {
    const { client } = setup();
    const done: Run = { ...runSummary({ status: 'done', progress: 1 }), result: { ok: true } };
    client.setQueryData(runKey(done.id), done);
    emit(runSummary({ status: 'running', progress: 0.9 }));
    expect(client.getQueryData<Run>(runKey(done.id))).toEqual(done);
  });

  it('ignores data that is not a run summary', () => {
    const { client } = setup();
    const listKey = [...runListKey, {}];
    client.setQueryData<RunListResponse>(listKey, { total: 0, items: [] });
    emit('not json');
    emit({ id: 'x' });
    expect(invalidated(client, listKey)).toBe(false);
  });

  it('re-reads the runs still in progress on every (re)connection, since their changes may have been missed', () => {
    const { client } = setup();
    const running: Run = { ...runSummary(), result: null };
    const done: Run = {
      ...runSummary({ id: '00000000-0000-4000-8000-000000000002', status: 'done' }),
      result: {},
    };
    client.setQueryData(runKey(running.id), running);
    client.setQueryData(runKey(done.id), done);
    act(() => FakeEventSource.last().open());
    expect(invalidated(client, runKey(running.id))).toBe(true);
    expect(invalidated(client, runKey(done.id)), 'a finished run never changes').toBe(false);
  });
});
