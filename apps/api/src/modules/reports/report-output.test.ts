// The heap the PDF's layout grew is given back before the workbook is made (decision 0142).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database, ReportRow } from '@fonrisk/db';
import type { Branding, ReportDocument } from './render/report-document.ts';

const steps: string[] = [];

vi.mock('./render/pdf.ts', () => ({
  renderReportPdf: () => {
    steps.push('pdf');
    return Promise.resolve({ data: Buffer.from('%PDF'), pages: 1 });
  },
}));
vi.mock('./render/xlsx.ts', () => ({
  renderReportXlsx: () => {
    steps.push('xlsx');
    return Promise.resolve(Buffer.from('PK'));
  },
}));
vi.mock('./reports.repository.ts', () => ({
  setProgress: async (_db: unknown, _id: number, _progress: number, message: string) => {
    // A statement's round trip: the event loop turns (setImmediate callbacks run).
    await new Promise((resolve) => setImmediate(resolve));
    steps.push(`progress ${message}`);
  },
}));
vi.mock('./report-files.ts', () => ({
  writeReportFiles: async () => {
    await new Promise((resolve) => setImmediate(resolve));
    steps.push('files');
  },
}));

const { renderAndStoreReport } = await import('./report-output.ts');

/** A database whose transaction runs its work on an executor that accepts the status update. */
const db = {
  transaction: async (work: (tx: unknown) => Promise<void>) => {
    const chain = { set: () => chain, where: () => Promise.resolve() };
    await work({ update: () => chain });
    steps.push('done');
  },
} as unknown as Database;

const exposed = globalThis.gc;
afterEach(() => {
  globalThis.gc = exposed;
  steps.length = 0;
});

describe('rendering and storing a report', () => {
  it("collects the PDF's garbage before the workbook is made, and the workbook's after it", async () => {
    globalThis.gc = vi.fn(() => steps.push('gc')) as unknown as typeof globalThis.gc;
    await renderAndStoreReport(
      db,
      { id: 7, title: 'Kurul Raporu' } as ReportRow,
      {} as ReportDocument,
      {} as Branding,
      [],
      new Map(),
    );
    expect(steps).toEqual([
      'pdf',
      'gc',
      'progress Excel hazırlanıyor',
      'xlsx',
      'gc',
      'files',
      'done',
    ]);
  });
});
