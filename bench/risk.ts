// Risk-engine benchmark: `npx tsx bench/risk.ts`. Synthetic, seeded data generated here (not
// real market data): 1,000 positions over 1,250 days driven by 200 factors plus noise.
import {
  covarianceMatrix,
  createRng,
  gaussianVarFromCovariance,
  portfolioVar,
} from '../packages/risk/src/index.ts';

const POSITIONS = 1000;
const DAYS = 1250;
const FACTORS = 200;
const rng = createRng(20240601);

const factorReturns = Array.from({ length: FACTORS }, () => Float64Array.from({ length: DAYS }, () => 0.01 * rng.normal()));
const loadings = Array.from({ length: POSITIONS }, () => Float64Array.from({ length: FACTORS }, () => (rng.uniform() < 0.05 ? rng.normal() : 0)));
const panel = loadings.map((beta) => {
  const col = Float64Array.from({ length: DAYS }, () => 0.005 * rng.normal());
  beta.forEach((b, f) => {
    if (b !== 0) {
      const fr = factorReturns[f]!;
      for (let t = 0; t < DAYS; t++) col[t] = col[t]! + b * fr[t]!;
    }
  });
  return col;
});
const valuesTry = Float64Array.from({ length: POSITIONS }, () => 1e5 + 1e6 * rng.uniform());
const factorExposures = Float64Array.from({ length: FACTORS }, (_, f) => loadings.reduce((s, beta, i) => s + beta[f]! * valuesTry[i]!, 0));

/** Median wall time of `runs` repetitions after one warm-up. */
function time(runs: number, f: () => unknown): number {
  f();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    ms.push(performance.now() - t0);
  }
  return ms.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

const covariance = covarianceMatrix(panel);

const rows: [string, number, number | null][] = [
  [
    'historical VaR + component VaR (1,000 × 1,250)',
    time(5, () => portfolioVar(panel, valuesTry, { method: 'historical', confidenceLevel: 0.99, incremental: false })),
    50,
  ],
  [
    '  … with incremental VaR of every position',
    time(3, () => portfolioVar(panel, valuesTry, { method: 'historical', confidenceLevel: 0.99 })),
    null,
  ],
  [
    'parametric VaR + Jorion decomposition from the 1,000² covariance matrix',
    time(5, () => gaussianVarFromCovariance(covariance, valuesTry, { confidenceLevel: 0.99 })),
    200,
  ],
  ['  … building that covariance matrix from 1,000 × 1,250 returns', time(1, () => covarianceMatrix(panel)), null],
  [
    '  … parametric from the panel (no matrix, O(N·T))',
    time(5, () => portfolioVar(panel, valuesTry, { method: 'gaussian', confidenceLevel: 0.99 })),
    null,
  ],
  [
    'Monte Carlo 10,000 draws × 200 factors (+ components)',
    time(3, () =>
      portfolioVar(factorReturns, factorExposures, { method: 'montecarlo', draws: 10_000, seed: 7, confidenceLevel: 0.99 }),
    ),
    2000,
  ],
];

console.log('| measurement | median ms | target ms | status |');
console.log('| --- | ---: | ---: | --- |');
for (const [name, ms, target] of rows) {
  const status = target === null ? '' : ms < target ? 'OK' : 'SLOW';
  console.log(`| ${name} | ${ms.toFixed(1)} | ${target ?? ''} | ${status} |`);
}
