import { FUND_CATEGORY_LABELS, type FundCategory } from '@fonrisk/contracts';
import { and, eq, portfolios, sql, tefasFunds } from '@fonrisk/db';
import type { DemoStep } from './demo-steps.ts';
import { EXTERNAL_FUNDS } from './market/tefas-funds.ts';
import { demoName } from './market/types.ts';

/**
 * DEMO DATA, labelled: the stored copy of the TEFAS fund list on a first start, so that the
 * tefas-compare screen offers funds before anyone refreshes the list from TEFAS: the demo funds
 * and the demo's third-party funds, titles marked as demo once (the demo funds' names already
 * carry the label). A refresh from TEFAS replaces it. v2 also rewrites the demo titles that v1
 * stored with the label twice; rows a TEFAS refresh stored (not demo) are left alone.
 */
export const demoTefasFundListStep: DemoStep = {
  name: 'tefas-fund-list-v2',
  async run(tx) {
    const own = await tx
      .select({ code: portfolios.code, name: portfolios.name, category: portfolios.fundCategory })
      .from(portfolios)
      .where(and(eq(portfolios.kind, 'fund'), eq(portfolios.isDemo, true)));
    // Only with the demo market (a database without it, e.g. a test's, gets no demo list).
    if (own.length === 0) return;
    const category = (c: string | null) =>
      c !== null && Object.hasOwn(FUND_CATEGORY_LABELS, c)
        ? FUND_CATEGORY_LABELS[c as FundCategory]
        : null;
    const rows = [
      ...own.map((p) => ({ code: p.code, name: p.name, category: category(p.category) })),
      ...EXTERNAL_FUNDS.map((f) => ({
        code: f.code,
        name: f.name,
        category: category(f.category),
      })),
    ].map((f) => ({
      fundCode: f.code,
      title: demoName(f.name),
      fundType: 'YAT',
      category: f.category,
      founderCode: null,
      listedRiskValue: null,
      isDemo: true,
    }));
    if (rows.length > 0)
      await tx
        .insert(tefasFunds)
        .values(rows)
        .onConflictDoUpdate({
          target: tefasFunds.fundCode,
          set: { title: sql`excluded.title` },
          setWhere: eq(tefasFunds.isDemo, true),
        });
  },
};
