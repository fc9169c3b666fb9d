// A report (and a report schedule) takes as many portfolios as a run: a house's every fund
// (decision 0143).
import { describe, expect, it } from 'vitest';
import { PortfolioCodesSchema, RUN_MAX_PORTFOLIOS } from './analyses/parameters.ts';
import {
  CreateReportRequestSchema,
  REPORT_MAX_PORTFOLIOS,
  ReportScheduleInputSchema,
} from './reports.ts';

const codes = (n: number) => Array.from({ length: n }, (_, i) => `F${String(i).padStart(3, '0')}`);

describe('how many portfolios a report takes', () => {
  it('is a run’s limit, 200', () => {
    expect(REPORT_MAX_PORTFOLIOS).toBe(RUN_MAX_PORTFOLIOS);
    expect(REPORT_MAX_PORTFOLIOS).toBe(200);
    expect(PortfolioCodesSchema.safeParse(codes(200)).success).toBe(true);
  });

  it('takes 200 in a report and a schedule and refuses 201 in Turkish', () => {
    const report = { templateId: 1, asOfDate: '2026-11-27' };
    const schedule = { name: 'Kurul', templateId: 1, frequency: 'daily', time: '08:30' };
    expect(
      CreateReportRequestSchema.safeParse({ ...report, portfolioCodes: codes(200) }).success,
    ).toBe(true);
    const tooMany = CreateReportRequestSchema.safeParse({ ...report, portfolioCodes: codes(201) });
    expect(tooMany.error?.issues[0]?.message).toBe('en fazla 200 portföy');
    const scheduled = ReportScheduleInputSchema.safeParse({
      ...schedule,
      portfolioCodes: codes(201),
    });
    expect(scheduled.error?.issues.map((i) => i.message)).toContain('en fazla 200 portföy');
    expect(
      ReportScheduleInputSchema.safeParse({ ...schedule, portfolioCodes: codes(200) }).error,
    ).toBeUndefined();
  });
});
