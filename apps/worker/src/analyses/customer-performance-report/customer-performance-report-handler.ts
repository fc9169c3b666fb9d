// 'customer-performance-report': Modified Dietz per sub-period between valuations, chained, with
// the stored cash-flow model; IRR beside it; fees; a monthly statement.
import {
  CASH_FLOW_DIRECTION,
  CASH_FLOW_KIND_LABELS,
  type CashFlowKind,
  type CustomerPerformanceReportInputs,
  type CustomerPerformanceReportResult,
  type StatementRow,
  buildTable,
  CUSTOMER_PERFORMANCE_REPORT_TABLES,
  firstOverdraft,
} from '@fonrisk/contracts';
import {
  type Database,
  and,
  asc,
  gte,
  holdings,
  inArray,
  lte,
  portfolioCashFlows,
  sql,
} from '@fonrisk/db';
import { RiskError, modifiedDietzReturn, moneyWeightedReturn, parseIsoDate } from '@fonrisk/risk';
import { AnalysisInputError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import { resolvePortfolios } from '../data/load.ts';
import { lineChartOption } from '../report-charts.ts';

export interface StoredFlow {
  readonly id: number;
  readonly flowDate: string;
  readonly kind: CashFlowKind;
  readonly amountTry: number;
  readonly instrumentCode: string | null;
  readonly note: string | null;
}

export interface Valuation {
  readonly date: string;
  readonly value: number;
}

const money = (x: number) =>
  new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(x);
const trDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

/** NAV of each holdings date in [from, to] (all members present), ascending. */
async function valuations(
  db: Database,
  members: readonly string[],
  from: string,
  to: string,
): Promise<Valuation[]> {
  const rows = await db
    .select({
      date: holdings.portfolioDate,
      value: sql<number>`sum(${holdings.currentValue})::float8`,
      n: sql<number>`count(distinct ${holdings.portfolioCode})::int`,
    })
    .from(holdings)
    .where(
      and(
        inArray(holdings.portfolioCode, [...members]),
        gte(holdings.portfolioDate, from),
        lte(holdings.portfolioDate, to),
      ),
    )
    .groupBy(holdings.portfolioDate)
    .orderBy(holdings.portfolioDate);
  return rows.filter((r) => r.n === members.length).map((r) => ({ date: r.date, value: r.value }));
}

async function storedFlows(
  db: Database,
  members: readonly string[],
  from: string,
  to: string,
): Promise<StoredFlow[]> {
  const rows = await db
    .select()
    .from(portfolioCashFlows)
    .where(
      and(
        inArray(portfolioCashFlows.portfolioCode, [...members]),
        gte(portfolioCashFlows.flowDate, from),
        lte(portfolioCashFlows.flowDate, to),
      ),
    )
    .orderBy(asc(portfolioCashFlows.flowDate), asc(portfolioCashFlows.id));
  return rows.map((r) => ({
    id: r.id,
    flowDate: r.flowDate,
    kind: r.kind as CashFlowKind,
    amountTry: r.amountTry,
    instrumentCode: r.instrumentCode,
    note: r.note,
  }));
}

/** Signed external amount of a flow (+ in, − out; fees and income are not external). */
export const externalAmount = (f: StoredFlow) => CASH_FLOW_DIRECTION[f.kind] * f.amountTry;

/**
 * The report from valuations (end of day, flows of the day included) and flows dated after the
 * first valuation up to the last: a flow on a valuation date closes the sub-period ending there
 * (weight 0), a flow the day after a valuation carries almost the whole sub-period. Gross
 * returns treat fees as withdrawals (added back). Pure: tested without a database.
 * @throws AnalysisInputError (Turkish) for fewer than two valuations or a withdrawal larger
 * than the portfolio.
 */
export function customerReport(
  code: string,
  name: string,
  vals: readonly Valuation[],
  flows: readonly StoredFlow[],
): Omit<CustomerPerformanceReportResult, 'tables' | 'charts'> & {
  readonly cumulative: { date: string; net: number; gross: number; value: number }[];
  readonly flows: readonly StoredFlow[];
} {
  if (vals.length < 2)
    throw new AnalysisInputError(
      `${code} portföyünün seçilen dönemde en az iki değerlemesi (portföy dağılımı) gerekir; ${vals.length} var.`,
    );
  const used = flows.filter((f) => f.flowDate > vals[0]!.date && f.flowDate <= vals.at(-1)!.date);
  const statement = new Map<string, StatementRow>();
  const cumulative = [{ date: vals[0]!.date, net: 0, gross: 0, value: vals[0]!.value }];
  let gNet = 1;
  let gGross = 1;
  let j = 0;
  for (let k = 1; k < vals.length; k++) {
    const start = vals[k - 1]!;
    const end = vals[k]!;
    const inPeriod: StoredFlow[] = [];
    while (j < used.length && used[j]!.flowDate <= end.date) inPeriod.push(used[j++]!);
    // A withdrawal may not exceed what the portfolio held before it (the rule entries are
    // checked with when stored, decision 0049).
    const overdraft = firstOverdraft(start.value, inPeriod);
    if (overdraft) {
      const f = overdraft.flow;
      throw new AnalysisInputError(
        `${code} portföyü: ${trDate(f.flowDate)} tarihli ${CASH_FLOW_KIND_LABELS[f.kind].toLocaleLowerCase('tr-TR')} (${money(f.amountTry)} TL), portföyün o günkü değerini (${money(Math.max(0, overdraft.available))} TL) aşıyor.`,
      );
    }
    const ext = inPeriod.filter((f) => CASH_FLOW_DIRECTION[f.kind] !== 0);
    const fees = inPeriod.filter((f) => f.kind === 'fee');
    const period = {
      start: start.date,
      end: end.date,
      beginValue: start.value,
      endValue: end.value,
    };
    let net: number;
    let gross: number;
    try {
      net = modifiedDietzReturn({
        ...period,
        flows: ext.map((f) => ({ date: f.flowDate, amount: externalAmount(f) })),
      });
      gross = modifiedDietzReturn({
        ...period,
        flows: [
          ...ext.map((f) => ({ date: f.flowDate, amount: externalAmount(f) })),
          ...fees.map((f) => ({ date: f.flowDate, amount: -f.amountTry })),
        ],
      });
    } catch (error) {
      if (error instanceof RiskError)
        throw new AnalysisInputError(
          `${code} portföyü, ${trDate(start.date)} – ${trDate(end.date)}: akışlar portföy değerini aşıyor; Modified Dietz getirisi hesaplanamaz.`,
        );
      throw error;
    }
    gNet *= 1 + net;
    gGross *= 1 + gross;
    cumulative.push({ date: end.date, net: gNet - 1, gross: gGross - 1, value: end.value });
    const key = end.date.slice(0, 7);
    const sum = (kind: CashFlowKind) =>
      inPeriod.filter((f) => f.kind === kind).reduce((s, f) => s + f.amountTry, 0);
    const row = statement.get(key) ?? {
      period: key,
      fromDate: start.date,
      toDate: end.date,
      openingValue: start.value,
      deposits: 0,
      withdrawals: 0,
      transfersIn: 0,
      transfersOut: 0,
      fees: 0,
      income: 0,
      gains: 0,
      closingValue: end.value,
      netReturn: 0,
      grossReturn: 0,
    };
    statement.set(key, {
      ...row,
      toDate: end.date,
      deposits: row.deposits + sum('deposit'),
      withdrawals: row.withdrawals + sum('withdrawal'),
      transfersIn: row.transfersIn + sum('transferIn'),
      transfersOut: row.transfersOut + sum('transferOut'),
      fees: row.fees + sum('fee'),
      income: row.income + sum('income'),
      closingValue: end.value,
      netReturn: (1 + row.netReturn) * (1 + net) - 1,
      grossReturn: (1 + row.grossReturn) * (1 + gross) - 1,
    });
  }
  const rows = [...statement.values()].map((r) => ({
    ...r,
    // closing = opening + external flows + income + gains − fees
    gains:
      r.closingValue -
      r.openingValue -
      (r.deposits - r.withdrawals + r.transfersIn - r.transfersOut) -
      r.income +
      r.fees,
  }));
  const first = vals[0]!;
  const last = vals.at(-1)!;
  let irr: { annualized: number; periodReturn: number };
  try {
    irr = moneyWeightedReturn({
      start: first.date,
      end: last.date,
      beginValue: first.value,
      endValue: last.value,
      flows: used
        .filter((f) => CASH_FLOW_DIRECTION[f.kind] !== 0)
        .map((f) => ({ date: f.flowDate, amount: externalAmount(f) })),
    });
  } catch (error) {
    if (error instanceof RiskError)
      throw new AnalysisInputError(
        `${code} portföyü için para ağırlıklı getiri (İVO) bulunamadı: akışlar ve değerler bir iç verim oranı vermiyor.`,
      );
    throw error;
  }
  const span = parseIsoDate(last.date) - parseIsoDate(first.date);
  const netReturn = gNet - 1;
  return {
    portfolioCode: code,
    portfolioName: name,
    fromDate: first.date,
    toDate: last.date,
    netReturn,
    grossReturn: gGross - 1,
    netReturnAnnualized: span > 365 ? (1 + netReturn) ** (365 / span) - 1 : null,
    irrAnnualized: irr.annualized,
    irrPeriod: irr.periodReturn,
    openingValue: first.value,
    closingValue: last.value,
    netFlows: used.reduce((s, f) => s + externalAmount(f), 0),
    fees: used.filter((f) => f.kind === 'fee').reduce((s, f) => s + f.amountTry, 0),
    income: used.filter((f) => f.kind === 'income').reduce((s, f) => s + f.amountTry, 0),
    valuations: vals.length,
    statement: rows,
    cumulative,
    flows: used,
  };
}

async function runCustomerReport(
  ctx: RunContext<CustomerPerformanceReportInputs>,
): Promise<{ result: CustomerPerformanceReportResult; dataSnapshot: Record<string, unknown> }> {
  const { portfolioCode, fromDate, toDate } = ctx.inputs;
  await ctx.progress(0, 'Değerlemeler ve nakit akışları okunuyor');
  const [ref] = await resolvePortfolios(ctx.db, [portfolioCode]);
  const vals = await valuations(ctx.db, ref!.members, fromDate, toDate);
  if (vals.length === 0)
    throw new AnalysisInputError(
      `${portfolioCode} portföyünün ${trDate(fromDate)} – ${trDate(toDate)} döneminde değerlemesi (portföy dağılımı) yok.`,
    );
  const flows = await storedFlows(ctx.db, ref!.members, fromDate, toDate);
  const r = customerReport(portfolioCode, ref!.name, vals, flows);
  await ctx.progress(0.8, 'Rapor tabloları hazırlanıyor');
  const { cumulative, flows: used, ...summary } = r;
  const result: CustomerPerformanceReportResult = {
    ...summary,
    tables: {
      summary: buildTable(CUSTOMER_PERFORMANCE_REPORT_TABLES.summary, [
        { figure: 'Dönem başı değer', value: r.openingValue, format: 'TL' },
        { figure: 'Net para ve kıymet akışı', value: r.netFlows, format: 'TL' },
        { figure: 'Gelirler', value: r.income, format: 'TL' },
        { figure: 'Ücretler', value: r.fees, format: 'TL' },
        { figure: 'Dönem sonu değer', value: r.closingValue, format: 'TL' },
        {
          figure: 'Zaman ağırlıklı getiri (Modified Dietz, zincirleme, net)',
          value: r.netReturn,
          format: 'oran',
        },
        {
          figure: 'Zaman ağırlıklı getiri (brüt, ücretler eklenmiş)',
          value: r.grossReturn,
          format: 'oran',
        },
        { figure: 'Para ağırlıklı getiri (İVO, dönem)', value: r.irrPeriod, format: 'oran' },
        { figure: 'Para ağırlıklı getiri (İVO, yıllık)', value: r.irrAnnualized, format: 'oran' },
      ]),
      statement: buildTable(
        CUSTOMER_PERFORMANCE_REPORT_TABLES.statement,
        r.statement.map((s) => ({ ...s })),
      ),
      flows: buildTable(
        CUSTOMER_PERFORMANCE_REPORT_TABLES.flows,
        used.map((f) => ({ ...f, kindLabel: CASH_FLOW_KIND_LABELS[f.kind] })),
      ),
    },
    charts: {
      cumulative: {
        title: 'Kümülatif Getiri (%)',
        option: lineChartOption(
          [
            { name: 'Net (Modified Dietz)', points: cumulative.map((c) => [c.date, c.net * 100]) },
            { name: 'Brüt', points: cumulative.map((c) => [c.date, c.gross * 100]), dashed: true },
          ],
          { xType: 'time', yUnit: '%', digits: 3 },
        ),
      },
      value: {
        title: 'Portföy Değeri (TL)',
        option: lineChartOption(
          [
            {
              name: 'Portföy değeri',
              points: cumulative.map((c) => [c.date, c.value]),
              area: true,
            },
          ],
          {
            xType: 'time',
            digits: 0,
          },
        ),
      },
    },
  };
  await ctx.progress(1, 'Müşteri performans raporu tamamlandı');
  return {
    result,
    dataSnapshot: {
      valuationDates: { first: r.fromDate, last: r.toDate, count: r.valuations },
      cashFlows: used.length,
      conventions: {
        returns: 'Modified Dietz (gün sonu akış), değerlemeler arası alt dönemler zincirleme',
        irr: 'İVO, gerçek/365 yıllık bileşik',
        gross: 'ücretler dış akış sayılarak',
      },
    },
  };
}

export const customerPerformanceReportHandler: AnalysisHandler<'customer-performance-report'> = {
  run: runCustomerReport,
};
