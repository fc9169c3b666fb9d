import { useState } from 'react';
import { usePortfolioDates } from './api/get-portfolio-dates.ts';

/**
 * The snapshot dates of a portfolio and the chosen one: the newest until the user picks
 * another, and back to the newest when the portfolio changes to one without the chosen date.
 */
export function useSnapshotDate(code: string | null) {
  const dates = usePortfolioDates(code);
  const [picked, setPicked] = useState<{ code: string | null; date: string | null }>({
    code: null,
    date: null,
  });
  const list = dates.data ?? [];
  const date =
    picked.code === code && picked.date !== null && list.includes(picked.date)
      ? picked.date
      : (list[0] ?? null);
  return {
    dates: list,
    isLoading: dates.isLoading,
    date,
    setDate: (next: string | null) => setPicked({ code, date: next }),
  };
}
