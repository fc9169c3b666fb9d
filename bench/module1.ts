/**
 * Module 1 speed (issue 5): (1) VaR with component VaR for every demo fund on one date, end to
 * end through the API and the worker (target < 5 s); (2) a 250-day daily backtest of the largest
 * demo fund (target < 10 s). Starts a throw-away embedded PostgreSQL (or uses
 * TEST_DATABASE_URL's server), loads the demo data, builds the API in-process (fastify.inject),
 * starts the analysis worker (pg-boss consumer + compute threads) and times each run from the
 * POST to the finished result read back through the API.
 * Run: node --import tsx bench/module1.ts
 */
import { verdict, withDemoApp } from './harness.ts';

const VAR_LIMIT_S = 5;
const BACKTEST_LIMIT_S = 10;

await withDemoApp('m1', async ({ funds, asOfDate, timedRun }) => {
  const v = await timedRun('var', {
    portfolioCodes: funds.map((f) => f.code),
    asOfDate,
  });
  console.log(
    `\nVaR (historical, 99 %, 20 days √t, 250-day window) with component VaR, ${funds.length} demo funds on ${asOfDate}:`,
  );
  for (const p of v.run.result.portfolios) {
    const sum = p.positions.reduce((s, x) => s + x.componentVarTry, 0);
    console.log(
      `  ${p.portfolioCode.padEnd(6)} NAV ${p.navTry.toFixed(0).padStart(14)}  VaR ${p.varTry.toFixed(0).padStart(12)} (${(p.varPct * 100).toFixed(2)} %)  Σ component ${sum.toFixed(0).padStart(12)}  positions ${p.positions.length}  unmapped ${(p.unmappedWeight * 100).toFixed(2)} %  ${p.status}`,
    );
  }
  console.log(
    `end to end (POST -> worker -> GET result): ${v.seconds.toFixed(2)} s ${verdict(v.seconds, VAR_LIMIT_S)}`,
  );

  const largest = funds[0]!.code;
  const b = await timedRun('backtest', { portfolioCode: largest });
  const h = b.run.result.hypothetical;
  console.log(
    `\nBacktest of ${largest} (largest demo fund), ${b.run.result.fromDate} .. ${b.run.result.toDate}: ${h.observations} days, ${h.exceptions} exceptions, Kupiec p ${h.kupiec.pValue.toFixed(3)}, Basel ${h.baselZone}`,
  );
  console.log(`end to end: ${b.seconds.toFixed(2)} s ${verdict(b.seconds, BACKTEST_LIMIT_S)}`);
  if (v.seconds >= VAR_LIMIT_S || b.seconds >= BACKTEST_LIMIT_S) process.exitCode = 1;

  // Not timed targets: the other two Module 1 analyses on the demo data, for the record.
  const l = await timedRun('leverage', {
    portfolioCodes: funds.map((f) => f.code),
    asOfDate,
  });
  console.log(`\nLeverage on ${asOfDate} (${l.seconds.toFixed(2)} s):`);
  for (const p of l.run.result.portfolios.filter((x) => x.positions.length > 0)) {
    console.log(
      `  ${p.portfolioCode.padEnd(6)} gross ${(p.grossPct * 100).toFixed(2)} %  commitment ${(p.commitmentPct * 100).toFixed(2)} %  derivatives ${p.positions.length}  ${p.status}`,
    );
  }
  const i = await timedRun('incremental-var', {
    portfolioCode: 'DSF',
    asOfDate,
  });
  const top = [...i.run.result.positions]
    .sort((a, b) => b.componentVarTry - a.componentVarTry)
    .slice(0, 3);
  console.log(
    `\nIncremental VaR of DSF (${i.seconds.toFixed(2)} s): VaR ${i.run.result.varTry.toFixed(0)}, largest components: ${top.map((p) => `${p.instrumentCode} ${p.componentVarTry.toFixed(0)}`).join(', ')}`,
  );
});
