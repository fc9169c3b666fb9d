// The result tables of a bond analysis (BOND_ANALYSIS_TABLES).
import {
  COUPON_TYPE_LABELS,
  DISCOUNT_YIELD_BASIS_LABELS,
  type BondFigures,
  type BondPortfolio,
  type BondTerms,
  type ResultTables,
  buildTable,
  BOND_ANALYSIS_TABLES,
  withoutColumns,
} from '@fonrisk/contracts';

/** The result tables: bonds, cash flows and key rates; portfolios, buckets, shifts, skipped lines. */
export function bondTables(
  bonds: readonly BondFigures[],
  portfolios: readonly BondPortfolio[],
): ResultTables {
  // A bond held by several portfolios has one cash-flow table and one set of key-rate durations.
  const distinct = bonds.filter(
    (b, i) => bonds.findIndex((x) => x.instrumentCode === b.instrumentCode) === i,
  );
  const tables: ResultTables = {
    bonds: buildTable(
      portfolios.length > 0
        ? BOND_ANALYSIS_TABLES.bonds
        : withoutColumns(BOND_ANALYSIS_TABLES.bonds, ['portfolioCode']),
      bonds.map((b) => ({
        ...b,
        cashflows: undefined,
        priceYield: undefined,
        keyRateDurations: undefined,
        yield: b.yieldPct / 100,
        couponTypeLabel: COUPON_TYPE_LABELS[b.couponType as BondTerms['couponType']],
        yieldBasisLabel:
          b.discountYieldBasis === null ? null : DISCOUNT_YIELD_BASIS_LABELS[b.discountYieldBasis],
        quoteSourceLabel: { input: 'Girilen', market: 'Piyasa verisi', holdings: 'Portföy değeri' }[
          b.quoteSource
        ],
      })),
    ),
    cashflows: buildTable(
      BOND_ANALYSIS_TABLES.cashflows,
      distinct.flatMap((b) => b.cashflows.map((f) => ({ instrumentCode: b.instrumentCode, ...f }))),
    ),
    keyRates: buildTable(
      BOND_ANALYSIS_TABLES.keyRates,
      distinct.flatMap((b) =>
        b.keyRateDurations.map((k) => ({ instrumentCode: b.instrumentCode, ...k })),
      ),
    ),
  };
  if (portfolios.length > 0) {
    tables.portfolios = buildTable(
      BOND_ANALYSIS_TABLES.portfolios,
      portfolios.map(({ buckets: _b, shifts: _s, skipped: _k, ...p }) => ({ ...p })),
    );
    tables.buckets = buildTable(
      BOND_ANALYSIS_TABLES.buckets,
      portfolios.flatMap((p) => p.buckets.map((b) => ({ portfolioCode: p.portfolioCode, ...b }))),
    );
    tables.shifts = buildTable(
      BOND_ANALYSIS_TABLES.shifts,
      portfolios.flatMap((p) => p.shifts.map((x) => ({ portfolioCode: p.portfolioCode, ...x }))),
    );
    const skipped = portfolios.flatMap((p) =>
      p.skipped.map((x) => ({ portfolioCode: p.portfolioCode, ...x })),
    );
    if (skipped.length > 0) tables.skipped = buildTable(BOND_ANALYSIS_TABLES.skipped, skipped);
  }
  return tables;
}
