import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { portfolioSummary } from '../../../components/testing/portfolio-summary.fixture.ts';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { PortfolioMultiSelect, withGroup } from './portfolio-select.tsx';

/** A large house: 100 funds and two customers with holdings, one fund without any. */
const FUNDS = Array.from({ length: 100 }, (_, i) => `NF${String(i).padStart(3, '0')}`);
const PORTFOLIOS = [
  ...FUNDS.map((code) => portfolioSummary(code, { dateCount: 3 })),
  portfolioSummary('MUS01', { kind: 'customer', dateCount: 1 }),
  portfolioSummary('MUS02', { kind: 'customer', dateCount: 1 }),
  portfolioSummary('BOS', { dateCount: 0 }),
];

function Harness({ initial }: { initial: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PortfolioMultiSelect value={value} onChange={setValue} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

describe('PortfolioMultiSelect', () => {
  it('picks every fund of a large house at once, then says how many are picked', async () => {
    signInAs('Hesaplayici');
    mockApi({ 'GET portfolios': () => Response.json(PORTFOLIOS) });
    renderScreen(<Harness initial={['MUS02']} />);
    const funds = await screen.findByRole('button', { name: 'Tüm fonlar (100)' });
    fireEvent.click(funds);
    await waitFor(() =>
      expect(screen.getByTestId('value').textContent).toBe(['MUS02', ...FUNDS].join(',')),
    );
    expect(screen.getByTestId('portfolio-picked-count').textContent).toBe('101 portföy seçili');
    // Every fund is picked: the button has nothing left to add.
    expect(screen.getByRole('button', { name: 'Tüm fonlar (100)' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tüm müşteri portföyleri (2)' }));
    await waitFor(() =>
      expect(screen.getByTestId('value').textContent).toBe(['MUS02', ...FUNDS, 'MUS01'].join(',')),
    );
  });

  it('adds a group to the picked codes in its order, none twice', () => {
    const group = { group: 'Fonlar', items: ['A', 'B', 'C'].map((c) => ({ value: c, label: c })) };
    expect(withGroup(['B', 'X'], group)).toEqual(['B', 'X', 'A', 'C']);
    expect(withGroup([], group)).toEqual(['A', 'B', 'C']);
  });
});
