import { portfolioCell } from './run-list.tsx';

/**
 * A row's portfolios: the first codes and how many more ("NF000, NF001 ve 98 portföy daha"), all
 * of them on hover; a report or a schedule of a house's hundred funds stays one row high.
 */
export function PortfolioCodes({ codes }: { readonly codes: readonly string[] }) {
  return <span title={codes.join(', ')}>{portfolioCell(codes)}</span>;
}
