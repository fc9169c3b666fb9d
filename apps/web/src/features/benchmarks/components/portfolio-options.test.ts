import { describe, expect, it } from 'vitest';
import type { PortfolioSummary } from '@fonrisk/contracts';
import { portfolioSummary } from '../../../components/testing/portfolio-summary.fixture.ts';
import { holdingsPortfolioOptions } from './portfolio-options.ts';

const portfolio = (
  code: string,
  kind: PortfolioSummary['kind'],
  dateCount: number,
): PortfolioSummary =>
  portfolioSummary(code, { name: `${code} adı`, kind, fundCategory: null, dateCount });

describe('holdings portfolio options', () => {
  it('groups funds and customer portfolios with holdings, funds first, and drops empty and unified ones', () => {
    const list = [
      portfolio('MUS1', 'customer', 3),
      portfolio('FON1', 'fund', 10),
      portfolio('BOS', 'fund', 0),
      portfolio('SECILI', 'customer', 0),
      portfolio('BIRLESIK', 'unified', 5),
    ];
    expect(holdingsPortfolioOptions(list, 'SECILI')).toEqual([
      { group: 'Fon', items: [{ value: 'FON1', label: 'FON1 · FON1 adı' }] },
      {
        group: 'Müşteri Portföyü',
        items: [
          { value: 'MUS1', label: 'MUS1 · MUS1 adı' },
          { value: 'SECILI', label: 'SECILI · SECILI adı' },
        ],
      },
    ]);
  });
});
