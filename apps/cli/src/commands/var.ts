// `fonrisk var`: portfolio VaR/ES with marginal, component and incremental VaR per position.
import { type PortfolioVarOptions, RiskError, type VarMethod, portfolioVar } from '@fonrisk/risk';
import {
  choiceOption,
  confidenceOption,
  numberOption,
  parseOptions,
  requireString,
} from '../args.ts';
import { completeRows, requireObservations } from '../columns.ts';
import { CliError, cellError, riskErrorText } from '../errors.ts';
import { readSeriesTable } from '../read-table.ts';
import { readWeights } from '../read-weights.ts';

export const help = `fonrisk var --returns DOSYA (--weights DOSYA | --equal) --method historical|gaussian|modified|ewma|montecarlo
    [--confidence 0.99] [--horizon-days 1] [--horizon-scaling sqrt|overlapping] [--mean include|exclude]
    [--lambda 0.94] [--quantile type7|lower] [--draws 10000 --seed 1] [--dof N] [--value V]
  Portföy RMD ve beklenen kaybı; pozisyon başına marjinal, bileşen ve artımsal RMD.
  Ağırlık dosyası: name, weight sütunları. --value verilirse tutarlar para birimi cinsinden.
  Varsayılan: senaryolar olduğu gibi (ortalama dahil; --mean exclude sıfır ortalama), √h ölçekleme
  (h günlük RMD = 1 günlük RMD × √h, ortalama seçeneğinden bağımsız), tarihsel yöntemde R type 7
  yüzdelik. Çıktının "conventions" alanı rakamın kullandığı kuralları yazar.`;

const METHODS = ['historical', 'gaussian', 'modified', 'ewma', 'montecarlo'] as const;
const MIN_OBSERVATIONS = 4;

export async function run(args: readonly string[]): Promise<unknown> {
  const o = parseOptions(args, {
    returns: { type: 'string' },
    weights: { type: 'string' },
    equal: { type: 'boolean' },
    method: { type: 'string' },
    confidence: { type: 'string' },
    'horizon-days': { type: 'string' },
    'horizon-scaling': { type: 'string' },
    mean: { type: 'string' },
    lambda: { type: 'string' },
    quantile: { type: 'string' },
    draws: { type: 'string' },
    seed: { type: 'string' },
    dof: { type: 'string' },
    value: { type: 'string' },
  });
  if ((typeof o.weights === 'string') === (o.equal === true)) {
    throw new CliError('--weights DOSYA ya da --equal seçeneklerinden tam olarak biri gerekli');
  }
  const table = await readSeriesTable(requireString(o.returns, 'returns'));
  const weights =
    typeof o.weights === 'string'
      ? await readWeights(o.weights)
      : table.columns.map((c, i) => ({
          name: c.name,
          weight: 1 / table.columns.length,
          row: i + 2,
        }));
  const weightsFile = typeof o.weights === 'string' ? o.weights : table.file;
  const columns = weights.map((w) => {
    const column = table.columns.find((c) => c.name === w.name);
    if (column === undefined) {
      throw cellError(
        { file: weightsFile, row: w.row, column: 'name' },
        `getiri dosyasında (${table.file}) "${w.name}" sütunu yok`,
      );
    }
    return column;
  });
  const rows = completeRows(table, columns);
  requireObservations(
    table,
    columns.map((c) => c.name).join(', '),
    rows.dates.length,
    MIN_OBSERVATIONS,
  );
  const value = numberOption(o.value, 'value', 1, (n) => n > 0 && Number.isFinite(n));
  const exposures = weights.map((w) => w.weight * value);
  const options = { ...commonOptions(o), ...methodOptions(o) };
  const result = computeOrExplain(
    () => portfolioVar(rows.values, exposures, options),
    table.file,
    table.dates.length + 1,
    columns.map((c) => c.name).join(', '),
  );
  return {
    var: result.var,
    es: result.es,
    conventions: conventionsOf(options),
    positions: result.positions.map((p, i) => ({
      name: weights[i]!.name,
      weight: weights[i]!.weight,
      marginal: p.marginal,
      component: p.component,
      componentShare: p.componentShare,
      incremental: p.incremental,
    })),
  };
}

/** The conventions a figure used, printed with it (decision 0015). */
function conventionsOf(options: PortfolioVarOptions): Record<string, string | number> {
  const h = options.horizonDays ?? 1;
  const overlapping = options.horizonScaling === 'overlapping' && h > 1;
  return {
    method: options.method,
    confidenceLevel: options.confidenceLevel,
    horizonDays: h,
    mean:
      options.mean === 'exclude'
        ? 'exclude: sıfır ortalama'
        : 'include: senaryolar olduğu gibi (ortalama dahil)',
    scaling: overlapping
      ? `örtüşen ${String(h)} günlük getiriler`
      : `RMD(${String(h)} gün) = RMD(1 gün) × √${String(h)}`,
    ...('quantile' in options && options.quantile !== undefined
      ? { quantile: options.quantile }
      : {}),
  };
}

/** Runs a calculation; a RiskError (e.g. too little history) becomes a CliError naming the data. */
function computeOrExplain<T>(calculate: () => T, file: string, row: number, column: string): T {
  try {
    return calculate();
  } catch (error) {
    if (error instanceof RiskError)
      throw cellError({ file, row, column }, `hesaplanamadı: ${riskErrorText(error)}`);
    throw error;
  }
}

type Parsed = Record<string, string | boolean | undefined>;

function commonOptions(o: Parsed): Omit<PortfolioVarOptions, keyof VarMethod> {
  return {
    confidenceLevel: confidenceOption(o.confidence, 'confidence', 0.99),
    horizonDays: numberOption(
      o['horizon-days'],
      'horizon-days',
      1,
      (n) => Number.isInteger(n) && n >= 1,
    ),
    horizonScaling: choiceOption(
      o['horizon-scaling'],
      'horizon-scaling',
      ['sqrt', 'overlapping'] as const,
      'sqrt',
    ),
    mean: choiceOption(o.mean, 'mean', ['include', 'exclude'] as const, 'include'),
  };
}

function methodOptions(o: Parsed): VarMethod {
  if (o.method === undefined) throw new CliError(`--method gerekli: ${METHODS.join(', ')}`);
  const method = choiceOption(o.method, 'method', METHODS, 'historical');
  const quantile = choiceOption(o.quantile, 'quantile', ['type7', 'lower'] as const, 'type7');
  switch (method) {
    case 'historical':
      return { method, quantile };
    case 'gaussian':
    case 'modified':
      return { method };
    case 'ewma':
      return { method, lambda: numberOption(o.lambda, 'lambda', 0.94, (n) => n > 0 && n < 1) };
    case 'montecarlo': {
      const dof = numberOption(o.dof, 'dof', NaN, (n) => n > 2);
      return {
        method,
        quantile,
        draws: numberOption(o.draws, 'draws', 10_000, (n) => Number.isInteger(n) && n >= 100),
        seed: numberOption(o.seed, 'seed', 1, Number.isInteger),
        distribution: Number.isNaN(dof) ? { kind: 'normal' } : { kind: 'student-t', dof },
      };
    }
  }
}
