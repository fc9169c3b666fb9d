import { portfolioTitle, type ResultChart } from '@fonrisk/contracts';

/**
 * A stored chart of every fund (one bar series a fund) narrowed to the fund picked on the screen,
 * its code in the title: the detail under the fund selector shows that fund, as its tables do,
 * and a run of a hundred funds drew five hundred bars there (decision 0131). A chart without the
 * fund's series is returned as stored.
 */
export function fundChart(chart: ResultChart, portfolioCode: string): ResultChart {
  const series = chart.option['series'];
  if (!Array.isArray(series)) return chart;
  const own = series.filter(
    (s: unknown) =>
      typeof s === 'object' && s !== null && (s as { name?: unknown }).name === portfolioCode,
  );
  if (own.length === 0) return chart;
  const legend = chart.option['legend'];
  return {
    title: portfolioTitle(chart.title, portfolioCode, true),
    option: {
      ...chart.option,
      series: own,
      ...(typeof legend === 'object' && legend !== null
        ? { legend: { ...legend, data: [portfolioCode] } }
        : {}),
    },
  };
}
