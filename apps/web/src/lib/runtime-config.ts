/** Runtime configuration read at start: `config.json` beside the app, then a window object. */
export interface RuntimeConfig {
  /** Base address of every API call, ending with a slash. */
  readonly apiBaseUrl: string;
}

declare global {
  interface Window {
    __FONRISK_CONFIG__?: Partial<RuntimeConfig>;
  }
}

export const DEFAULT_CONFIG: RuntimeConfig = { apiBaseUrl: '/api/' };

function pickConfig(value: unknown): Partial<RuntimeConfig> {
  if (typeof value !== 'object' || value === null) return {};
  const base = (value as { apiBaseUrl?: unknown }).apiBaseUrl;
  if (typeof base !== 'string' || base.trim() === '') return {};
  return { apiBaseUrl: base.endsWith('/') ? base : `${base}/` };
}

/**
 * Defaults, overridden by `config.json` and then by `window.__FONRISK_CONFIG__`. A config file
 * that fails to load or parse counts as an empty config, so the defaults apply (section 8).
 */
export async function loadRuntimeConfig(
  fetchFn: typeof fetch = fetch,
  configUrl = `${import.meta.env.BASE_URL}config.json`,
  windowConfig: unknown = typeof window === 'undefined' ? undefined : window.__FONRISK_CONFIG__,
): Promise<RuntimeConfig> {
  let fromFile: Partial<RuntimeConfig> = {};
  try {
    const response = await fetchFn(configUrl, { cache: 'no-store' });
    if (response.ok) fromFile = pickConfig(await response.json());
  } catch {
    fromFile = {};
  }
  return { ...DEFAULT_CONFIG, ...fromFile, ...pickConfig(windowConfig) };
}

let active: RuntimeConfig = DEFAULT_CONFIG;

export function setRuntimeConfig(config: RuntimeConfig): void {
  active = config;
}

export function runtimeConfig(): RuntimeConfig {
  return active;
}
