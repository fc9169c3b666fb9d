// 'bond-analysis': one bond (instrument master or typed) or every bond of a portfolio on a date.
// The handler orchestrates: the single bond (single-bond.ts) or each portfolio's bonds
// (portfolio-bonds.ts) priced into figures (bond-figures.ts, portfolio-figures.ts), then the
// result tables (bond-tables.ts) and charts (bond-charts.ts) with the run's conventions.
import {
  BOND_SOURCE_LABELS,
  type BondAnalysisInputs,
  type BondAnalysisResult,
  type BondFigures,
  type BondPortfolio,
} from '@fonrisk/contracts';
import { readCalendarOverrides } from '@fonrisk/db';
import { createTurkishCalendar } from '@fonrisk/risk';
import { AnalysisInputError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import { resolvePortfolios } from '../data/load.ts';
import { tryCurve } from './bond-data.ts';
import { bondCharts } from './bond-charts.ts';
import { analyseBond, defaultConvention } from './bond-figures.ts';
import { bondTables } from './bond-tables.ts';
import { portfolioBonds, portfolioRunMemo } from './portfolio-bonds.ts';
import { singleBondCase } from './single-bond.ts';

/** How coupon payment dates are set, recorded with every run. */
const BOND_PAYMENT_DATES =
  'following: tatile denk gelen ödeme sonraki iş gününe (Türkiye iş günü takvimi, kullanıcı düzenlemeleriyle)';

/** How DV01 is computed, recorded with every run (decision 0057). */
const BOND_DV01 =
  'analitik: modifiye durasyon × kirli fiyat × 1 baz puan (değişken faizlide faiz durasyonu, sonraki faiz belirlemeye kadar)';

async function runBondAnalysis(
  ctx: RunContext<BondAnalysisInputs>,
): Promise<{ result: BondAnalysisResult; dataSnapshot: Record<string, unknown> }> {
  const i = ctx.inputs;
  await ctx.progress(0, 'Tahvil verileri okunuyor');
  const calendar = createTurkishCalendar(await readCalendarOverrides(ctx.db));
  if (i.source !== 'portfolio') {
    const { bondCase, currency } = await singleBondCase(ctx, calendar);
    const convention = i.convention ?? defaultConvention(currency);
    const curve = await tryCurve(ctx.db, i.asOfDate);
    const bonds = [analyseBond(bondCase, i.asOfDate, convention, curve)];
    await ctx.progress(1, 'Tahvil analizi tamamlandı');
    return {
      result: {
        source: BOND_SOURCE_LABELS[i.source],
        asOfDate: i.asOfDate,
        bonds,
        portfolios: [],
        tables: bondTables(bonds, []),
        charts: bondCharts(bonds, []),
      },
      dataSnapshot: {
        settlementDate: i.asOfDate,
        curveTickers: curve.map((c) => c.ticker),
        conventions: {
          yield: convention,
          discountYieldBasis: i.discountYieldBasis ?? 'compound',
          dv01: BOND_DV01,
          paymentDates: BOND_PAYMENT_DATES,
        },
      },
    };
  }
  const refs = await resolvePortfolios(ctx.db, i.portfolioCodes!);
  const bonds: BondFigures[] = [];
  const portfolios: BondPortfolio[] = [];
  const holdingsDatesUsed: Record<string, string> = {};
  const run = portfolioRunMemo();
  for (const [n, ref] of refs.entries()) {
    const { date, priced } = await portfolioBonds(
      ctx,
      ref,
      { n, count: refs.length },
      calendar,
      run,
    );
    holdingsDatesUsed[ref.code] = date;
    if (priced === null) continue;
    bonds.push(...priced.bonds);
    portfolios.push(priced.portfolio);
  }
  if (portfolios.length === 0)
    throw new AnalysisInputError('Seçilen portföylerde bu tarihte tahvil yok.');
  await ctx.progress(1, 'Tahvil analizi tamamlandı');
  return {
    result: {
      source: BOND_SOURCE_LABELS.portfolio,
      asOfDate: i.asOfDate,
      bonds,
      portfolios,
      tables: bondTables(bonds, portfolios),
      charts: bondCharts(bonds, portfolios),
    },
    dataSnapshot: {
      holdingsDates: holdingsDatesUsed,
      curveTickers: [...new Set([...run.curves.values()].flatMap((c) => c.map((x) => x.ticker)))],
      conventions: {
        yield: 'tr-treasury (TL tahviller), isma (döviz tahviller)',
        discountYieldBasis: i.discountYieldBasis ?? 'compound',
        dv01: BOND_DV01,
        paymentDates: BOND_PAYMENT_DATES,
      },
    },
  };
}

export const bondAnalysisHandler: AnalysisHandler<'bond-analysis'> = { run: runBondAnalysis };
