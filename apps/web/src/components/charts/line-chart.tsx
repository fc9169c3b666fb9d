import { useMemo } from 'react';
import { datedLinesOption, type DatedLine } from '@fonrisk/contracts';
import { EChart } from './echart.tsx';

interface DatedLineChartProps {
  readonly series: readonly DatedLine[];
  readonly height?: number;
  /** Decimals of values on the axis and in the tooltip. */
  readonly digits?: number;
  readonly ariaLabel: string;
}

/** Dated series as lines with values in tr-TR numbers (`digits` decimals), loaded lazily. */
export function DatedLineChart({
  series,
  height = 360,
  digits = 2,
  ariaLabel,
}: DatedLineChartProps) {
  const option = useMemo(
    () => datedLinesOption(series, { unit: 'number', digits }),
    [series, digits],
  );
  return <EChart option={option} height={height} ariaLabel={ariaLabel} />;
}
