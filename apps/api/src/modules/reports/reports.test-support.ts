import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analysisRuns, type Database } from '@fonrisk/db';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';

/** The resolved parameters of a one-day historical VaR at `confidenceLevel` (a stored result's). */
export function historicalVarParameters(confidenceLevel = 0.99) {
  return {
    method: 'historical',
    confidenceLevel,
    horizonDays: 1,
    horizonScaling: 'sqrtTime',
    scalingRule: 'RMD(1 gün)',
    windowDays: 250,
    approach: 'absolute',
    lambda: null,
    draws: null,
    seed: null,
  } as const;
}

/**
 * A finished 'var' run as the worker stores it, with generic tables and an ECharts option.
 * Figures are chosen so that their tr-TR display is unambiguous: 1234567.89 TRY shows as
 * "1.234.567,89" and 0.0512 as "%5,12" (Intl tr-TR, the same formats the result grids use).
 */
export async function insertDoneVarRun(
  db: Database,
  code: string,
  asOfDate: string,
  overrides: {
    status?: string;
    error?: string | null;
    /** The result's `portfolios` too (the points a report's summary reads). */
    portfolios?: boolean;
  } = {},
): Promise<string> {
  const point = {
    portfolioCode: code,
    date: asOfDate,
    navTry: 1234567.89,
    varTry: 63210.12,
    varPct: 0.0512,
    esTry: 80000,
    esPct: 0.0648,
    approach: 'absolute',
    referenceVarPct: null,
    limitPct: 0.05,
    usage: 1.024,
    status: 'breach',
  };
  const done = (overrides.status ?? 'done') === 'done';
  const [row] = await db
    .insert(analysisRuns)
    .values({
      analysisType: 'var',
      status: overrides.status ?? 'done',
      progress: done ? 1 : 0,
      inputs: { portfolioCodes: [code], asOfDate },
      portfolioCodes: [code],
      asOfDate,
      createdByName: 'Test',
      engineVersion: done ? 'risk-1.2.3' : null,
      dataSnapshot: done ? { holdingsDate: asOfDate, marketDataThrough: asOfDate } : null,
      startedAt: done ? new Date() : null,
      finishedAt: done || overrides.status === 'failed' ? new Date() : null,
      error: overrides.error ?? null,
      result: done
        ? {
            parameters: { confidence: 0.99, horizonDays: 20, method: 'historical' },
            series: [point],
            ...(overrides.portfolios === true ? { portfolios: [point] } : {}),
            tables: {
              series: {
                title: 'RMD Özeti',
                columns: [
                  { key: 'portfolioCode', label: 'Portföy Kodu', format: 'text' },
                  { key: 'date', label: 'Tarih', format: 'date' },
                  { key: 'navTry', label: 'Fon Toplam Değeri (TL)', format: 'money' },
                  { key: 'varPct', label: 'RMD (% FTD)', format: 'percent' },
                ],
                rows: [point],
              },
            },
            charts: {
              byAssetClass: {
                title: 'Varlık Sınıfına Göre Bileşen RMD',
                option: {
                  xAxis: { type: 'category', data: ['Hisse', 'Tahvil', 'Döviz'] },
                  yAxis: { type: 'value' },
                  series: [{ type: 'bar', data: [40000, 15000, 8210.12] }],
                },
              },
            },
          }
        : null,
    })
    .returning({ id: analysisRuns.id });
  return row!.id;
}

/**
 * A finished 'internal-audit' run as the worker stores it, with one breach: the fund's single
 * issuer weight 12,34 % against the 10 % limit of criterion TST-TEK-IHRAC. `others`: funds the
 * same run audited (a night's audit of every fund), each with that breach at 23,45 %.
 */
export async function insertDoneAuditRun(
  db: Database,
  code: string,
  asOfDate: string,
  others: readonly string[] = [],
): Promise<string> {
  const line = (
    criterionCode: string,
    value: number,
    status: 'pass' | 'breach',
    portfolioCode = code,
  ) => ({
    portfolioCode,
    portfolioName: `${portfolioCode} Fonu`,
    criterionCode,
    date: asOfDate,
    value,
    status,
    margin: 0.1 - value,
    failingDays: status === 'breach' ? 1 : 0,
    keys: [],
    contributions: [],
  });
  const criterion = (id: number, criterionCode: string, name: string) => ({
    id,
    code: criterionCode,
    version: 1,
    name,
    group: 'Yoğunlaşma',
    source: 'Test',
    confirmed: true,
    severity: 'breach',
    unit: 'fraction',
    comparison: { kind: 'max', limit: 0.1 },
    limitText: '≤ %10',
  });
  const [row] = await db
    .insert(analysisRuns)
    .values({
      analysisType: 'internal-audit',
      status: 'done',
      progress: 1,
      inputs: { portfolioCodes: [code, ...others], asOfDate },
      portfolioCodes: [code, ...others],
      asOfDate,
      createdByName: 'Test',
      engineVersion: 'risk-1.2.3',
      dataSnapshot: { holdingsDate: asOfDate },
      startedAt: new Date(),
      finishedAt: new Date(),
      result: {
        asOfDate,
        fromDate: null,
        toDate: null,
        dates: [asOfDate],
        criteria: [
          criterion(1, 'TST-TEK-IHRAC', 'Tek ihraççı sınırı (test)'),
          criterion(2, 'TST-UYGUN', 'Uygun kalan sınır (test)'),
        ],
        lines: [
          line('TST-TEK-IHRAC', 0.1234, 'breach'),
          line('TST-UYGUN', 0.05, 'pass'),
          ...others.map((other) => line('TST-TEK-IHRAC', 0.2345, 'breach', other)),
        ],
        series: [],
        summary: {
          portfolios: 1 + others.length,
          checks: 2 + others.length,
          pass: 1,
          warning: 0,
          breach: 1 + others.length,
        },
        tracking: null,
        tables: {},
      },
    })
    .returning({ id: analysisRuns.id });
  return row!.id;
}

export async function pdfText(data: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(data));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text, pages: totalPages };
}

/**
 * Drawing operators of every page: charts must be vector paths (constructPath / fill / stroke),
 * never images (paintImageXObject).
 */
// pdf.js calls ArrayBuffer.prototype.transferToFixedLength (Node 21+); Node 20 lacks it.
const bufferProto = ArrayBuffer.prototype as unknown as Record<string, unknown>;
if (!('transferToFixedLength' in bufferProto)) {
  Object.defineProperty(bufferProto, 'transferToFixedLength', {
    value(this: ArrayBuffer, length?: number) {
      const copy = new ArrayBuffer(length ?? this.byteLength);
      new Uint8Array(copy).set(new Uint8Array(this).subarray(0, copy.byteLength));
      return copy;
    },
  });
}

export async function pdfOperators(data: Buffer): Promise<{ paths: number; images: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(data));
  const { OPS } = await getResolvedPDFJS();
  let paths = 0;
  let images = 0;
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const list = await page.getOperatorList();
    for (const fn of list.fnArray) {
      if (fn === OPS.constructPath) paths += 1;
      if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) images += 1;
    }
  }
  return { paths, images };
}

/** One word of a PDF page with its box (points, origin top left), as `pdftotext -bbox` gives it. */
export interface PdfWord {
  readonly page: number;
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

export interface PdfLayout {
  readonly pages: readonly { readonly width: number; readonly height: number }[];
  readonly words: readonly PdfWord[];
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Every word of a PDF with its page and box (poppler's pdftotext -bbox, no cropping). */
export function pdfLayout(data: Buffer): PdfLayout {
  const dir = mkdtempSync(join(tmpdir(), 'fonrisk-pdf-bbox-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, data);
    const out = execFileSync('pdftotext', ['-bbox', '-nopgbrk', file, '-'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    const pages: { width: number; height: number }[] = [];
    const words: PdfWord[] = [];
    const token =
      /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)<\/word>/g;
    for (const m of out.matchAll(token)) {
      if (m[1] !== undefined) pages.push({ width: Number(m[1]), height: Number(m[2]) });
      else
        words.push({
          page: pages.length,
          text: unescapeXml(m[7]!),
          xMin: Number(m[3]),
          yMin: Number(m[4]),
          xMax: Number(m[5]),
          yMax: Number(m[6]),
        });
    }
    return { pages, words };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The words that lie (partly) outside their page: what a reader of the PDF cannot see. */
export function wordsOffPage(layout: PdfLayout): PdfWord[] {
  return layout.words.filter((w) => {
    const page = layout.pages[w.page - 1]!;
    return w.xMin < 0 || w.yMin < 0 || w.xMax > page.width + 0.5 || w.yMax > page.height + 0.5;
  });
}
