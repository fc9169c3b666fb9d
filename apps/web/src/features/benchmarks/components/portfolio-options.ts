import { PORTFOLIO_KIND_LABELS, type PortfolioSummary } from '@fonrisk/contracts';

export interface PortfolioOptionGroup {
  readonly group: string;
  readonly items: { value: string; label: string }[];
}

/**
 * The portfolios a holdings benchmark can follow, grouped by kind (funds first): stored funds and
 * customer portfolios (the API does not accept a unified portfolio) with at least one holdings
 * snapshot, since an empty portfolio has no distribution to follow. The portfolio already chosen
 * stays listed so an existing benchmark still shows it.
 */
export function holdingsPortfolioOptions(
  portfolios: readonly PortfolioSummary[],
  selected: string | null,
): PortfolioOptionGroup[] {
  const groups = new Map<string, PortfolioOptionGroup>();
  for (const kind of ['fund', 'customer'] as const)
    groups.set(kind, { group: PORTFOLIO_KIND_LABELS[kind], items: [] });
  for (const p of portfolios) {
    if (p.dateCount === 0 && p.code !== selected) continue;
    groups.get(p.kind)?.items.push({ value: p.code, label: `${p.code} · ${p.name}` });
  }
  return [...groups.values()].filter((g) => g.items.length > 0);
}
