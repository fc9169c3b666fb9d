// The PDF's charts (decision 0058): ECharts' Turkish locale, tr-TR numbers and the loss colour in
// the server-side SVG, from the same options the screens draw.
import { describe, expect, it } from 'vitest';
import {
  GAIN_COLOR,
  LOSS_COLOR,
  MARK_LINE_LABEL_FONT_SIZE,
  riskValueChart,
  stressChart,
  type RiskValueFund,
  type StressOutcome,
} from '@fonrisk/contracts';
import {
  PAPER_FONT_SIZE,
  chartToSvg,
  haloUnderText,
  paperChartHeight,
  paperLegendRows,
} from './charts.ts';

const PALETTE = ['#1c7ed6', '#f08c00'];
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);

describe('chartToSvg', () => {
  it('draws text at the paper size and lays a scrolling legend out whole (no page arrows)', () => {
    const names = ['Yıllık oynaklık', 'Haftalık sınıf', 'Risk değeri (4 ay kuralı)', 'Bant'];
    const svg = chartToSvg(
      {
        title: 'Risk değeri',
        option: {
          legend: { type: 'scroll', data: names },
          xAxis: { type: 'category', data: ['Hisse Senedi', 'Diğer'], name: 'Varlık sınıfı' },
          yAxis: { type: 'value', name: 'TL' },
          series: names.map((name) => ({ name, type: 'bar', data: [1e8, 2e8] })),
        },
      },
      PALETTE,
    );
    const sizes = [...svg.matchAll(/font-size:(\d+)px/g)].map((m) => Number(m[1]));
    expect(sizes.length).toBeGreaterThan(4);
    expect(new Set(sizes)).toEqual(new Set([PAPER_FONT_SIZE]));
    const shown = texts(svg);
    for (const name of names) expect(shown).toContain(name);
    expect(shown.filter((t) => /^\d+\/\d+$/.test(t))).toEqual([]);
  });

  it('names months in Turkish on a time axis and writes numbers in tr-TR', () => {
    const day = (m: number, d: number) => Date.UTC(2026, m, d);
    const svg = chartToSvg(
      {
        title: 'FTD',
        option: {
          xAxis: { type: 'time' },
          yAxis: { type: 'value' },
          series: [
            {
              type: 'line',
              data: [
                [day(9, 1), 10_000_000],
                [day(10, 1), 40_000_000],
                [day(11, 20), 25_000_000],
              ],
            },
          ],
        },
      },
      PALETTE,
    );
    const shown = texts(svg);
    expect(shown.some((t) => t === 'Eki' || t === 'Kas' || t === 'Ara')).toBe(true);
    expect(shown.filter((t) => /Oct|Nov|Dec/.test(t))).toEqual([]);
    expect(shown).toContain('40.000.000');
    expect(shown.filter((t) => /\d,\d{3}/.test(t))).toEqual([]);
    expect(svg.startsWith('<svg')).toBe(true);
  });

  it('writes percent axes as %3,5 and draws stress losses in the loss colour', () => {
    const outcome = (name: string, pnlPct: number): StressOutcome =>
      ({
        portfolioCode: 'DEF',
        scenarioId: 1,
        scenarioName: name,
        pnlTry: pnlPct * 1e8,
        pnlPct,
      }) as StressOutcome;
    const svg = chartToSvg(
      stressChart([outcome('Kur şoku', -0.035), outcome('Faiz düşüşü', 0.012)]),
      PALETTE,
    );
    const shown = texts(svg);
    expect(shown).toContain('-%3,5');
    expect(shown).toContain('%1,2');
    expect(svg.toLowerCase()).toContain(LOSS_COLOR);
    expect(svg.toLowerCase()).toContain(GAIN_COLOR);
    expect(svg).not.toContain('#2f9e44');
  });

  it('draws the risk-value band labels at the paper size, by the one mark-line rule', () => {
    const fund = {
      history: [
        {
          date: '2026-10-30',
          volatility: 0.035,
          riskValue: 3,
          officialRiskValue: 3,
          changed: false,
        },
        {
          date: '2026-11-06',
          volatility: 0.06,
          riskValue: 4,
          officialRiskValue: 3,
          changed: false,
        },
      ],
      bands: [
        { riskValue: 3, lowerBound: 0.02, upperBound: 0.05 },
        { riskValue: 4, lowerBound: 0.05, upperBound: 0.1 },
      ],
    } as unknown as RiskValueFund;
    const svg = chartToSvg(riskValueChart(fund), PALETTE);
    const band = /<text[^>]*font-size:(\d+)px[^>]*>RD 3: %2<\/text>/.exec(svg);
    expect(band?.[1]).toBe(String(PAPER_FONT_SIZE));
    expect(MARK_LINE_LABEL_FONT_SIZE).not.toBe(PAPER_FONT_SIZE);
  });

  it('draws a halo under its text, since the PDF reader strokes over a fill otherwise', () => {
    const svg =
      '<svg><text x="1" fill="#333" fill-opacity="0.8" stroke="#fff" stroke-width="2" ' +
      'paint-order="stroke" stroke-miterlimit="2">Hisse Senedi</text><text fill="#000">A</text></svg>';
    expect(haloUnderText(svg)).toBe(
      '<svg><text x="1" stroke="#fff" stroke-width="2" stroke-miterlimit="2" fill="none">' +
        'Hisse Senedi</text><text x="1" fill="#333" fill-opacity="0.8">Hisse Senedi</text>' +
        '<text fill="#000">A</text></svg>',
    );
    // A treemap's parents are dark text with a white halo: each is drawn as halo, then text.
    const treemap = chartToSvg(
      {
        title: 'Varlık Dağılımı',
        option: {
          series: [
            {
              type: 'treemap',
              name: 'Tümü',
              leafDepth: 2,
              breadcrumb: { show: true },
              upperLabel: { show: true, height: 20 },
              data: [
                {
                  name: 'Hisse Senedi',
                  children: [{ name: 'Banka', children: [{ name: 'AKBNK', value: 10 }] }],
                },
                { name: 'Devlet Tahvili', children: [{ name: 'Hazine', value: 5 }] },
              ],
            },
          ],
        },
      },
      PALETTE,
    );
    expect(treemap).not.toContain('paint-order');
    // The texts drawn in ink (a halo is its text again, stroked without a fill).
    const shown = [...treemap.matchAll(/<text(?![^>]*fill="none")[^>]*>([^<]*)<\/text>/g)].map(
      (m) => m[1]!,
    );
    expect(shown).toContain('Hisse Senedi');
    // Paper cannot drill down: no "▶" (Roboto has no such glyph) and no breadcrumb button.
    expect(shown.filter((t) => t.includes('▶'))).toEqual([]);
    // The root's name is drawn once, over the plot, not again as the breadcrumb's button.
    expect(shown.filter((t) => t === 'Tümü')).toHaveLength(1);
  });

  it("keeps a whole legend's rows above the plot: thirty funds' lines do not cover it", () => {
    const names = Array.from({ length: 30 }, (_, i) => `NF${String(i).padStart(3, '0')}`).flatMap(
      (code) => [`${code} RMD`, `${code} limit kullanımı`],
    );
    const chart = {
      title: 'RMD ve Limit Kullanımı',
      option: {
        legend: { top: 0, type: 'scroll' },
        grid: { left: 56, right: 64, top: 40, bottom: 32 },
        xAxis: { type: 'time' },
        yAxis: { type: 'value' },
        series: names.map((name) => ({ name, type: 'line', data: [[Date.UTC(2026, 10, 27), 1]] })),
      },
    };
    const rows = paperLegendRows(chart.option);
    expect(rows).toBeGreaterThan(10);
    const height = paperChartHeight(chart);
    expect(height).toBeGreaterThanOrEqual(230 + (rows - 1) * 24);
    const svg = chartToSvg(chart, PALETTE, 515, height);
    // Every entry is drawn, and the lowest of them sits above the plot's top axis label.
    const legendY = names.map((n) => {
      const m = new RegExp(`translate\\([\\d.]+ ([\\d.]+)\\)[^>]*>${n}<`).exec(svg);
      return Number(m?.[1]);
    });
    expect(legendY.every((y) => Number.isFinite(y))).toBe(true);
    const gridTop = 40 + (rows - 1) * 24;
    expect(Math.max(...legendY)).toBeLessThan(gridTop);
    // One row: nothing added.
    expect(paperLegendRows({ legend: {}, series: [{ name: 'RMD' }] })).toBe(1);
    expect(
      paperChartHeight({ title: 'x', option: { legend: {}, series: [{ name: 'RMD' }] } }),
    ).toBe(230);
  });
});
