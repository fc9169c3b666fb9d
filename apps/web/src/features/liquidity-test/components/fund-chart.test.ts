import { describe, expect, it } from 'vitest';
import { fitChartLayout } from '@fonrisk/contracts';
import { fundChart } from './fund-chart.ts';

/** The stored cumulative chart of a 100-fund run: the buckets along the axis, a series a fund. */
const CODES = Array.from({ length: 100 }, (_, i) => `NF${String(i).padStart(3, '0')}`);
const stored = {
  title: 'Dilim sonuna dek satılabilir FTD (%) – Önce en likit (şelale)',
  option: {
    legend: { top: 0, data: CODES },
    xAxis: { type: 'category', data: ['1 gün', '2-7 gün', '8-30 gün'] },
    yAxis: { type: 'value' },
    series: CODES.map((name, i) => ({ name, type: 'bar', data: [i, 50 + i, 100] })),
  },
};

describe('fundChart', () => {
  it('draws the picked fund only, named in the title, with its own values', () => {
    const chart = fundChart(stored, 'NF042');
    expect(chart.title).toBe(
      'NF042 · Dilim sonuna dek satılabilir FTD (%) – Önce en likit (şelale)',
    );
    expect(chart.option['series']).toEqual([{ name: 'NF042', type: 'bar', data: [42, 92, 100] }]);
    expect(chart.option['legend']).toEqual({ top: 0, data: ['NF042'] });
    // One series: the layout draws it as it is (no turning round), the buckets along the axis.
    expect(fitChartLayout(chart.option)['xAxis']).toMatchObject({
      data: ['1 gün', '2-7 gün', '8-30 gün'],
    });
  });

  it('leaves a chart without the fund as stored', () => {
    expect(fundChart(stored, 'YOK')).toBe(stored);
    const noSeries = { title: 't', option: {} };
    expect(fundChart(noSeries, 'NF000')).toBe(noSeries);
  });
});
