/**
 * Module 5 speed (issue 13), end to end through the API and the worker on the demo data:
 * (1) performance report of a demo fund over 3 years with daily attribution (target < 2 s);
 * (2) a customer report with at least 100 cash flows (target < 1 s): the demo customer's stored
 *     flows plus bench-only deposits so that the year holds 100 or more;
 * (3) bond analysis of every bond in all demo portfolios (target < 1 s in total).
 * Starts a throw-away embedded PostgreSQL (or uses TEST_DATABASE_URL's server).
 * Run: node --import tsx bench/module5.ts
 */
import { verdict, withDemoApp } from './harness.ts';

const PERFORMANCE_LIMIT_S = 2;
const CUSTOMER_LIMIT_S = 1;
const BONDS_LIMIT_S = 1;
const MIN_FLOWS = 100;

const timing = (s: number, limit: number) => `${s.toFixed(2)} s ${verdict(s, limit)}`;
const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(2)} %`);

await withDemoApp('m5', async ({ pool, asOfDate, timedRun }) => {
  // Warm-up (module loading, first queries) outside the timings.
  await timedRun('bond-analysis', { source: 'portfolio', portfolioCodes: ['DBA'], asOfDate });

  const p = await timedRun('performance-report', {
    portfolioCode: 'DHS',
    asOfDate,
  });
  const r = p.run.result;
  console.log(
    `\nPerformance report DHS ${r.fromDate} .. ${r.asOfDate} (${r.byAssetClass?.periods ?? 0} attribution periods, ${r.risk.observations} daily returns, fee ${r.annualFeeRatePct} % ${r.feeRateSource ?? ''}):`,
  );
  for (const row of r.periods.filter((x) => x.net !== null))
    console.log(
      `  ${row.label.padEnd(20)} net ${pct(row.net).padStart(9)}  brüt ${pct(row.gross).padStart(9)}  ölçüt ${pct(row.benchmark).padStart(9)}`,
    );
  if (r.byAssetClass) {
    const a = r.byAssetClass;
    console.log(
      `  Brinson-Fachler (${a.linking}): active ${pct(a.activeReturn)} = allocation ${pct(a.allocation)} + selection ${pct(a.selection)} + interaction ${pct(a.interaction)}`,
    );
  }
  if (r.bySector) {
    const sct = r.bySector;
    console.log(
      `  by sector (equity part, ${sct.segments.length} sectors): active ${pct(sct.activeReturn)} = allocation ${pct(sct.allocation)} + selection ${pct(sct.selection)} + interaction ${pct(sct.interaction)}`,
    );
  } else console.log(`  by sector: none (${r.bySectorNote ?? ''})`);
  console.log(
    `end to end: ${timing(p.seconds, PERFORMANCE_LIMIT_S)} (worker compute ${((p.run.durationMs ?? 0) / 1000).toFixed(2)} s)`,
  );

  const customer = 'DMUS01';
  const fromDate = `${Number(asOfDate.slice(0, 4)) - 1}${asOfDate.slice(4)}`;
  const counted = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM portfolio_cash_flows WHERE portfolio_code = $1 AND flow_date > $2`,
    [customer, fromDate],
  );
  const n = counted.rows[0]?.n ?? 0;
  // One more than needed: a flow on the first valuation date is inside the opening value.
  const extra = Math.max(0, MIN_FLOWS + 1 - n);
  await pool.query(
    `INSERT INTO portfolio_cash_flows (portfolio_code, flow_date, kind, amount_try, note)
     SELECT $1, d::date, 'deposit', 1000, 'bench' FROM (
       SELECT DISTINCT portfolio_date AS d FROM holdings WHERE portfolio_code = $1 AND portfolio_date > $2
       ORDER BY 1 LIMIT $3) x`,
    [customer, fromDate, extra],
  );
  const c = await timedRun('customer-performance-report', {
    portfolioCode: customer,
    fromDate,
    toDate: asOfDate,
  });
  const cr = c.run.result;
  console.log(
    `\nCustomer report ${customer} ${cr.fromDate} .. ${cr.toDate}: ${cr.tables.flows?.rows.length ?? 0} flows, ${cr.valuations} valuations; Modified Dietz net ${pct(cr.netReturn)}, gross ${pct(cr.grossReturn)}, IRR ${pct(cr.irrPeriod)} (${pct(cr.irrAnnualized)} a year)`,
  );
  console.log(
    `end to end: ${timing(c.seconds, CUSTOMER_LIMIT_S)} (worker compute ${((c.run.durationMs ?? 0) / 1000).toFixed(2)} s)`,
  );

  const { rows: ports } = await pool.query<{ code: string }>(
    `SELECT DISTINCT h.portfolio_code AS code FROM holdings h JOIN instruments i ON i.code = h.instrument_code
     WHERE h.portfolio_date = $1 AND i.terms->>'kind' = 'bond' ORDER BY 1`,
    [asOfDate],
  );
  const b = await timedRun('bond-analysis', {
    source: 'portfolio',
    portfolioCodes: ports.map((x) => x.code),
    asOfDate,
  });
  for (const pf of b.run.result.portfolios) {
    console.log(
      `  ${pf.portfolioCode.padEnd(7)} ${String(b.run.result.bonds.filter((x) => x.portfolioCode === pf.portfolioCode).length).padStart(3)} bonds  MD ${pf.weightedModifiedDuration.toFixed(3)}  DV01 ${pf.dv01Try.toFixed(0).padStart(10)} TL  +100bp ${pf.shifts.find((s) => s.shiftBp === 100)!.fullRevaluationTry.toFixed(0)} TL`,
    );
    for (const s of pf.skipped) console.log(`    not priced: ${s.instrumentCode}: ${s.reason}`);
  }
  const bondSeconds = b.seconds;
  console.log(
    `\nBond analysis of every bond in all demo portfolios (one run): ${ports.length} portfolios, ${b.run.result.bonds.length} bond positions`,
  );
  console.log(
    `end to end: ${timing(bondSeconds, BONDS_LIMIT_S)} (worker compute ${((b.run.durationMs ?? 0) / 1000).toFixed(2)} s; the rest is queueing and polling)`,
  );
  if (
    p.seconds >= PERFORMANCE_LIMIT_S ||
    c.seconds >= CUSTOMER_LIMIT_S ||
    bondSeconds >= BONDS_LIMIT_S
  )
    process.exitCode = 1;
});
