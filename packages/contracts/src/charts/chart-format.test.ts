import { describe, expect, it } from 'vitest';
import { fitChartLayout } from './chart-layout.ts';
import { formatChartValue, prepareChartOption, turkishChartOption } from './chart-format.ts';

type Fn = (...args: unknown[]) => unknown;
const fn = (v: unknown): Fn => {
  expect(typeof v).toBe('function');
  return v as Fn;
};
const at = (o: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((x, k) => (x as Record<string | number, unknown>)[k], o);

describe('formatChartValue (tr-TR)', () => {
  it('formats every unit in Turkish', () => {
    expect(formatChartValue(40_000_000, { unit: 'number' })).toBe('40.000.000');
    expect(formatChartValue(0.035, { unit: 'number' })).toBe('0,035');
    expect(formatChartValue(1234.5, { unit: 'number', digits: 2 })).toBe('1.234,50');
    expect(formatChartValue(0.035, { unit: 'fraction' })).toBe('%3,5');
    expect(formatChartValue(-0.3692, { unit: 'fraction' })).toBe('-%36,92');
    expect(formatChartValue(3.5, { unit: 'points' })).toBe('%3,5');
    expect(formatChartValue(1_422_152_166.4, { unit: 'try' })).toBe('1.422.152.166 TL');
    expect(formatChartValue(40_000_000, { unit: 'tryCompact' })).toBe('40 Mn');
    expect(formatChartValue(1_250_000, { unit: 'tryCompact' })).toBe('1,3 Mn');
    expect(formatChartValue(-2_500_000_000, { unit: 'tryCompact' })).toBe('-2,5 Mr');
    expect(formatChartValue(250_000, { unit: 'tryCompact' })).toBe('250 B');
    expect(formatChartValue(999, { unit: 'tryCompact' })).toBe('999');
    expect(formatChartValue(1250, { unit: 'count' })).toBe('1.250');
    expect(formatChartValue('2026-10-30', { unit: 'date' })).toBe('30.10.2026');
    expect(formatChartValue(Date.UTC(2026, 10, 2, 9), { unit: 'date' })).toBe('02.11.2026');
    expect(formatChartValue(null, { unit: 'number' })).toBe('–');
    expect(formatChartValue('Hisse', { unit: 'number' })).toBe('Hisse');
    expect(formatChartValue(-0, { unit: 'fraction' })).toBe('%0');
  });
});

describe('turkishChartOption', () => {
  it('gives every value axis, tooltip and heatmap cell a tr-TR formatter', () => {
    const option = turkishChartOption({
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: ['2026-10-30', '2026-11-02'] },
      yAxis: { type: 'value' },
      series: [{ type: 'heatmap', label: { show: true }, data: [[0, 0, 0.035]] }],
      visualMap: { min: 0, max: 1 },
    });
    expect(fn(at(option, 'yAxis', 'axisLabel', 'formatter'))(40_000_000)).toBe('40.000.000');
    expect(fn(at(option, 'xAxis', 'axisLabel', 'formatter'))('2026-10-30')).toBe('30.10.2026');
    expect(
      fn(at(option, 'xAxis', 'axisPointer', 'label', 'formatter'))({ value: '2026-11-02' }),
    ).toBe('02.11.2026');
    expect(fn(at(option, 'tooltip', 'valueFormatter'))(0.035)).toBe('0,035');
    expect(fn(at(option, 'series', 0, 'label', 'formatter'))({ value: [0, 0, 0.035] })).toBe(
      '0,035',
    );
    expect(fn(at(option, 'visualMap', 0, 'formatter'))(1234.5)).toBe('1.234,5');
  });

  it('replaces declared units and "{value}" templates, and keeps its own formatters', () => {
    const own = (v: unknown) => `x${String(v)}`;
    const option = turkishChartOption({
      tooltip: { trigger: 'axis', fonriskFormat: { unit: 'fraction' } },
      xAxis: { type: 'time' },
      yAxis: [
        { type: 'value', axisLabel: { formatter: '{value} %' } },
        { type: 'value', axisLabel: { fonriskFormat: { unit: 'tryCompact' } } },
        { type: 'value', axisLabel: { formatter: own } },
        { type: 'value', axisLabel: { formatter: '{value} gün' } },
      ],
      series: [
        {
          type: 'gauge',
          detail: { fonriskFormat: { unit: 'points', digits: 1 } },
          axisLabel: { fonriskFormat: { unit: 'points', digits: 0 } },
          tooltip: { fonriskFormat: { unit: 'count' } },
          markLine: { data: [{ xAxis: 1, label: { fonriskFormat: { unit: 'try' } } }, 3] },
        },
      ],
      dataZoom: [{ type: 'inside' }, { type: 'slider' }],
    });
    expect(JSON.stringify(option)).not.toContain('fonriskFormat');
    expect(fn(at(option, 'tooltip', 'valueFormatter'))(0.035)).toBe('%3,5');
    expect(fn(at(option, 'tooltip', 'valueFormatter'))([0.01, 0.02])).toBe('%1 · %2');
    expect(fn(at(option, 'yAxis', 0, 'axisLabel', 'formatter'))(3.5)).toBe('%3,5');
    expect(fn(at(option, 'yAxis', 1, 'axisLabel', 'formatter'))(40_000_000)).toBe('40 Mn');
    expect(at(option, 'yAxis', 2, 'axisLabel', 'formatter')).toBe(own);
    expect(fn(at(option, 'yAxis', 3, 'axisLabel', 'formatter'))(1500)).toBe('1.500 gün');
    // A time axis keeps ECharts' (Turkish-locale) month labels; its pointer shows the date.
    expect(at(option, 'xAxis', 'axisLabel', 'formatter')).toBeUndefined();
    expect(
      fn(at(option, 'xAxis', 'axisPointer', 'label', 'formatter'))({
        value: Date.UTC(2026, 9, 30),
      }),
    ).toBe('30.10.2026');
    expect(fn(at(option, 'series', 0, 'detail', 'formatter'))(59.44)).toBe('%59,4');
    expect(fn(at(option, 'series', 0, 'axisLabel', 'formatter'))(120)).toBe('%120');
    expect(fn(at(option, 'series', 0, 'tooltip', 'valueFormatter'))(1250)).toBe('1.250');
    expect(
      fn(at(option, 'series', 0, 'markLine', 'data', 0, 'label', 'formatter'))({ value: 5e6 }),
    ).toBe('5.000.000 TL');
    expect(at(option, 'series', 0, 'markLine', 'data', 1)).toBe(3);
    expect(at(option, 'dataZoom', 0)).toEqual({ type: 'inside' });
    // A time axis's slider passes the value.
    expect(fn(at(option, 'dataZoom', 1, 'labelFormatter'))(Date.UTC(2026, 10, 2, 9), '')).toBe(
      '02.11.2026',
    );
  });

  it('formats a dated category slider by the category text', () => {
    const option = turkishChartOption({
      xAxis: {
        type: 'category',
        data: ['2026-10-30'],
        axisLabel: { fonriskFormat: { unit: 'date' } },
      },
      yAxis: { type: 'value' },
      dataZoom: [{ type: 'slider' }],
    });
    expect(fn(at(option, 'dataZoom', 0, 'labelFormatter'))(0, '2026-10-30')).toBe('30.10.2026');
  });
});

describe('fitChartLayout', () => {
  it('puts a horizontal legend in a band above the plot and below it the axis names', () => {
    const option = fitChartLayout({
      legend: { bottom: 0 },
      grid: { top: 10 },
      xAxis: { type: 'value' },
      yAxis: { type: 'value', name: 'Senaryo sayısı' },
    });
    expect(option['legend']).toMatchObject({ type: 'scroll', top: 0 });
    expect(at(option, 'grid', 'top')).toBeGreaterThanOrEqual(50);
    const unnamed = fitChartLayout({
      legend: {},
      xAxis: { type: 'value' },
      yAxis: { type: 'value' },
    });
    expect(at(unnamed, 'grid', 'top')).toBeGreaterThanOrEqual(36);
    // A vertical legend stays beside the plot.
    const vertical = fitChartLayout({ legend: { orient: 'vertical', right: 0 }, series: [] });
    expect(vertical['legend']).toEqual({ orient: 'vertical', right: 0 });
  });

  it('shortens long category labels on a y axis and rotates many long ones on an x axis', () => {
    const names = Array.from({ length: 8 }, (_, i) => `Çok uzun bir ihraççı adı ${String(i)}`);
    const option = fitChartLayout({
      xAxis: [{ type: 'category', data: names }],
      yAxis: [{ type: 'category', data: names }],
    });
    expect(at(option, 'xAxis', 0, 'axisLabel')).toMatchObject({
      rotate: 35,
      overflow: 'truncate',
      interval: 0,
    });
    expect(at(option, 'yAxis', 0, 'axisLabel')).toMatchObject({ overflow: 'truncate', width: 150 });
    const few = fitChartLayout({ xAxis: { type: 'category', data: ['A', 'B'] } });
    expect(at(few, 'xAxis', 'axisLabel')).toBeUndefined();
    // Few but long (a fund's top issuers): side by side they ran into each other.
    const issuers = fitChartLayout({
      xAxis: {
        type: 'category',
        data: ['Anadolu Kalkınma Bankası A.Ş.', 'DEMO Kamu Varlık Kiralama A.Ş.', 'Marmara A.Ş.'],
      },
    });
    expect(at(issuers, 'xAxis', 'axisLabel')).toMatchObject({ rotate: 35, overflow: 'truncate' });
    // Fund codes, ten of them at most six characters: level.
    const codes = ['DAL', 'DBA', 'DDG', 'DEF', 'DFS', 'DHS', 'DKR', 'DKT', 'DPP', 'DSF'];
    expect(
      at(fitChartLayout({ xAxis: { type: 'category', data: codes } }), 'xAxis', 'axisLabel'),
    ).toBeUndefined();
    // Twenty codes of five characters (NF000..) do not fit level: rotated, every one drawn.
    const house = Array.from({ length: 100 }, (_, i) => `NF${String(i).padStart(3, '0')}`);
    const twenty = fitChartLayout({
      xAxis: { type: 'category', data: house.slice(0, 20), axisLabel: { interval: 0 } },
    });
    expect(at(twenty, 'xAxis', 'axisLabel')).toMatchObject({ rotate: 35, interval: 0 });
    // A hundred: upright, and ECharts leaves out the labels that would overlap, even where the
    // option asked for every one (the worker's bar charts do).
    const hundred = fitChartLayout({
      xAxis: { type: 'category', data: house, axisLabel: { interval: 0 } },
    });
    expect(at(hundred, 'xAxis', 'axisLabel')).toMatchObject({ rotate: 90, interval: 'auto' });
    // A year of daily dates stays level: ECharts thins a level axis of dates itself.
    const days = Array.from({ length: 250 }, (_, i) =>
      new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
    );
    const dated = fitChartLayout({
      xAxis: { type: 'category', data: days, axisLabel: { fonriskFormat: { unit: 'date' } } },
    });
    expect(at(dated, 'xAxis', 'axisLabel')).toEqual({ fonriskFormat: { unit: 'date' } });
    expect(
      at(fitChartLayout({ xAxis: { type: 'category', data: days } }), 'xAxis', 'axisLabel'),
    ).toBeUndefined();
  });

  it("keeps a large house's charts readable: no download icon, no hours, no piled point labels", () => {
    const option = fitChartLayout({
      toolbox: { feature: { saveAsImage: {} } },
      xAxis: { type: 'time' },
      yAxis: { type: 'value' },
      series: [
        { type: 'scatter', label: { show: true, formatter: '{b}' }, data: [] },
        { type: 'line', data: [] },
      ],
    });
    // The panel has the PNG button and paper has none: ECharts' icon sat on the axis names.
    expect(option['toolbox']).toBeUndefined();
    // Daily series on one date were ticked in hours ("06:00", "12:00").
    expect(at(option, 'xAxis', 'minInterval')).toBe(86_400_000);
    // A month's name beside the last weekly day before it ran into it ("29Eki").
    expect(at(option, 'xAxis', 'axisLabel', 'hideOverlap')).toBe(true);
    // Thirty funds' bubbles in a cluster: their codes are left out where they would overlap.
    expect(at(option, 'series', 0, 'labelLayout')).toEqual({ hideOverlap: true });
    expect(at(option, 'series', 1, 'labelLayout')).toBeUndefined();
    const own = fitChartLayout({ xAxis: { type: 'time', minInterval: 3_600_000 } });
    expect(at(own, 'xAxis', 'minInterval')).toBe(3_600_000);
  });

  it('keeps bubbles and their codes inside the plot, and axis labels above a colour scale', () => {
    const bubbles = {
      xAxis: { type: 'value', name: 'Yıllık oynaklık (%)' },
      yAxis: { type: 'value', name: 'Yıllık getiri (%)' },
      series: [{ type: 'scatter', label: { show: true, position: 'top' }, data: [] }],
    };
    // The highest fund's bubble and code ran over the plot's top and the axis name above it.
    // The axis ends a fifth of its span from zero above the highest point (returns of 49.6-54 %
    // ended at 60, the bubble's code above the plot); the x axis 8 % beyond the rightmost.
    const fitted = fitChartLayout(bubbles);
    const yMax = at(fitted, 'yAxis', 'max') as Fn;
    expect(yMax({ min: 49.6, max: 54 })).toBeCloseTo(54 + 54 * 0.2, 12);
    expect(yMax({ min: -10, max: 30 })).toBeCloseTo(30 + 40 * 0.2, 12);
    expect((at(fitted, 'xAxis', 'max') as Fn)({ min: 2, max: 22 })).toBeCloseTo(22 * 1.08, 12);
    // A code lying on a neighbour's bubble keeps a white halo.
    expect(at(fitted, 'series', 0, 'label')).toMatchObject({
      show: true,
      textBorderColor: '#fff',
      textBorderWidth: 2,
    });
    // A bond's market point beside its price-yield curve: a line of one point, drawn as its
    // symbol (without one it was invisible, its legend entry naming nothing).
    const curve = fitChartLayout({
      series: [
        {
          type: 'line',
          showSymbol: false,
          data: [
            [20, 101],
            [30, 99],
            [40, 97],
          ],
        },
        { type: 'line', showSymbol: false, data: [[31.2, 98.7]] },
      ],
    });
    expect(at(curve, 'series', 0, 'showSymbol')).toBe(false);
    expect(at(curve, 'series', 1)).toMatchObject({ showSymbol: true, symbolSize: 9 });
    // Its price axis at the plot's edge, not through the middle where real yields cross zero;
    // a category axis over values (bars diverging from zero) stays on zero.
    const priceYield = fitChartLayout({ xAxis: { type: 'value' }, yAxis: { type: 'value' } });
    expect(at(priceYield, 'yAxis', 'axisLine')).toEqual({ onZero: false });
    const diverging = fitChartLayout({ xAxis: { type: 'value' }, yAxis: { type: 'category' } });
    expect(at(diverging, 'yAxis', 'axisLine')).toBeUndefined();
    // The end is no tick: ECharts labelled it ("69,492").
    expect(at(fitted, 'yAxis', 'axisLabel', 'showMaxLabel')).toBe(false);
    // An axis the option bounds, and points without labels, are left alone.
    const bounded = fitChartLayout({ ...bubbles, yAxis: { type: 'value', max: 100 } });
    expect(at(bounded, 'yAxis', 'max')).toBe(100);
    const plain = fitChartLayout({ ...bubbles, series: [{ type: 'scatter', data: [] }] });
    expect(at(plain, 'yAxis', 'max')).toBeUndefined();
    // A heat map's scale at the foot: thirty upright fund codes ran into its "-1".
    const heat = fitChartLayout({
      grid: { bottom: 96 },
      xAxis: { type: 'category', data: ['A', 'B'] },
      yAxis: { type: 'category', data: ['A', 'B'] },
      visualMap: { min: -1, max: 1, orient: 'horizontal', left: 'center', bottom: 0 },
      series: [{ type: 'heatmap', data: [] }],
    });
    expect(at(heat, 'grid')).toEqual({
      bottom: 96,
      outerBounds: { left: 0, right: 0, top: 0, bottom: 64 },
    });
    const side = fitChartLayout({ ...heat, grid: {}, visualMap: { orient: 'vertical', right: 0 } });
    expect(at(side, 'grid', 'outerBounds')).toBeUndefined();
  });

  it('turns grouped bars of more series than colours round: the funds along the axis', () => {
    const funds = Array.from({ length: 100 }, (_, i) => `NF${String(i).padStart(3, '0')}`);
    const buckets = ['1 gün', '2-7 gün', '8-30 gün'];
    const bars = (codes: readonly string[], extra: Record<string, unknown> = {}) => ({
      legend: { top: 0, data: codes },
      xAxis: { type: 'category', data: buckets, axisLabel: { interval: 0 } },
      yAxis: { type: 'value' },
      series: codes.map((code, i) => ({
        name: code,
        type: 'bar',
        barMaxWidth: 28,
        data: [i, 100 + i, 200 + i],
        ...extra,
      })),
    });
    const turned = fitChartLayout(bars(funds));
    expect(at(turned, 'xAxis', 'data')).toEqual(funds);
    expect(at(turned, 'legend', 'data')).toEqual(buckets);
    const series = turned['series'] as Record<string, unknown>[];
    expect(series.map((s) => s['name'])).toEqual(buckets);
    // The same values: NF042's share in the second bucket is still 142.
    expect((series[1]!['data'] as number[])[42]).toBe(142);
    expect(series[0]).toMatchObject({ type: 'bar', barMaxWidth: 28 });
    // The hundred codes along the axis are then thinned to fit.
    expect(at(turned, 'xAxis', 'axisLabel')).toMatchObject({ rotate: 90, interval: 'auto' });
    // As many funds as the palette has colours: as drawn. Stacked bars: as drawn.
    const ten = fitChartLayout(bars(funds.slice(0, 10)));
    expect(at(ten, 'xAxis', 'data')).toEqual(buckets);
    const stacked = fitChartLayout(bars(funds, { stack: 'total' }));
    expect(at(stacked, 'xAxis', 'data')).toEqual(buckets);
  });

  it('prepareChartOption does both', () => {
    const option = prepareChartOption({
      legend: {},
      xAxis: { type: 'value' },
      yAxis: { type: 'value' },
    });
    expect(fn(at(option, 'yAxis', 'axisLabel', 'formatter'))(40_000_000)).toBe('40.000.000');
    expect(option['legend']).toMatchObject({ type: 'scroll' });
  });
});
