import pg from 'pg';
import { startEmbeddedPostgres } from '../../packages/db/src/index.ts';
const server = await startEmbeddedPostgres({ dataDir: '/tmp/batch-compute-prof/pg', logFile: null });
const url = new URL(server.adminUrl); url.pathname = '/fonrisk_night';
const c = new pg.Client({ connectionString: url.toString() }); await c.connect();
try {
  const { rows: held } = await c.query(`SELECT DISTINCT h.instrument_code AS t FROM holdings h JOIN market_series s ON s.ticker = h.instrument_code WHERE h.portfolio_code = 'NF000'`);
  const tickers = held.map((r) => r.t as string);
  const q = (from: string) => [`SELECT v.ticker, string_agg(int4send(v.date - DATE '2000-01-01'), ''::bytea ORDER BY v.date) AS days, string_agg(float8send(coalesce(d.adjusted, v.value)), ''::bytea ORDER BY v.date) AS vals FROM market_values v LEFT JOIN market_values_derived d ON d.ticker = v.ticker AND d.date = v.date WHERE v.ticker = ANY($1::text[]) AND v.date >= $2 AND v.date <= $3 GROUP BY v.ticker ORDER BY v.ticker`, [tickers, from, '2026-11-27']] as const;
  for (const from of ['2025-11-20', '2021-11-20']) {
    for (let k = 0; k < 3; k++) {
      const s = performance.now(); await c.query(...q(from)); console.log(from, (performance.now() - s).toFixed(1));
    }
    const e = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${q(from)[0]}`, q(from)[1] as unknown[]);
    console.log(e.rows.map((r) => String(r['QUERY PLAN']).slice(0, 200)).join('\n'));
  }
} finally { await c.end(); await server.stop(); }
