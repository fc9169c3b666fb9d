import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom lacks the media and layout APIs Mantine asks for; these answer "no match" and do nothing.
class NoMatchMediaQueryList extends EventTarget {
  readonly matches = false;
  onchange = null;
  constructor(readonly media: string) {
    super();
  }
  addListener(): void {}
  removeListener(): void {}
}
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => new NoMatchMediaQueryList(query),
});

class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
// jsdom has no ResizeObserver (the DOM types say every window has one).
if (!Reflect.has(window, 'ResizeObserver')) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoopResizeObserver });
}
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
