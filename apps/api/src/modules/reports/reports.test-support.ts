import { analysisRuns, type Database } from '@fonrisk/db';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';

/**
 * A finished 'var' run as the worker stores it, with generic tables and an ECharts option.
 * Figures are chosen so that their tr-TR display is unambiguous: 1234567.89 TRY shows as
 * "1.234.567,89" and 0.0512 as "%5,12" (Intl tr-TR, the same formats the result grids use).
 */
export async function insertDoneVarRun(
  db: Database,
  code: string,
  asOfDate: string,
  overrides: { status?: string; error?: string | null } = {},
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
 * issuer weight 12,34 % against the 10 % limit of criterion TST-TEK-IHRAC.
 */
export async function insertDoneAuditRun(
  db: Database,
  code: string,
  asOfDate: string,
): Promise<string> {
  const line = (criterionCode: string, value: number, status: 'pass' | 'breach') => ({
    portfolioCode: code,
    portfolioName: `${code} Fonu`,
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
      inputs: { portfolioCodes: [code], asOfDate },
      portfolioCodes: [code],
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
        lines: [line('TST-TEK-IHRAC', 0.1234, 'breach'), line('TST-UYGUN', 0.05, 'pass')],
        series: [],
        summary: { portfolios: 1, checks: 2, pass: 1, warning: 0, breach: 1 },
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
