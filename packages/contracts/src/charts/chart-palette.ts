// The colours of every chart, screen and PDF alike (decision 0058).

/** Series colours in order (Mantine blue, teal, yellow, violet...). */
export const CHART_PALETTE = [
  '#1c7ed6',
  '#0ca678',
  '#f59f00',
  '#7048e8',
  '#e8590c',
  '#d6336c',
  '#15aabf',
  '#5c940d',
  '#495057',
  '#ae3ec9',
] as const;

/**
 * A loss is red and a gain is blue in every chart (stress bars, P&L histograms, breakdowns):
 * green is kept for the "within limit" status, never for a sign.
 */
export const LOSS_COLOR = '#e03131';
export const GAIN_COLOR = '#1c7ed6';
/** Lighter shades for many bars (histogram bins, daily P&L). */
export const LOSS_COLOR_LIGHT = '#ff8787';
export const GAIN_COLOR_LIGHT = '#74c0fc';

/** The colour of a signed value: losses (below zero) red, the rest blue. */
export function signColor(value: number, light = false): string {
  if (value < 0) return light ? LOSS_COLOR_LIGHT : LOSS_COLOR;
  return light ? GAIN_COLOR_LIGHT : GAIN_COLOR;
}

/** Limit and zone statuses (gauges, badges, traffic lights): green / amber / red / grey. */
export const STATUS_COLORS = {
  ok: '#2f9e44',
  warning: '#f08c00',
  breach: '#e03131',
  noLimit: '#868e96',
  noData: '#adb5bd',
} as const;
