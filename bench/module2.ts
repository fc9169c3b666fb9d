/**
 * Module 2 speed (issue 11): (1) a stress test of every demo fund under every shipped scenario
 * with full revaluation (target < 3 s); (2) the SPK risk value of every demo fund with its weekly
 * class history (target < 2 s); (3) liquidity test and concentration of every demo fund, active
 * share and risk graphics (printed), and opening each finished run as its result screen does
 * (target < 1 s). Same harness as bench/module1.ts: throw-away embedded
 * PostgreSQL, demo data, API in-process, the analysis worker, each run timed from the POST to the
 * finished result read back through the API.
 * Run: node --import tsx bench/module2.ts
 */
import type { StressScenario } from '../packages/contracts/src/index.ts';
import { verdict, withDemoApp } from './harness.ts';

const STRESS_LIMIT_S = 3;
const RISK_VALUE_LIMIT_S = 2;
const RESULT_OPEN_LIMIT_S = 1;

await withDemoApp('m2', async ({ app, pool, headers, funds, asOfDate, timedRun, openRun }) => {
  const list = await app.inject({ method: 'GET', url: '/api/stress-scenarios', headers });
  const scenarios = list.json<StressScenario[]>().filter((s) => s.shipped);
  const codes = funds.map((f) => f.code);

  const s = await timedRun('stress-test', {
    portfolioCodes: codes,
    asOfDate,
    scenarioIds: scenarios.map((x) => x.id),
  });
  console.log(
    `\nStress test, full revaluation: ${funds.length} demo funds x ${scenarios.length} shipped scenarios on ${asOfDate}:`,
  );
  for (const code of codes) {
    const row = s.run.result.outcomes
      .filter((o) => o.portfolioCode === code)
      .map((o) => `${(o.pnlPct * 100).toFixed(2).padStart(9)} %${o.worst ? '*' : ' '}`)
      .join(' ');
    console.log(`  ${code.padEnd(6)} ${row}`);
  }
  console.log(
    `end to end (POST -> worker -> GET result): ${s.seconds.toFixed(2)} s ${verdict(s.seconds, STRESS_LIMIT_S)}`,
  );

  const r = await timedRun('risk-value', { portfolioCodes: codes, asOfDate });
  console.log(`\nRisk value with weekly class history, ${funds.length} demo funds:`);
  for (const f of r.run.result.funds) {
    console.log(
      `  ${f.portfolioCode.padEnd(6)} σ ${(f.volatility * 100).toFixed(2).padStart(6)} %  class ${f.riskValue}  weeks ${f.weeks}  history ${f.history.length} weeks`,
    );
  }
  console.log(`end to end: ${r.seconds.toFixed(2)} s ${verdict(r.seconds, RISK_VALUE_LIMIT_S)}`);

  const l = await timedRun('liquidity-test', {
    portfolioCodes: codes,
    asOfDate,
    scenarios: [{ name: 'Yoğun geri ödeme', redemptionShare: 0.25, horizonDays: 5 }],
  });
  console.log(
    `\nLiquidity test, ${funds.length} demo funds (buckets 1 | 2-7 | 8-30 | 31-90 | >90 % NAV, coverage):`,
  );
  for (const f of l.run.result.funds) {
    const buckets = f.buckets.map((b) => (b.share * 100).toFixed(1).padStart(5)).join(' |');
    const cover = f.scenarios
      .map(
        (x) =>
          `${x.coverageRatio === null ? '–' : x.coverageRatio.toFixed(2)}${x.passes ? '' : '!'}`,
      )
      .join(' ');
    console.log(
      `  ${f.portfolioCode.padEnd(6)} ${buckets}   RCR ${cover}   cost ${((f.liquidationCostTry / f.nav) * 100).toFixed(3)} %`,
    );
  }
  console.log(`end to end: ${l.seconds.toFixed(2)} s`);

  const c = await timedRun('concentration-risk', { portfolioCodes: codes, asOfDate });
  console.log(
    `\nConcentration, ${funds.length} demo funds (issuer HHI points, effective N, breaches):`,
  );
  for (const f of c.run.result.funds) {
    const h = f.hhi.find((x) => x.dimension === 'issuer')!;
    console.log(
      `  ${f.portfolioCode.padEnd(6)} HHI ${(h.hhiPoints ?? 0).toFixed(0).padStart(6)}  N ${(h.effectiveN ?? 0).toFixed(1).padStart(5)}  breaches ${f.breaches}`,
    );
  }
  console.log(`end to end: ${c.seconds.toFixed(2)} s`);

  // Active share (issue 11, task i11c): the demo equity and mixed funds against the holdings
  // of the demo BIST 30 index fund, then the risk graphics of every demo fund over a year.
  await pool.query(
    `INSERT INTO benchmarks (code, name, kind, rebalancing, holdings_portfolio_code, is_demo)
     VALUES ('BENCH-PAY', 'DEF varlıkları', 'holdings', 'daily', 'DEF', true)`,
  );
  const a = await timedRun('active-share', {
    portfolioCodes: ['DHS', 'DKR'],
    asOfDate,
    benchmarkCode: 'BENCH-PAY',
  });
  console.log('\nActive share against the DEF holdings (TE window 250 days):');
  for (const f of a.run.result.funds)
    console.log(
      `  ${f.portfolioCode.padEnd(6)} AS ${(f.activeShare * 100).toFixed(2).padStart(6)} %  TE ${((f.trackingError ?? 0) * 100).toFixed(2)} %  history ${f.history.length} dates`,
    );
  console.log(`end to end: ${a.seconds.toFixed(2)} s`);
  const g = await timedRun('risk-graphic', {
    portfolioCodes: codes,
    fromDate: `${String(Number(asOfDate.slice(0, 4)) - 1)}${asOfDate.slice(4)}`,
    toDate: asOfDate,
  });
  console.log(
    `\nRisk graphics of ${codes.length} demo funds over a year (4 charts): ${g.seconds.toFixed(2)} s end to end`,
  );
  // Opening a finished run as a result screen does: GET analyses/runs/{id}.
  let slowest = 0;
  for (const run of [s.run, r.run, l.run, c.run, a.run, g.run]) {
    const { seconds, bytes } = await openRun(run.id);
    slowest = Math.max(slowest, seconds);
    console.log(
      `open ${run.analysisType} result: ${(seconds * 1000).toFixed(0)} ms (${(bytes / 1024).toFixed(0)} kB)`,
    );
  }
  console.log(
    `result screens: slowest open ${slowest.toFixed(2)} s ${verdict(slowest, RESULT_OPEN_LIMIT_S)}`,
  );
  if (
    s.seconds >= STRESS_LIMIT_S ||
    r.seconds >= RISK_VALUE_LIMIT_S ||
    slowest >= RESULT_OPEN_LIMIT_S
  )
    process.exitCode = 1;
});
