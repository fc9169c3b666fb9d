import { createElement } from 'react';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import type { EChartProps } from '../components/charts/echart-props.ts';
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import type { DataGridProps } from '../components/data-grid/data-grid-props.ts';

// `findBy…` and `waitFor` wait up to 5 s (testing-library's default 1 s fails on a busy 2-core
// machine while another test file renders beside this one); a test still fails on what never shows.
configure({ asyncUtilTimeout: 5_000 });

// The two lazily loaded drawing libraries get plain stand-ins in screen tests; the browser tests
// (apps/web/e2e) draw the real ones. Without them, a chart or a grid showed or not depending on
// whether another test file of the same worker had already loaded its library (test files share
// one module graph, docs/decisions/0072-ci-time.md).
// - ECharts: jsdom draws no canvas (getContext answers null and the canvas renderer throws): the
//   chart's box, with its size, role and label.
vi.mock('../components/charts/echart-impl.tsx', () => ({
  default: ({ height = 320, ariaLabel }: EChartProps) =>
    createElement('div', {
      style: { width: '100%', height },
      role: 'img',
      'aria-label': ariaLabel,
    }),
}));

/** A cell as AG Grid shows it: through the column's formatter when it has one. */
function cellText(column: ColDef, row: Record<string, unknown>): string {
  const value = column.field === undefined ? undefined : row[column.field];
  if (typeof column.valueFormatter === 'function')
    return column.valueFormatter({ value, data: row } as ValueFormatterParams);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

// - AG Grid: a plain table of the same rows (pinned totals last), each cell through its column's
//   formatter, under the grid's test id.
vi.mock('../components/data-grid/data-grid-impl.tsx', () => ({
  default: ({
    rows,
    columns,
    pinnedBottomRows = [],
    testId,
  }: DataGridProps<Record<string, unknown>>) =>
    createElement(
      'table',
      { 'data-testid': testId },
      createElement(
        'thead',
        null,
        createElement(
          'tr',
          null,
          columns.map((c, i) => createElement('th', { key: i }, c.headerName ?? c.field)),
        ),
      ),
      createElement(
        'tbody',
        null,
        [...rows, ...pinnedBottomRows].map((row, r) =>
          createElement(
            'tr',
            { key: r },
            columns.map((c, i) => createElement('td', { key: i }, cellText(c, row))),
          ),
        ),
      ),
    ),
}));

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
