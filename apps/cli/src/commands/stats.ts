// `fonrisk stats`: return and risk statistics of every series column of a returns file.
import {
  activePremium,
  alpha,
  annualizedReturn,
  annualizedVolatility,
  beta,
  calmarRatio,
  captureRatios,
  cumulativeReturn,
  downsideDeviation,
  excessKurtosis,
  inferPeriodsPerYear,
  informationRatio,
  maxDrawdown,
  type SeriesVarOptions,
  seriesVar,
  sharpeRatio,
  skewness,
  sortinoRatio,
  trackingError,
} from '@fonrisk/risk';
import { numberOption, parseOptions, requireString } from '../args.ts';
import { type Column, completeRows, findColumn, requireObservations } from '../columns.ts';
import { CliError } from '../errors.ts';
import { readSeriesTable } from '../read-table.ts';

export const help = `fonrisk stats --returns DOSYA [--benchmark SÜTUN] [--rf SÜTUN] [--periods-per-year N] [--confidence 0.95,0.99]
  Her getiri sütunu için getiri, oynaklık, Sharpe, Sortino, azami düşüş, çarpıklık, basıklık,
  beta/alfa/takip hatası (--benchmark ile) ve tarihsel/normal/düzeltilmiş RMD ile beklenen kayıp.
  Karşılaştırma ölçütü ve risksiz faiz sütunları ayrıca raporlanmaz.`;

const VAR_METHODS = ['historical', 'gaussian', 'modified'] as const;
const MIN_OBSERVATIONS = 4;

export async function run(args: readonly string[]): Promise<unknown> {
  const o = parseOptions(args, {
    returns: { type: 'string' },
    benchmark: { type: 'string' },
    rf: { type: 'string' },
    'periods-per-year': { type: 'string' },
    confidence: { type: 'string' },
  });
  const table = await readSeriesTable(requireString(o.returns, 'returns'));
  const benchmark = typeof o.benchmark === 'string' ? findColumn(table, o.benchmark) : null;
  const rf = typeof o.rf === 'string' ? findColumn(table, o.rf) : null;
  const confidences = parseConfidences(o.confidence);
  const periodsPerYear = numberOption(o['periods-per-year'], 'periods-per-year', NaN, (n) => n > 0);
  const ppy = Number.isNaN(periodsPerYear) ? inferPeriodsPerYear(table.dates) : periodsPerYear;
  const reported = table.columns.filter((c) => c !== benchmark && c !== rf);
  if (reported.length === 0) throw new CliError(`${table.file}: raporlanacak getiri sütunu yok`);
  const columns: Record<string, unknown> = {};
  for (const column of reported)
    columns[column.name] = columnStats(table, column, { benchmark, rf, confidences, ppy });
  return { periodsPerYear: ppy, columns };
}

function parseConfidences(value: string | boolean | undefined): number[] {
  const text = typeof value === 'string' ? value : '0.95,0.99';
  return text.split(',').map((part) => {
    const c = Number(part.trim());
    if (part.trim() === '' || !(c > 0 && c < 1))
      throw new CliError(`--confidence geçersiz: "${part}"`);
    return c;
  });
}

interface StatsContext {
  readonly benchmark: Column | null;
  readonly rf: Column | null;
  readonly confidences: number[];
  readonly ppy: number;
}

function columnStats(
  table: Parameters<typeof completeRows>[0],
  column: Column,
  ctx: StatsContext,
): Record<string, unknown> {
  const own = completeRows(table, ctx.rf === null ? [column] : [column, ctx.rf]);
  const r = own.values[0]!;
  requireObservations(table, column.name, r.length, MIN_OBSERVATIONS);
  const riskFree = own.values[1] ?? 0;
  const annual = { periodsPerYear: ctx.ppy };
  const risk = (kind: 'var' | 'es'): Record<string, Record<string, number>> =>
    Object.fromEntries(
      VAR_METHODS.map((method) => [
        method,
        Object.fromEntries(
          ctx.confidences.map((c) => {
            const options: SeriesVarOptions = { method, confidenceLevel: c };
            return [String(c), seriesVar(r, options)[kind]];
          }),
        ),
      ]),
    );
  const stats: Record<string, unknown> = {
    observations: r.length,
    start: own.dates[0],
    end: own.dates.at(-1),
    cumulativeReturn: cumulativeReturn(r),
    annualizedReturn: annualizedReturn(r, annual),
    annualizedVolatility: annualizedVolatility(r, annual),
    sharpe: sharpeRatio(r, { ...annual, riskFree }),
    sortino: sortinoRatio(r),
    downsideDeviation: downsideDeviation(r),
    maxDrawdown: maxDrawdown(r).maxDrawdown,
    calmar: calmarRatio(r, annual),
    skewness: skewness(r),
    excessKurtosis: excessKurtosis(r),
  };
  if (ctx.benchmark !== null) {
    const pair = completeRows(
      table,
      ctx.rf === null ? [column, ctx.benchmark] : [column, ctx.benchmark, ctx.rf],
    );
    const [fa, fb, frf] = pair.values as [Float64Array, Float64Array, Float64Array | undefined];
    requireObservations(table, ctx.benchmark.name, fa.length, MIN_OBSERVATIONS);
    const capture = captureRatios(fa, fb);
    Object.assign(stats, {
      beta: beta(fa, fb, { riskFree: frf ?? 0 }),
      alpha: alpha(fa, fb, { riskFree: frf ?? 0 }),
      trackingError: trackingError(fa, fb, annual),
      activePremium: activePremium(fa, fb, annual),
      informationRatio: informationRatio(fa, fb, annual),
      upCapture: capture.upCapture,
      downCapture: capture.downCapture,
    });
  }
  stats.var = risk('var');
  stats.es = risk('es');
  return stats;
}
