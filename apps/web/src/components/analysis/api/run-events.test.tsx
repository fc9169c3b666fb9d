import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Run, RunListResponse } from '@fonrisk/contracts';
import type { EventSourceLike } from '../../lib/sse.ts';
import { runKey, runListKey } from './api/runs-api.ts';
import { signIn, summary } from './test-support.tsx';
import { useRunEvents } from './use-run-events.ts';

class FakeEventSource implements EventSourceLike {
  static all: FakeEventSource[] = [];
  readyState = 0;
  onerror: ((event: Event) => void) | null = null;
  onopen: ((event: Event) => void) | null = null;
  readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  fail() {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

const create = (url: string) => new FakeEventSource(url);

function setup(filter: { analysisType?: string; analysisBased?: boolean } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useRunEvents({ ...filter, create }), { wrapper });
  return { client, hook, source: () => FakeEventSource.all.at(-1)! };
}

describe('useRunEvents', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    signIn('Gozlemleyici');
  });
  afterEach(() => vi.useRealTimers());

  it('opens the pending-check stream with the token in the query and closes it on unmount', () => {
    const { hook, source } = setup();
    expect(source().url).toMatch(/^\/api\/analyses\/checkpending\?access_token=[\w-]+\.[\w-]+\.[\w-]+$/);
    hook.unmount();
    expect(source().closed).toBe(true);
  });

  it('uses the analysis-based stream when asked', () => {
    const { source } = setup({ analysisBased: true });
    expect(source().url).toContain('/api/analyses/checkpending/analysis-based?access_token=');
  });

  it('updates the cached run and the list page holding it in place', () => {
    const { client, source } = setup();
    const run: Run = { ...summary({ progress: 0.1 }), result: null };
    client.setQueryData(runKey(run.id), run);
    const listKey = [...runListKey, { analysisType: 'var' }];
    client.setQueryData<RunListResponse>(listKey, { total: 1, items: [summary({ progress: 0.1 })] });
    act(() => source().emit('run', summary({ progress: 0.8, progressMessage: 'Neredeyse bitti' })));
    expect(client.getQueryData<Run>(runKey(run.id))).toMatchObject({ progress: 0.8, progressMessage: 'Neredeyse bitti', result: null });
    expect(client.getQueryData<RunListResponse>(listKey)?.items[0]?.progress).toBe(0.8);
    expect(client.getQueryState(listKey)?.isInvalidated, 'a patched list is not reloaded').toBe(false);
  });

  it('reloads lists for a run they do not hold yet and refetches a run that finished', () => {
    const { client, source } = setup();
    const listKey = [...runListKey, {}];
    client.setQueryData<RunListResponse>(listKey, { total: 0, items: [] });
    client.setQueryData<Run>(runKey(summary().id), { ...summary(), result: null });
    act(() => source().emit('run', summary({ status: 'done', progress: 1 })));
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(runKey(summary().id))?.isInvalidated, 'the result is fetched').toBe(true);
  });

  it('ignores events of other analysis types', () => {
    const { client, source } = setup({ analysisType: 'backtest' });
    const listKey = [...runListKey, {}];
    client.setQueryData<RunListResponse>(listKey, { total: 0, items: [] });
    act(() => source().emit('run', summary()));
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(false);
  });

  it('reconnects with a growing delay after the server closes the stream', () => {
    vi.useFakeTimers();
    setup();
    FakeEventSource.all[0]!.fail();
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.all).toHaveLength(2);
    FakeEventSource.all[1]!.fail();
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.all, 'the second wait is longer').toHaveLength(2);
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.all).toHaveLength(3);
  });
});
