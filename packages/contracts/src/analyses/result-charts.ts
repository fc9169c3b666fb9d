import { z } from 'zod';

/**
 * A chart of a result as a plain ECharts option (JSON only: no functions), so that the web screen,
 * a future PDF section and any other renderer draw the same figure from the stored result.
 * Axis and tooltip formatting use ECharts string templates.
 */
export const ResultChartSchema = z.object({
  title: z.string(),
  option: z.record(z.string(), z.unknown()),
});
export type ResultChart = z.infer<typeof ResultChartSchema>;

export const ResultChartsSchema = z.record(z.string(), ResultChartSchema);
export type ResultCharts = z.infer<typeof ResultChartsSchema>;
