import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/render.tsx';
import { PortfolioHeading, PortfolioPicker, usePickedPortfolio } from './portfolio-picker.tsx';

const parts = [
  { portfolioCode: 'AAK', portfolioName: 'Alfa Fon', date: '2026-11-20' },
  { portfolioCode: 'BBK', portfolioName: 'Beta Fon', date: '2026-11-19' },
];
const rows = [
  { portfolioCode: 'AAK', v: 1 },
  { portfolioCode: 'BBK', v: 2 },
  { portfolioCode: 'BBK', v: 3 },
];

function Harness({ shown }: { shown: typeof parts }) {
  const { detail, setCode, rowsOf } = usePickedPortfolio(shown);
  return (
    <>
      <PortfolioPicker label="Fon" parts={shown} value={detail} onChange={setCode} />
      {detail && <PortfolioHeading part={detail} date={detail.date} />}
      <span data-testid="rows">{rowsOf(rows).length}</span>
    </>
  );
}

describe('usePickedPortfolio / PortfolioPicker', () => {
  it('shows the first portfolio until another is picked, and filters rows to it', () => {
    renderUi(<Harness shown={parts} />);
    expect(screen.getByText('AAK · Alfa Fon · 20.11.2026')).toBeTruthy();
    expect(screen.getByTestId('rows').textContent).toBe('1');
    fireEvent.click(screen.getByRole('textbox', { name: 'Fon' }));
    fireEvent.click(screen.getByRole('option', { name: 'BBK · Beta Fon' }));
    expect(screen.getByText('BBK · Beta Fon · 19.11.2026')).toBeTruthy();
    expect(screen.getByTestId('rows').textContent).toBe('2');
  });

  it('has no picker when the result holds one portfolio', () => {
    renderUi(<Harness shown={parts.slice(0, 1)} />);
    expect(screen.queryByRole('textbox', { name: 'Fon' })).toBeNull();
    expect(screen.getByText('AAK · Alfa Fon · 20.11.2026')).toBeTruthy();
  });
});
