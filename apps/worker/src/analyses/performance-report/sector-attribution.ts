// The performance report's attribution by sector of the equity part: the fund's shares against
// the benchmark's, from the benchmark portfolio's holdings (a holdings benchmark) or from the
// constituents of its equity indices (an index composite), linked over the window.
import type { Attribution } from '@fonrisk/contracts';
import type { Database } from '@fonrisk/db';
import { monthsBefore, type AttributionSegment } from '@fonrisk/risk';
import { holdingsDates, resolvePortfolios } from '../data/load.ts';
import { linkedAttribution, segmentsOf, type PositionPeriod } from './attribution.ts';
import { startHoldings, type BenchmarkPath } from './benchmark-index.ts';
import { loadHoldingsPeriods, type HoldingsPeriod } from './holdings-periods.ts';
import { indexOnOrBefore, indexSectorSegments } from './index-sectors.ts';
import { loadIndexConstituents, type BenchmarkData } from './performance-data.ts';

export interface SectorAttribution {
  readonly bySector: Attribution | null;
  /** Why there is no sector attribution (null when there is one). */
  readonly bySectorNote: string | null;
}

/** The equity positions of a period, their weights rescaled to sum to 1 (none without equity). */
export function equityOf(pos: readonly PositionPeriod[]): PositionPeriod[] {
  const eq = pos.filter((p) => p.assetClass === 'equity');
  const w = eq.reduce((s, p) => s + p.weight, 0);
  return w > 0 ? eq.map((p) => ({ ...p, weight: p.weight / w })) : [];
}

const sectorKey = (p: PositionPeriod) => p.sector ?? 'Sektörü tanımsız';

const NO_EQUITY = 'Fonda ya da ölçütte dönem boyunca pay senedi yok.';

/** Sector attribution against a holdings benchmark, on the holdings dates both portfolios share. */
async function againstHoldings(
  db: Database,
  benchmarkPortfolioCode: string,
  fundDates: readonly string[],
  fundPeriod: HoldingsPeriod,
  window: { readonly fromDate: string; readonly asOfDate: string },
): Promise<SectorAttribution> {
  const [bref] = await resolvePortfolios(db, [benchmarkPortfolioCode]);
  const bDates = new Set(await holdingsDates(db, bref!, window.fromDate, window.asOfDate));
  const common = fundDates.filter((d) => bDates.has(d));
  if (common.length < 2)
    return {
      bySector: null,
      bySectorNote: 'Ölçüt portföyünün bu dönemde en az iki dağılımı gerekir.',
    };
  const benchPeriod = await loadHoldingsPeriods(db, bref!, common);
  const sectorPeriods: AttributionSegment[][] = [];
  for (let k = 1; k < common.length; k++) {
    const d0 = common[k - 1]!;
    const d1 = common[k]!;
    const fp = equityOf(fundPeriod(d0, d1));
    const bp = equityOf(benchPeriod(d0, d1));
    const bSeg = [...new Set(bp.map(sectorKey))].map((s) => {
      const ps = bp.filter((p) => sectorKey(p) === s);
      const w = ps.reduce((a, p) => a + p.weight, 0);
      return {
        segment: s,
        weight: w,
        return: w !== 0 ? ps.reduce((a, p) => a + p.weight * p.return, 0) / w : 0,
      };
    });
    if (fp.length > 0 && bp.length > 0) sectorPeriods.push(segmentsOf(fp, sectorKey, bSeg));
  }
  return sectorPeriods.length > 0
    ? { bySector: linkedAttribution(sectorPeriods, (s) => s), bySectorNote: null }
    : { bySector: null, bySectorNote: NO_EQUITY };
}

/**
 * Sector attribution against an index composite: the equity components' constituents
 * (index_constituents) give the benchmark's sector weights (capitalisation weights at the period
 * start) and returns.
 */
async function againstIndices(
  db: Database,
  bm: BenchmarkData,
  path: BenchmarkPath,
  fundDates: readonly string[],
  fundPeriod: HoldingsPeriod,
  asOfDate: string,
): Promise<SectorAttribution> {
  const equity = bm.components
    .map((c, j) => ({ c, j }))
    .filter(({ c }) => c.assetClass === 'equity');
  const constituents = await loadIndexConstituents(
    db,
    equity.map((e) => e.c.ticker),
    monthsBefore(path.dates[0]!, 1),
    asOfDate,
  );
  const without = equity.filter((e) => !constituents.has(e.c.ticker));
  if (equity.length === 0)
    return {
      bySector: null,
      bySectorNote: `Ölçüt ${bm.name} pay endeksi içermiyor; sektör ayrıştırması yapılmadı.`,
    };
  if (without.length > 0)
    return {
      bySector: null,
      bySectorNote: `Ölçütün pay bileşeni ${without.map((e) => e.c.name).join(', ')} için endeks bileşenleri (sektörleriyle) tanımlı değil; sektör ayrıştırması yapılamadı.`,
    };
  const sectorPeriods: AttributionSegment[][] = [];
  for (let k = 1; k < fundDates.length; k++) {
    const d0 = fundDates[k - 1]!;
    const d1 = fundDates[k]!;
    const fp = equityOf(fundPeriod(d0, d1));
    const bSeg = indexSectorSegments(
      equity.map(({ c, j }) => ({
        weight: startHoldings(path, bm.components, indexOnOrBefore(path.dates, d0), bm.rebalancing)[
          j
        ]!,
        constituents: constituents.get(c.ticker)!,
      })),
      d0,
      d1,
    );
    if (fp.length > 0 && bSeg.length > 0) sectorPeriods.push(segmentsOf(fp, sectorKey, bSeg));
  }
  return sectorPeriods.length > 0
    ? { bySector: linkedAttribution(sectorPeriods, (x) => x), bySectorNote: null }
    : { bySector: null, bySectorNote: NO_EQUITY };
}

/** Sector attribution of the fund's equity against its benchmark's over the fund's holdings dates. */
export function sectorAttribution(
  db: Database,
  bm: BenchmarkData,
  path: BenchmarkPath,
  fundDates: readonly string[],
  fundPeriod: HoldingsPeriod,
  window: { readonly fromDate: string; readonly asOfDate: string },
): Promise<SectorAttribution> {
  return bm.kind === 'holdings' && bm.holdingsPortfolioCode
    ? againstHoldings(db, bm.holdingsPortfolioCode, fundDates, fundPeriod, window)
    : againstIndices(db, bm, path, fundDates, fundPeriod, window.asOfDate);
}
