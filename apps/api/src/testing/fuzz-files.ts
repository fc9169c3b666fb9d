import fc from 'fast-check';
import { expect } from 'vitest';
import { textXlsx } from '../imports/test-support.ts';
import { multipart } from '../modules/data-imports/test-support.ts';
import type { TestApi } from './test-api.ts';

/**
 * Generated valid import files (issue 22 "0 silent misreads"): numbers written with thousands
 * separators in the Turkish and the international format, files as CSV or as .xlsx text cells
 * written in memory, sent through the API in-process and read back in batches (one query per
 * batch), so that a thousand files of a kind stay cheap.
 */

export type NumberStyle = 'tr' | 'intl';

/** A value with 2 decimals of at least a thousand: it shows the file's format ('1.234,56'). */
export const withCents = fc
  .tuple(fc.integer({ min: 1_000, max: 99_999_999 }), fc.integer({ min: 1, max: 99 }))
  .map(([whole, cents]) => whole + cents / 100);
/** Either that or a whole number ('1.250' / '1,250'), read by the format the file shows. */
export const amount = fc.oneof(withCents, fc.integer({ min: 1_000, max: 99_999_999 }));
/** A column's values, `count` of them: the first shows the format, the others may be whole. */
export const columnOf = (count: number) =>
  fc
    .tuple(withCents, fc.array(amount, { minLength: count - 1, maxLength: count - 1 }))
    .map(([first, rest]) => [first, ...rest]);
/** One to three values, the first showing the format. */
export const values = fc.integer({ min: 1, max: 3 }).chain(columnOf);
export const style = fc.constantFrom<NumberStyle>('tr', 'intl');

/** The number as written in `format`, grouped by thousands ('1.234.567,25' / '1,234,567.25'). */
export function written(value: number, format: NumberStyle): string {
  const [whole = '', fraction = ''] = value.toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, format === 'tr' ? '.' : ',');
  if (Number.isInteger(value)) return grouped;
  return `${grouped}${format === 'tr' ? ',' : '.'}${fraction}`;
}

const DAY_MS = 86_400_000;
/** The ISO date `day` days after 01.01.2000. */
export const iso = (day: number) =>
  new Date(Date.UTC(2000, 0, 1) + day * DAY_MS).toISOString().slice(0, 10);
/** An ISO date as the Turkish template writes it (dd.mm.yyyy). */
export const dmy = (isoDate: string) => isoDate.split('-').reverse().join('.');

/** The rows as a file: .xlsx text cells, or CSV with the format's delimiter (';' Turkish). */
export function fileOf(rows: readonly (readonly string[])[], xlsx: boolean, format: NumberStyle) {
  if (xlsx) return { name: 'dosya.xlsx', content: textXlsx(rows) };
  const delimiter = format === 'tr' ? ';' : ',';
  const quote = (c: string) => (c.includes(delimiter) ? `"${c}"` : c);
  const text = `${rows.map((r) => r.map(quote).join(delimiter)).join('\r\n')}\r\n`;
  return { name: 'dosya.csv', content: Buffer.from(text) };
}

/** One generated file and what it means. */
export interface FuzzCase<T> {
  readonly file: { readonly name: string; readonly content: Buffer };
  readonly expected: T;
}

export interface AcceptAllOptions<C extends FuzzCase<unknown>> {
  /** The upload URL, with the query that accepts warnings and confirms replacements. */
  readonly url: string;
  readonly cases: readonly C[];
  /** What is stored for each case of a batch, in the batch's order: one query per batch. */
  readonly readBack: (batch: readonly C[]) => Promise<readonly unknown[]>;
  readonly batchSize?: number;
}

/**
 * Uploads every case (each must be accepted) and, after each batch, compares what is stored with
 * what the file means; a failure names the case and shows its file. Returns the files accepted.
 */
export async function acceptAll<C extends FuzzCase<unknown>>(
  api: TestApi,
  token: string,
  { url, cases, readBack, batchSize = 100 }: AcceptAllOptions<C>,
): Promise<number> {
  let accepted = 0;
  for (let start = 0; start < cases.length; start += batchSize) {
    const batch = cases.slice(start, start + batchSize);
    for (const [i, c] of batch.entries()) {
      const body = multipart(c.file.content, c.file.name);
      const r = await api.app.inject({
        method: 'POST',
        url,
        headers: { ...api.headers(token), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(r.statusCode, `dosya ${String(start + i)} (${c.file.name}): ${r.body}`).toBe(200);
      accepted += 1;
    }
    const stored = await readBack(batch);
    batch.forEach((c, i) => {
      const shown = c.file.name.endsWith('.csv') ? c.file.content.toString() : c.file.name;
      expect(stored[i], `dosya ${String(start + i)}:\n${shown}`).toEqual(c.expected);
    });
  }
  return accepted;
}

/** `runs` generated cases, seeded so that a failure replays. */
export const sample = <T>(arbitrary: fc.Arbitrary<T>, runs: number): T[] =>
  fc.sample(arbitrary, { numRuns: runs, seed: 22 });
