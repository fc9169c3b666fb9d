// The heap the PDF's layout grew is given back before the workbook is made (decision 0142).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database, ReportRow } from '@fonrisk/db';
import type { Branding, ReportDocument } from './render/report-document.ts';
import { renderAndStoreReport, type ReportRenderers } from './report-output.ts';

const steps: string[] = [];

/** A statement's round trip: the event loop turns (setImmediate callbacks run first). */
const roundTrip = () => new Promise((resolve) => setImmediate(resolve));

/** A database that takes the report's statements, noting the progress messages and the files. */
const db = {
  update: () => ({
    set: (values: { progressMessage?: string; status?: string }) => ({
      where: async () => {
        await roundTrip();
        steps.push(values.status === 'done' ? 'done' : `progress ${values.progressMessage ?? ''}`);
      },
    }),
  }),
  delete: () => ({ where: roundTrip }),
  insert: () => ({
    values: async ({ fileName }: { fileName: string }) => {
      await roundTrip();
      steps.push(`file ${fileName.split('.').pop() ?? ''}`);
    },
  }),
  transaction: (work: (tx: Database) => Promise<void>) => work(db),
} as unknown as Database;

/** Renderers that note when they run; the PDF's says it made its two chapters one by one. */
const render: ReportRenderers = {
  pdf: async (_doc, _branding, options) => {
    steps.push('pdf');
    await options?.onChapters?.(1, 2);
    await options?.onChapters?.(2, 2);
    return { data: Buffer.from('%PDF'), pages: 1 };
  },
  xlsx: () => {
    steps.push('xlsx');
    return Promise.resolve(Buffer.from('PK'));
  },
};

const exposed = globalThis.gc;
afterEach(() => {
  globalThis.gc = exposed;
  steps.length = 0;
});

describe('rendering and storing a report', () => {
  it("says how far the PDF is, collects its garbage before the workbook, and the workbook's after", async () => {
    globalThis.gc = vi.fn(() => steps.push('gc')) as unknown as typeof globalThis.gc;
    await renderAndStoreReport(
      db,
      { id: 7, title: 'Kurul Raporu' } as ReportRow,
      {} as ReportDocument,
      {} as Branding,
      [],
      new Map(),
      render,
    );
    expect(steps).toEqual([
      'pdf',
      'progress PDF hazırlanıyor: 1 / 2 portföy',
      'progress PDF hazırlanıyor: 2 / 2 portföy',
      'gc',
      'progress Excel hazırlanıyor',
      'xlsx',
      'gc',
      'file pdf',
      'file xlsx',
      'done',
    ]);
  });
});
