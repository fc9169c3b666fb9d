import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, loadRuntimeConfig } from './runtime-config.ts';

describe('loadRuntimeConfig', () => {
  it('uses the apiBaseUrl of config.json', async () => {
    const fetchFn = vi
      .fn<typeof fetch>()
      .mockResolvedValue(Response.json({ apiBaseUrl: 'https://risk.example.com/api' }));
    await expect(loadRuntimeConfig(fetchFn, '/config.json', undefined)).resolves.toEqual({
      apiBaseUrl: 'https://risk.example.com/api/',
    });
  });

  it('lets the window config object override the file', async () => {
    const fetchFn = vi
      .fn<typeof fetch>()
      .mockResolvedValue(Response.json({ apiBaseUrl: '/from-file/' }));
    await expect(
      loadRuntimeConfig(fetchFn, '/config.json', { apiBaseUrl: '/from-window/' }),
    ).resolves.toEqual({
      apiBaseUrl: '/from-window/',
    });
  });

  it('applies the defaults when the config file fails to load, is missing or is not JSON', async () => {
    const failing = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline'));
    const missing = vi.fn<typeof fetch>().mockResolvedValue(new Response('nope', { status: 404 }));
    const garbage = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response('<html>', { status: 200 }));
    for (const fetchFn of [failing, missing, garbage]) {
      await expect(loadRuntimeConfig(fetchFn, '/config.json', undefined)).resolves.toEqual(
        DEFAULT_CONFIG,
      );
    }
  });
});
