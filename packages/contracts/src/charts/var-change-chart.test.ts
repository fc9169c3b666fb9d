import { describe, expect, it } from 'vitest';
import type { VarChangeResponse } from '../analyses/var-change.ts';
import { CHART_PALETTE, GAIN_COLOR, LOSS_COLOR } from './chart-palette.ts';
import { axisFloor, varChangeChart, waterfallOption } from './var-change-chart.ts';

type Bar = { value: number; itemStyle: { color: string }; label: { formatter: string } };
const seriesOf = (o: Record<string, unknown>) =>
  o['series'] as [{ data: number[] }, { data: Bar[] }];

describe('waterfallOption', () => {
  it('stands totals on zero and floats each step from the running total, up red, down blue', () => {
    const o = waterfallOption(
      [
        { label: 'Dün', value: 1000, total: true },
        { label: 'A', value: 300, total: false },
        { label: 'B', value: -100, total: false },
        { label: 'Bugün', value: 1200, total: true },
      ],
      { unit: 'try' },
    );
    const [base, size] = seriesOf(o);
    // Running totals 1000 → 1300 → 1200: A floats on 1000, B hangs from 1300 down to 1200.
    expect(base.data).toEqual([0, 1000, 1200, 0]);
    expect(size.data.map((b) => b.value)).toEqual([1000, 300, 100, 1200]);
    expect(size.data.map((b) => b.itemStyle.color)).toEqual([
      CHART_PALETTE[0],
      LOSS_COLOR,
      GAIN_COLOR,
      CHART_PALETTE[0],
    ]);
    expect(size.data.map((b) => b.label.formatter)).toEqual([
      '1.000 TL',
      '+300 TL',
      '-100 TL',
      '1.200 TL',
    ]);
  });
});

describe('waterfallOption labels', () => {
  it('labels a step that moved by rounding only as 0 TL, without a sign', () => {
    const o = waterfallOption(
      [
        { label: 'Dün', value: 1000, total: true },
        { label: 'Yukarı', value: 1e-8, total: false },
        { label: 'Aşağı', value: -1e-8, total: false },
      ],
      { unit: 'try' },
    );
    expect(seriesOf(o)[1].data.map((b) => b.label.formatter)).toEqual(['1.000 TL', '0 TL', '0 TL']);
  });
});

describe('axisFloor', () => {
  it('starts at zero when the steps are large against the levels', () => {
    expect(axisFloor([1000, 1300, 1200])).toBeNull();
    expect(axisFloor([])).toBeNull();
  });

  it('starts below the lowest level when the steps are small, on two significant digits', () => {
    // Levels 150 → 150,045 → 149,38 Mn: 149,38 − max(0,665/2, 1,4938) = 147,886 Mn, rounded down
    // in units of 10^(8 − 1) = 10 Mn (two significant digits): 140 Mn.
    expect(axisFloor([150_000_000, 150_045_000, 149_380_000])).toBe(140_000_000);
    // Levels 1.000 → 1.010: lo − max(5, 10) = 990 → units of 10: 990.
    expect(axisFloor([1000, 1010])).toBe(990);
  });

  it('is used as the value axis minimum of the waterfall', () => {
    const o = waterfallOption(
      [
        { label: 'Dün', value: 1000, total: true },
        { label: 'A', value: 10, total: false },
        { label: 'Bugün', value: 1010, total: true },
      ],
      { unit: 'try' },
    );
    expect((o['yAxis'] as { min?: number }).min).toBe(990);
  });
});

describe('varChangeChart', () => {
  it('draws yesterday, the parts in the order used and today, with Turkish labels and dates', () => {
    const side = (date: string, varTry: number) => ({ date, varTry }) as VarChangeResponse['from'];
    const step = (factor: VarChangeResponse['order'][number], changeTry: number) =>
      ({ factor, changeTry }) as VarChangeResponse['steps'][number];
    const c = varChangeChart({
      from: side('2026-11-26', 1000),
      to: side('2026-11-27', 1100),
      steps: [step('window', 50), step('positions', 50), step('prices', 0), step('parameters', 0)],
    } as VarChangeResponse);
    expect(c.title).toBe('RMD değişiminin kaynakları: 26.11.2026 → 27.11.2026 (TL)');
    expect((c.option['xAxis'] as { data: string[] }).data).toEqual([
      'RMD 26.11.2026',
      'Gözlem penceresi',
      'Pozisyon değişimi',
      'Fiyat seviyeleri',
      'Parametre / yöntem',
      'RMD 27.11.2026',
    ]);
  });
});
