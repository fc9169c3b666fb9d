import type { EventSourceLike } from '../lib/sse.ts';

/** A stand-in for the browser's EventSource that a test drives (jsdom has none). */
export class FakeEventSource implements EventSourceLike {
  /** Every source created since the last `reset`, oldest first. */
  static all: FakeEventSource[] = [];
  static reset(): void {
    FakeEventSource.all = [];
  }
  static last(): FakeEventSource {
    const last = FakeEventSource.all.at(-1);
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }

  readyState = 0;
  closed = false;
  onerror: ((event: Event) => void) | null = null;
  onopen: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  /** The server sends a named event with `data` as JSON (or as given when it is a string). */
  emit(type: string, data: unknown): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    for (const listener of this.listeners.get(type) ?? [])
      listener(new MessageEvent(type, { data: text }));
  }
  /** The connection is established. */
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  /** The browser gives up on the stream (an error answer, or the server gone). */
  fail(): void {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
}

export const createFakeEventSource = (url: string) => new FakeEventSource(url);
