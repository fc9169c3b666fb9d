/**
 * Pre-trade check speed (issue 26): POST /api/pre-trade-check for every demo fund on the last
 * holdings date, with two proposed trades (a sale of part of its largest line and a buy of its
 * second). The answer the screen shows first (before/after checks with their statuses,
 * includeHeadroom false): target under 500 ms per fund. The headroom table the screen asks for
 * next (a search per instrument) is timed and printed beside it. Timed from the POST to the
 * parsed answer, as the screen waits for it.
 * Run: npm run bench -- pre-trade
 */
import type { PreTradeResponse } from '../packages/contracts/src/index.ts';
import { withDemoApp } from './harness.ts';

const LIMIT_MS = 500;
/** Each fund is asked this many times after a warm-up; the slowest answer is the figure. */
const REPEAT = 3;

const outcome = { failed: false };
await withDemoApp('pretrade', async ({ app, headers, funds, asOfDate }) => {
  for (const fund of funds) {
    const probe = await app.inject({
      method: 'POST',
      url: '/api/pre-trade-check',
      headers,
      payload: { portfolioCode: fund.code, asOfDate, trades: [] },
    });
    if (probe.statusCode !== 200) throw new Error(`${fund.code}: ${probe.body}`);
    const lines = probe
      .json<PreTradeResponse>()
      .headroom.filter((h) => h.held && h.note === null)
      .sort((a, b) => b.holdingTry - a.holdingTry);
    const trades = [
      ...(lines[0]
        ? [
            {
              side: 'sell',
              instrumentCode: lines[0].instrumentCode,
              amountTry: lines[0].holdingTry / 4,
            },
          ]
        : []),
      ...(lines[1]
        ? [
            {
              side: 'buy',
              instrumentCode: lines[1].instrumentCode,
              amountTry: lines[1].holdingTry / 4,
            },
          ]
        : []),
    ];
    /** The slowest of REPEAT answers, in ms, and the last answer. */
    const timed = async (includeHeadroom: boolean) => {
      let worst = 0;
      let answer: PreTradeResponse | null = null;
      for (let k = 0; k < REPEAT; k++) {
        const t0 = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/pre-trade-check',
          headers,
          payload: { portfolioCode: fund.code, asOfDate, trades, includeHeadroom },
        });
        if (res.statusCode !== 200) throw new Error(`${fund.code}: ${res.body}`);
        answer = res.json<PreTradeResponse>();
        worst = Math.max(worst, performance.now() - t0);
      }
      return { worst, answer: answer! };
    };
    const check = await timed(false);
    const room = await timed(true);
    const ok = check.worst < LIMIT_MS;
    if (!ok) outcome.failed = true;
    console.log(
      `${fund.code}: ${String(check.answer.checks.length)} kontrol, ${String(trades.length)} işlem: ${check.worst.toFixed(0)} ms ${ok ? `OK (< ${String(LIMIT_MS)} ms)` : `YAVAŞ (hedef < ${String(LIMIT_MS)} ms)`}; boşluk tablosu (${String(room.answer.headroom.length)} varlık) ile ${room.worst.toFixed(0)} ms`,
    );
  }
});
process.exit(outcome.failed ? 1 : 0);
