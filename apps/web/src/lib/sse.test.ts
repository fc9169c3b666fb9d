import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, createFakeEventSource as create } from '../test/fake-event-source.ts';
import { openEventStream } from './sse.ts';

function open(overrides: Partial<Parameters<typeof openEventStream>[0]> = {}) {
  return openEventStream({
    baseUrl: '/api/',
    path: 'analyses/checkpending',
    token: () => 'a.b.c',
    events: {},
    create,
    ...overrides,
  });
}

describe('openEventStream', () => {
  beforeEach(() => FakeEventSource.reset());
  afterEach(() => vi.useRealTimers());

  it('sends the token as access_token in the query, since EventSource cannot send headers', () => {
    open({ token: () => 'x.y+z' });
    expect(FakeEventSource.last().url).toBe('/api/analyses/checkpending?access_token=x.y%2Bz');
  });

  it('opens nothing without a token', () => {
    open({ token: () => null });
    expect(FakeEventSource.all).toHaveLength(0);
  });

  it('hands the raw data of the named events to their handlers', () => {
    const run = vi.fn<(data: string) => void>();
    open({ events: { run } });
    FakeEventSource.last().emit('run', { id: 1 });
    FakeEventSource.last().emit('other', { id: 2 });
    expect(run.mock.calls).toEqual([['{"id":1}']]);
  });

  it('calls onOpen on every connection so the caller can re-read what it missed', () => {
    const onOpen = vi.fn();
    open({ onOpen });
    FakeEventSource.last().open();
    FakeEventSource.last().open();
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('reconnects with a doubling delay after the browser gives up, reading the token again', () => {
    vi.useFakeTimers();
    let token = 'a.b.c';
    open({ token: () => token });
    token = 'd.e.f';
    FakeEventSource.all[0]!.fail();
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.all[1]!.url, 'the then-current token').toContain('access_token=d.e.f');
    FakeEventSource.all[1]!.fail();
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.all, 'the second wait is longer').toHaveLength(2);
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.all).toHaveLength(3);
  });

  it('starts again from the first delay once a connection opens', () => {
    vi.useFakeTimers();
    open();
    FakeEventSource.all[0]!.fail();
    vi.advanceTimersByTime(1_000);
    FakeEventSource.all[1]!.open();
    FakeEventSource.all[1]!.fail();
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.all).toHaveLength(3);
  });

  it('leaves reconnecting to the browser while the source is still trying', () => {
    vi.useFakeTimers();
    open();
    const source = FakeEventSource.all[0]!;
    source.onerror?.(new Event('error'));
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(source.closed).toBe(false);
  });

  it('closes the stream for good and cancels a pending reconnect', () => {
    vi.useFakeTimers();
    const close = open();
    FakeEventSource.all[0]!.fail();
    close();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.all).toHaveLength(1);
    const again = open();
    again();
    expect(FakeEventSource.last().closed).toBe(true);
  });
});
