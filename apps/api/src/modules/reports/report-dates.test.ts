// Issue 24, "Dates": a report dated after its funds' last data, or in the future, is refused
// with a Turkish 400 naming the last data date (demo market: holdings through its last day).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem, ReportTemplate } from '@fonrisk/contracts';
import { holdings, sql } from '@fonrisk/db';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { formatIsoDate } from './render/format.ts';
import { checkReportDate } from './reports.service.ts';

describe('report dates', { timeout: 120_000 }, () => {
  let api: TestApi;
  let token: string;
  let templateId: number;
  let last: string;

  beforeAll(async () => {
    api = await createTestApi({ demoMarket: true });
    token = (await api.login('hesaplayici')).accessToken;
    const templates = (await api.call('GET', '/api/report-templates', { token })).json<
      ReportTemplate[]
    >();
    templateId = templates.find((t) => t.key === 'board-monthly')!.id;
    const [row] = await api.database.db
      .select({ last: sql<string>`max(${holdings.portfolioDate})::text` })
      .from(holdings);
    last = row!.last;
  }, 120_000);
  afterAll(() => api.close());

  it('refuses a report dated in the future with a Turkish 400 naming today', async () => {
    const response = await api.call('POST', '/api/reports', {
      token,
      body: { templateId, portfolioCodes: ['DHS'], asOfDate: '2031-01-02' },
    });
    expect(response.statusCode).toBe(400);
    const problem = response.json<Problem>();
    expect(problem.detail).toMatch(
      /^Rapor tarihi \(02\.01\.2031\) gelecekte; bugün \d{2}\.\d{2}\.\d{4}\./,
    );
    expect(problem.errors?.[0]?.field).toBe('asOfDate');
  });

  it('refuses a date after the fund’s last data, naming that date', async () => {
    // Seen from 2031 the date is not in the future, but the fund's data end earlier.
    const later = new Date('2031-06-01T09:00:00Z');
    await expect(
      checkReportDate(
        api.database.db,
        { asOfDate: '2031-01-02', portfolioCodes: ['DHS'], toDate: undefined },
        later,
      ),
    ).rejects.toThrow(
      `Rapor tarihi (02.01.2031) DHS portföyünün son veri tarihinden (${formatIsoDate(last)}) sonra; en geç ${formatIsoDate(last)} tarihli rapor oluşturabilirsiniz.`,
    );
    await expect(
      checkReportDate(
        api.database.db,
        { asOfDate: undefined, toDate: last, portfolioCodes: ['DHS'] },
        later,
      ),
      'the last data date itself is fine',
    ).resolves.toBeUndefined();
  });
});
