/** Turkish texts inside the analysis charts. */
export const CHART_MESSAGES = {
  pnlAxis: 'Kâr / Zarar (TL)',
  countAxis: 'Senaryo sayısı',
  histogramTooltip: (from: string, to: string, count: number): string =>
    `${from} – ${to} TL<br/>${count} senaryo`,
} as const;
