import { VAR_SETTINGS_KEY, type PortfolioVarLimit, type VarSettings } from '@fonrisk/contracts';
import {
  type Executor,
  and,
  asc,
  eq,
  holdings,
  portfolios,
  readVarSettings,
  settings,
  sql,
} from '@fonrisk/db';
import { SYSTEM_ACTOR, queueVarRuns } from '../modules/rmd-tracking/rmd-batch.ts';
import type { DemoStep } from './demo-steps.ts';

/** Business days (holdings dates) of VaR history queued per demo fund on the first start. */
export const DEMO_RMD_HISTORY_DAYS = 60;

/**
 * DEMO CONFIGURATION, not a regulatory figure: tighter internal VaR limits for two demo funds so
 * that the tracking screen shows its warning and breach colours. With the settings defaults
 * (historical, 99 %, 20 days) the generated market gives the hedge fund DSF a VaR of about 9 % of
 * NAV, so its internal limit of 4 % is breached, and the equity fund DHS about 12 %, so its
 * internal limit of 14 % is used above the 80 % warning threshold. Every other fund keeps the SPK
 * default of 25 %. The figures move with the generated market (it ends on the start date).
 */
export const DEMO_PORTFOLIO_LIMITS: readonly PortfolioVarLimit[] = [
  {
    portfolioCode: 'DSF',
    approach: 'absolute',
    absoluteLimitPct: 4,
    relativeLimitPct: null,
    leverageLimitPct: null,
  },
  {
    portfolioCode: 'DHS',
    approach: 'absolute',
    absoluteLimitPct: 14,
    relativeLimitPct: null,
    leverageLimitPct: null,
  },
];

/** The demo limits added to the stored settings (a limit saved for the same fund is kept). */
async function saveDemoLimits(tx: Executor): Promise<void> {
  const current = (await readVarSettings(tx)).settings;
  const kept = new Set(current.portfolioLimits.map((l) => l.portfolioCode));
  const next: VarSettings = {
    ...current,
    portfolioLimits: [
      ...current.portfolioLimits,
      ...DEMO_PORTFOLIO_LIMITS.filter((l) => !kept.has(l.portfolioCode)),
    ],
  };
  const now = new Date();
  await tx
    .insert(settings)
    .values({ key: VAR_SETTINGS_KEY, value: next, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: now } });
}

/** The first and last of the latest `days` holdings dates of every demo fund. */
async function demoFundRanges(
  tx: Executor,
  days: number,
): Promise<{ code: string; fromDate: string; toDate: string }[]> {
  const funds = await tx
    .select({ code: portfolios.code })
    .from(portfolios)
    .where(and(eq(portfolios.kind, 'fund'), eq(portfolios.isDemo, true)))
    .orderBy(asc(portfolios.code));
  const out: { code: string; fromDate: string; toDate: string }[] = [];
  for (const { code } of funds) {
    const dates = await tx
      .selectDistinct({ date: holdings.portfolioDate })
      .from(holdings)
      .where(eq(holdings.portfolioCode, code))
      .orderBy(sql`${holdings.portfolioDate} desc`)
      .limit(days);
    const last = dates[0];
    const first = dates[dates.length - 1];
    if (last && first) out.push({ code, fromDate: first.date, toDate: last.date });
  }
  return out;
}

/**
 * RMD limit tracking populated from the first start: the demo limits above, and for every demo
 * fund one 'var' run (settings defaults) over its last DEMO_RMD_HISTORY_DAYS holdings dates,
 * queued as 'Sistem'. Only queued: the worker computes them in the background, start-up does
 * not wait. Runs after the market step (the funds and holdings must exist).
 */
export const demoRmdHistoryStep: DemoStep = {
  name: 'rmd-history-v1',
  async run(tx, { queue }) {
    await saveDemoLimits(tx);
    await queueVarRuns(
      tx,
      queue,
      (await demoFundRanges(tx, DEMO_RMD_HISTORY_DAYS)).map((fund) => ({
        portfolioCodes: [fund.code],
        fromDate: fund.fromDate,
        toDate: fund.toDate,
      })),
      SYSTEM_ACTOR,
    );
  },
};
