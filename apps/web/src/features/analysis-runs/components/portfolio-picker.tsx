import { useState } from 'react';
import { Select, Text } from '@mantine/core';
import { formatDate } from '../../../lib/format.ts';

/** One portfolio's part of a multi-portfolio result. */
interface PortfolioPart {
  readonly portfolioCode: string;
  readonly portfolioName: string;
}

/**
 * The portfolio a multi-portfolio result shows in detail (the first until the user picks one),
 * the picker that changes it, and a filter of table rows to that portfolio.
 */
export function usePickedPortfolio<P extends PortfolioPart>(parts: readonly P[]) {
  const [code, setCode] = useState<string | null>(null);
  const detail = parts.find((p) => p.portfolioCode === code) ?? parts[0];
  const rowsOf = (rows: readonly Record<string, unknown>[]): Record<string, unknown>[] =>
    rows.filter((r) => r['portfolioCode'] === detail?.portfolioCode);
  return { detail, setCode, rowsOf };
}

interface PickerProps {
  readonly label: string;
  readonly parts: readonly PortfolioPart[];
  readonly value: PortfolioPart | undefined;
  readonly onChange: (code: string | null) => void;
}

/** "KOD · Ad" picker of the portfolio shown in detail; nothing when the result has one portfolio. */
export function PortfolioPicker({ label, parts, value, onChange }: PickerProps) {
  if (parts.length < 2) return null;
  return (
    <Select
      label={label}
      data={parts.map((p) => ({
        value: p.portfolioCode,
        label: `${p.portfolioCode} · ${p.portfolioName}`,
      }))}
      value={value?.portfolioCode ?? null}
      onChange={onChange}
      allowDeselect={false}
      w={380}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The heading of one portfolio's detail: "KOD · Ad · 20.11.2026". */
export function PortfolioHeading({ part, date }: { part: PortfolioPart; date: string }) {
  return (
    <Text
      fw={700}
      size="lg"
    >{`${part.portfolioCode} · ${part.portfolioName} · ${formatDate(date)}`}</Text>
  );
}
