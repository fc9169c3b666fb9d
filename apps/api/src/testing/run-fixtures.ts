import { holdings, instruments, portfolios, type Executor } from '@fonrisk/db';

/** The one instrument the run fixtures hold. */
export const FIXTURE_INSTRUMENT = 'TEST-NAKIT';

/**
 * A portfolio with one cash line of `value` TL on each of `dates`: what a test needs so that a
 * run on those dates passes the submission checks (issue 21) without the demo market.
 */
export async function seedHoldings(
  ex: Executor,
  code: string,
  dates: readonly string[],
  options: { readonly value?: number; readonly kind?: 'fund' | 'customer' } = {},
): Promise<void> {
  await ex
    .insert(instruments)
    .values({ code: FIXTURE_INSTRUMENT, name: 'Test nakit', mainType: 'deposit', currency: 'TRY' })
    .onConflictDoNothing();
  await ex
    .insert(portfolios)
    .values({ code, name: `${code} test portföyü`, kind: options.kind ?? 'fund' })
    .onConflictDoNothing();
  if (dates.length === 0) return;
  await ex
    .insert(holdings)
    .values(
      dates.map((portfolioDate) => ({
        portfolioCode: code,
        portfolioDate,
        rowNo: 1,
        instrumentCode: FIXTURE_INSTRUMENT,
        instrumentName: 'Test nakit',
        mainType: 'deposit',
        currency: 'TRY',
        nominalValue: options.value ?? 1000,
        currentValue: options.value ?? 1000,
      })),
    )
    .onConflictDoNothing();
}
