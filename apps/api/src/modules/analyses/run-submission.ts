import {
  BondTermsSchema,
  CriterionRuleSchema,
  runScope,
  type AnalysisInputs,
  type AnalysisType,
} from '@fonrisk/contracts';
import { readVarSettings, type Executor } from '@fonrisk/db';
import type { FieldError } from '../../shared/domain-errors.ts';
import {
  criteriaInForce,
  existingScenarioIds,
  findBenchmarks,
  findInstrumentTerms,
  findPlainPortfolio,
  findPortfolioRefs,
  holdingsDates,
  latestHoldingsDate,
  nextHoldingsDate,
  previousHoldingsDate,
  seriesCoverage,
  type PortfolioRef,
} from './run-submission.repository.ts';
import { fundQuality } from '../data-quality/data-quality.checks.ts';
import {
  fundCheckInputs,
  latestMarketDate,
  readDataQualitySettings,
} from '../data-quality/data-quality.repository.ts';

/**
 * What can be known when a run is requested (issue 21, decision 0049): the portfolios, funds,
 * instruments, scenarios, benchmarks and criteria it names exist, and the holdings and prices
 * its dates need are stored. A refused request creates no run; each check is never stricter than
 * the worker (it reads the same data the same way), so only faults of the computation itself
 * become failed runs.
 */
export type SubmissionCheck<T extends AnalysisType> = (
  ex: Executor,
  inputs: AnalysisInputs<T>,
) => Promise<FieldError[]>;

const trDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
const FAR_PAST = '0001-01-01';
const FAR_FUTURE = '9999-12-31';

function nearestText(what: string, dates: readonly (string | null)[]): string {
  const known = dates.filter((d): d is string => d !== null).map(trDate);
  if (known.length === 0) return `hiç ${what} yok`;
  return `en yakın ${what} tarih${known.length > 1 ? 'leri' : 'i'}: ${known.join(', ')}`;
}

function periodText(from: string, to: string): string {
  if (from === FAR_PAST) return to === FAR_FUTURE ? '' : `${trDate(to)} veya öncesinde`;
  return `${trDate(from)} – ${trDate(to)} döneminde`;
}

/** Resolves portfolio (or unified portfolio) codes; unknown ones are errors naming the code. */
async function withPortfolios(
  ex: Executor,
  codes: readonly string[],
  field: string,
  each: (ref: PortfolioRef) => Promise<FieldError[]>,
): Promise<FieldError[]> {
  const found = await findPortfolioRefs(ex, codes);
  const errors: FieldError[] = [];
  for (const code of codes) {
    const ref = found.get(code);
    if (!ref) errors.push({ field, message: `${code} kodlu portföy bulunamadı.` });
    else errors.push(...(await each(ref)));
  }
  return errors;
}

/** A holdings snapshot on or before `date` (the worker takes the latest one). */
async function holdingsOnOrBefore(
  ex: Executor,
  ref: PortfolioRef,
  date: string,
  field: string,
): Promise<FieldError[]> {
  if ((await latestHoldingsDate(ex, ref.members, date)) !== null) return [];
  const next = await nextHoldingsDate(ex, ref.members, date);
  return [
    {
      field,
      message: `${ref.code} portföyünün ${trDate(date)} veya öncesine ait portföy dağılımı yok; ${nearestText('dağılım', [next])}.`,
    },
  ];
}

/** At least `min` holdings dates in [from, to]; else the nearest dates outside. */
async function holdingsIn(
  ex: Executor,
  ref: PortfolioRef,
  range: { readonly from: string; readonly to: string },
  field: string,
  min = 1,
): Promise<FieldError[]> {
  const dates = await holdingsDates(ex, ref.members, range.from, range.to);
  if (dates.length >= min) return [];
  const before =
    range.from === FAR_PAST ? null : await previousHoldingsDate(ex, ref.members, range.from);
  const after = range.to === FAR_FUTURE ? null : await nextHoldingsDate(ex, ref.members, range.to);
  const need =
    min === 1
      ? 'portföy dağılımı yok'
      : `en az ${String(min)} tarihli portföy dağılımı gerekir, ${String(dates.length)} var`;
  const near =
    dates.length === 0 || before !== null || after !== null
      ? `; ${nearestText('dağılım', [before, after])}`
      : '';
  return [
    {
      field,
      message:
        `${ref.code} portföyünün ${periodText(range.from, range.to)} ${need}${near}.`.replace(
          '  ',
          ' ',
        ),
    },
  ];
}

/** The holdings the dates of a run need: the latest on or before `asOfDate`, or one in the range. */
function holdingsForDates(
  ex: Executor,
  ref: PortfolioRef,
  dates: {
    asOfDate?: string | undefined;
    fromDate?: string | undefined;
    toDate?: string | undefined;
  },
): Promise<FieldError[]> {
  if (dates.asOfDate !== undefined)
    return holdingsOnOrBefore(ex, ref, dates.asOfDate, 'inputs.asOfDate');
  return holdingsIn(
    ex,
    ref,
    { from: dates.fromDate ?? FAR_PAST, to: dates.toDate ?? FAR_FUTURE },
    'inputs.fromDate',
  );
}

/** At least `min` values of a price series in [from, to]; else the nearest dates with one. */
async function pricesIn(
  ex: Executor,
  ticker: string,
  range: { readonly from: string; readonly to: string },
  field: string,
  label: string,
  min = 1,
): Promise<FieldError[]> {
  const c = await seriesCoverage(ex, ticker, range.from, range.to);
  if (!c.exists) return [{ field, message: `${label}: ${ticker} kodlu fiyat serisi bulunamadı.` }];
  if (c.count >= min) return [];
  const need =
    c.count === 0 ? 'fiyat yok' : `en az ${String(min)} fiyat gerekir, ${String(c.count)} var`;
  return [
    {
      field,
      message: `${label}: ${periodText(range.from, range.to)} ${need}; ${nearestText('fiyat', [c.before, c.after])}.`,
    },
  ];
}

/** Instruments named by the inputs exist (a bond also has bond terms when `bond` is set). */
async function instrumentsExist(
  ex: Executor,
  named: readonly { readonly code: string; readonly field: string }[],
  bond = false,
): Promise<FieldError[]> {
  const found = await findInstrumentTerms(
    ex,
    named.map((n) => n.code),
  );
  return named.flatMap(({ code, field }): FieldError[] => {
    const instrument = found.get(code);
    if (!instrument) return [{ field, message: `${code} kodlu varlık tanımı bulunamadı.` }];
    if (bond && !BondTermsSchema.safeParse(instrument.terms).success)
      return [
        {
          field,
          message: `${code} (${instrument.name}) için tahvil koşulları (kupon, vade, gün sayımı) tanımlı değil.`,
        },
      ];
    return [];
  });
}

function yearsBefore(date: string, years: number): string {
  return `${String(Number(date.slice(0, 4)) - years).padStart(4, '0')}${date.slice(4)}`;
}

/** The unit-price history a risk value reads (the worker's 10 years up to the date). */
const RISK_VALUE_HISTORY_YEARS = 10;

/** Holdings benchmark of a fund for active share: the override or its reference benchmark. */
async function holdingsBenchmark(
  ex: Executor,
  ref: PortfolioRef,
  override: string | null,
  asOfDate: string,
): Promise<FieldError[]> {
  const code = override ?? ref.referenceBenchmarkCode;
  const field = override === null ? 'inputs.portfolioCodes' : 'inputs.benchmarkCode';
  if (code === null)
    return [
      {
        field,
        message: `${ref.code} fonunun karşılaştırma ölçütü tanımlı değil; Referans Ölçüt ekranından portföy tabanlı bir ölçüt atayın.`,
      },
    ];
  const b = (await findBenchmarks(ex, [code])).get(code);
  if (!b) return [{ field, message: `${code} kodlu karşılaştırma ölçütü bulunamadı.` }];
  if (b.kind !== 'holdings' || b.holdingsPortfolioCode === null)
    return [
      {
        field,
        message: `${ref.code} fonunun karşılaştırma ölçütü ${code} (${b.name}) bir endeks bileşimi; pay bazında varlıkları yok. Aktif pay için portföy tabanlı bir ölçüt seçin.`,
      },
    ];
  return withPortfolios(ex, [b.holdingsPortfolioCode], field, (p) =>
    holdingsOnOrBefore(ex, p, asOfDate, field),
  );
}

/**
 * The submission checks of every analysis type, keyed by type: the compiler asks for one per
 * type of the registry.
 */
export const SUBMISSION_CHECKS: { readonly [T in AnalysisType]: SubmissionCheck<T> } = {
  var: (ex, i) =>
    withPortfolios(ex, i.portfolioCodes, 'inputs.portfolioCodes', (ref) =>
      holdingsForDates(ex, ref, i),
    ),
  backtest: (ex, i) =>
    withPortfolios(ex, [i.portfolioCode], 'inputs.portfolioCode', (ref) =>
      holdingsIn(ex, ref, { from: FAR_PAST, to: i.toDate ?? FAR_FUTURE }, 'inputs.toDate', 2),
    ),
  leverage: async (ex, i) => [
    ...(await withPortfolios(ex, i.portfolioCodes, 'inputs.portfolioCodes', (ref) =>
      holdingsForDates(ex, ref, i),
    )),
    ...(await instrumentsExist(
      ex,
      (i.hedgeInstrumentCodes ?? []).map((code, k) => ({
        code,
        field: `inputs.hedgeInstrumentCodes.${String(k)}`,
      })),
    )),
  ],
  'incremental-var': async (ex, i) => [
    ...(await withPortfolios(ex, [i.portfolioCode], 'inputs.portfolioCode', (ref) =>
      holdingsForDates(ex, ref, i),
    )),
    ...(await instrumentsExist(
      ex,
      i.trades.map((t, k) => ({
        code: t.instrumentCode,
        field: `inputs.trades.${String(k)}.instrumentCode`,
      })),
    )),
  ],
  'performance-report': async (ex, i) => {
    const field = 'inputs.portfolioCode';
    const p = await findPlainPortfolio(ex, i.portfolioCode);
    if (!p) return [{ field, message: `${i.portfolioCode} kodlu portföy bulunamadı.` }];
    if (p.priceTicker === null)
      return [
        {
          field,
          message:
            p.kind === 'customer'
              ? `${p.code} bir müşteri portföyü; birim pay fiyatı yok. Müşteri Performans Raporu’nu kullanın.`
              : `${p.code} fonunun birim pay fiyatı serisi bulunamadı (fon koduyla ya da sembol eşleştirmesiyle tanımlı bir fiyat serisi gerekir).`,
        },
      ];
    const errors = await pricesIn(
      ex,
      p.priceTicker,
      { from: FAR_PAST, to: i.asOfDate },
      'inputs.asOfDate',
      `${p.code} fonunun birim pay fiyatı`,
      2,
    );
    if (i.annualFeeRatePct === undefined && !p.hasStoredFeeRate)
      errors.push({
        field: 'inputs.annualFeeRatePct',
        message: `${p.code} fonunun yıllık yönetim ücreti oranı kayıtlı değil: Portföyler ekranında kaydedin ya da rapor formunda girin.`,
      });
    if (p.referenceBenchmarkCode === null)
      errors.push({
        field,
        message: `${p.code} fonunun karşılaştırma ölçütü tanımlı değil (Referans Ölçüt ekranından atayın).`,
      });
    else if (!(await findBenchmarks(ex, [p.referenceBenchmarkCode])).has(p.referenceBenchmarkCode))
      errors.push({
        field,
        message: `${p.code} fonunun karşılaştırma ölçütü ${p.referenceBenchmarkCode} bulunamadı.`,
      });
    return errors;
  },
  'customer-performance-report': (ex, i) =>
    withPortfolios(ex, [i.portfolioCode], 'inputs.portfolioCode', (ref) =>
      holdingsIn(ex, ref, { from: i.fromDate, to: i.toDate }, 'inputs.fromDate', 2),
    ),
  'bond-analysis': (ex, i) => {
    if (i.source === 'instrument' && i.instrumentCode !== undefined)
      return instrumentsExist(
        ex,
        [{ code: i.instrumentCode, field: 'inputs.instrumentCode' }],
        true,
      );
    if (i.source === 'portfolio')
      return withPortfolios(ex, i.portfolioCodes ?? [], 'inputs.portfolioCodes', (ref) =>
        holdingsForDates(ex, ref, i),
      );
    return Promise.resolve([]);
  },
  'internal-audit': async (ex, i) => {
    const errors = await withPortfolios(ex, i.portfolioCodes, 'inputs.portfolioCodes', (ref) =>
      holdingsForDates(ex, ref, i),
    );
    const enabled = (await criteriaInForce(ex))
      .filter((c) => CriterionRuleSchema.safeParse(c.rule).data?.enabled === true)
      .map((c) => c.code);
    const wanted = i.criterionCodes ?? [];
    const missing = wanted.filter((c) => !enabled.includes(c));
    if (missing.length > 0)
      errors.push({
        field: 'inputs.criterionCodes',
        message: `Kriter bulunamadı veya devre dışı: ${missing.join(', ')}.`,
      });
    else if (enabled.length === 0)
      errors.push({ field: 'inputs.criterionCodes', message: 'Denetlenecek etkin kriter yok.' });
    return errors;
  },
  'fund-statistics': async (ex, i) => {
    const range = { from: i.fromDate, to: i.toDate };
    const errors: FieldError[] = [];
    for (const [k, code] of i.fundCodes.entries())
      errors.push(
        ...(await pricesIn(ex, code, range, `inputs.fundCodes.${String(k)}`, `${code} fonu`, 3)),
      );
    if (i.benchmarkTicker !== undefined)
      errors.push(
        ...(await pricesIn(
          ex,
          i.benchmarkTicker,
          range,
          'inputs.benchmarkTicker',
          `${i.benchmarkTicker} karşılaştırma ölçütü`,
        )),
      );
    return errors;
  },
  'risk-value': (ex, i) =>
    withPortfolios(ex, i.portfolioCodes, 'inputs.portfolioCodes', (ref) =>
      pricesIn(
        ex,
        ref.code,
        { from: yearsBefore(i.asOfDate, RISK_VALUE_HISTORY_YEARS), to: i.asOfDate },
        'inputs.asOfDate',
        `${ref.code} fonunun birim pay fiyatı`,
        2,
      ),
    ),
  'stress-test': async (ex, i) => {
    const errors = await withPortfolios(ex, i.portfolioCodes, 'inputs.portfolioCodes', (ref) =>
      holdingsForDates(ex, ref, i),
    );
    const known = await existingScenarioIds(ex, i.scenarioIds);
    const missing = i.scenarioIds.filter((id) => !known.has(id));
    if (missing.length > 0)
      errors.push({
        field: 'inputs.scenarioIds',
        message: `Stres senaryosu bulunamadı: ${missing.map(String).join(', ')} numaralı senaryo kayıtlı değil.`,
      });
    const index = await seriesCoverage(ex, i.equityIndexTicker, i.asOfDate, i.asOfDate);
    if (!index.exists)
      errors.push({
        field: 'inputs.equityIndexTicker',
        message: `${i.equityIndexTicker} kodlu hisse endeksi serisi bulunamadı.`,
      });
    return errors;
  },
  'liquidity-test': (ex, i) =>
    withPortfolios(ex, i.portfolioCodes, 'inputs.portfolioCodes', (ref) =>
      holdingsForDates(ex, ref, i),
    ),
  'concentration-risk': (ex, i) =>
    withPortfolios(ex, i.portfolioCodes, 'inputs.portfolioCodes', (ref) =>
      holdingsForDates(ex, ref, i),
    ),
  'active-share': (ex, i) =>
    withPortfolios(ex, i.portfolioCodes, 'inputs.portfolioCodes', async (ref) => [
      ...(await holdingsForDates(ex, ref, i)),
      ...(await holdingsBenchmark(ex, ref, i.benchmarkCode, i.asOfDate)),
    ]),
  'risk-graphic': (ex, i) =>
    withPortfolios(ex, i.portfolioCodes, 'inputs.portfolioCodes', () => Promise.resolve([])),
};

/** The reasons a run of `type` with these validated inputs cannot start; empty: it may. */
export function submissionProblems<T extends AnalysisType>(
  ex: Executor,
  type: T,
  inputs: AnalysisInputs<T>,
): Promise<FieldError[]> {
  return (SUBMISSION_CHECKS[type] as SubmissionCheck<T>)(ex, inputs);
}

/**
 * The warnings of a run that may start (issue 26, decision 0065): the morning view's checks
 * (data-quality.checks.ts) on the portfolios the run names, on its as-of date (or the end of its
 * period; without either, the latest market-data date), with the saved tolerances. Refusals
 * stay with SUBMISSION_CHECKS (a portfolio without holdings on or before the date); a portfolio
 * without holdings is therefore not checked here.
 */
export async function submissionWarnings(ex: Executor, inputs: unknown): Promise<FieldError[]> {
  const scope = runScope(inputs);
  const date = scope.asOfDate ?? scope.toDate ?? (await latestMarketDate(ex, FAR_FUTURE));
  if (date === null || scope.portfolioCodes.length === 0) return [];
  const refs = [...(await findPortfolioRefs(ex, scope.portfolioCodes)).values()];
  const { settings } = await readDataQualitySettings(ex);
  const tolerances = {
    ...settings,
    unmappedTolerancePct: (await readVarSettings(ex)).settings.unmappedTolerancePct,
  };
  return (await fundCheckInputs(ex, refs, date, settings))
    .filter((input) => input.holdingsDate !== null)
    .flatMap((input) => fundQuality(input, tolerances).findings)
    .map((f) => ({ field: 'inputs', message: f.message }));
}
