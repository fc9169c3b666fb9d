import { useState, type ReactNode } from 'react';
import { Group, Pagination, Text } from '@mantine/core';

/**
 * Rows a page of a long list shows (decision 0130): a house's lists run to thousands of rows (the
 * night bench's house: 2,934 ticker mappings, 3,001 series, 783 bonds), and a table row of
 * Mantine cells, badges and buttons costs the browser ~0.5 ms to draw, every time the list
 * changes (each key typed in its search); a page of 100 draws in ~50 ms.
 */
export const ROWS_PER_PAGE = 100;

const MESSAGES = {
  shown: (from: number, to: number, of: number): string =>
    `${from.toLocaleString('tr-TR')}–${to.toLocaleString('tr-TR')} / ${of.toLocaleString('tr-TR')} satır`,
};

export interface PagedRows<T> {
  /** The rows of the page shown. */
  readonly rows: readonly T[];
  /** Index in the whole list of the page's first row. */
  readonly first: number;
  /** "1–100 / 2.934 satır" and the page buttons, for below the table; null for one page. */
  readonly pager: ReactNode;
  /** Shows the page of the row at `index` of the whole list. */
  readonly showRow: (index: number) => void;
}

/**
 * One page of `rows` and the pager that moves between pages (`${testId}-pages`). A list that
 * becomes shorter (a search) keeps the last page it still has.
 */
export function usePagedRows<T>(rows: readonly T[], testId: string): PagedRows<T> {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
  const current = Math.min(page, pages);
  const first = (current - 1) * ROWS_PER_PAGE;
  const onPage = rows.slice(first, first + ROWS_PER_PAGE);
  const pager =
    pages > 1 ? (
      <Group justify="space-between" mt="xs">
        <Text size="xs" c="dimmed">
          {MESSAGES.shown(first + 1, first + onPage.length, rows.length)}
        </Text>
        <Pagination
          size="sm"
          total={pages}
          value={current}
          onChange={setPage}
          data-testid={`${testId}-pages`}
        />
      </Group>
    ) : null;
  return {
    rows: onPage,
    first,
    pager,
    showRow: (index) => setPage(Math.floor(index / ROWS_PER_PAGE) + 1),
  };
}
