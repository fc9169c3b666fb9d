import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreTradeResponse } from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';

describe('pre-trade check on the demo funds', () => {
  let api: TestApi;
  let runner: string;

  beforeAll(async () => {
    api = await createTestApi({ demoMarket: true });
    runner = (await api.login('hesaplayici')).accessToken;
  });
  afterAll(() => api.close());

  it('explore', async () => {
    for (const code of ['DHS', 'DDG']) {
      const t0 = performance.now();
      const res = await api.call('POST', '/api/pre-trade-check', {
        token: runner,
        body: { portfolioCode: code, asOfDate: '2099-01-01', trades: [] },
      });
      console.log(code, performance.now() - t0, res.statusCode);
      const r = res.json<PreTradeResponse>();
      console.log(
        JSON.stringify({ ...r, headroom: r.headroom.slice(0, 40) }, null, 1).slice(0, 9000),
      );
      expect(res.statusCode).toBe(200);
    }
  });
});
