import {
  STORAGE_KEYS,
  parseModuleList,
  type LoginResponse,
  type ModuleNumber,
} from '@fonrisk/contracts';

/** The signed-in user as the browser knows it (product-spec.md sections 3 and 4). */
export interface Session {
  readonly accessToken: string;
  readonly role: string;
  readonly fullName: string;
  readonly modules: readonly ModuleNumber[];
  readonly userId: number | null;
}

function decodeBase64Url(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * A token counts only when it has exactly three dot-separated segments and its payload decodes
 * (base64url, JSON) to an object whose numeric `exp` lies in the future; anything else is treated
 * as absent (product-spec.md sections 5 and 9). The signature is the server's business.
 */
export function isTokenValid(token: string | null | undefined, nowMs: number): boolean {
  if (!token) return false;
  const segments = token.split('.');
  if (segments.length !== 3 || segments.some((s) => s === '')) return false;
  const json = decodeBase64Url(segments[1] ?? '');
  if (json === null) return false;
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    return false;
  }
  if (typeof payload !== 'object' || payload === null) return false;
  const exp = (payload as { exp?: unknown }).exp;
  return typeof exp === 'number' && Number.isFinite(exp) && exp * 1000 > nowMs;
}

/** Reads the stored session; `null` when the stored token is missing, malformed or expired. */
export function readSession(storage: Storage, nowMs: number): Session | null {
  const accessToken = storage.getItem(STORAGE_KEYS.accessToken);
  if (accessToken === null || !isTokenValid(accessToken, nowMs)) return null;
  const userId = Number(storage.getItem(STORAGE_KEYS.userId));
  return {
    accessToken,
    role: storage.getItem(STORAGE_KEYS.userRole) ?? '',
    fullName: storage.getItem(STORAGE_KEYS.fullName) ?? '',
    modules: parseModuleList(storage.getItem(STORAGE_KEYS.module)),
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
  };
}

/** The raw stored token, valid or not: the API client sends whatever exists. */
export function storedToken(storage: Storage = localStorage): string | null {
  return storage.getItem(STORAGE_KEYS.accessToken);
}

type Listener = () => void;
const listeners = new Set<Listener>();
let version = 0;

function notify(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** Subscribes to login/logout in this tab and storage changes from other tabs. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (): void => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function sessionVersion(): number {
  return version;
}

/** Stores the five login fields of product-spec.md section 3. */
export function saveLogin(response: LoginResponse, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.accessToken, response.accessToken);
  storage.setItem(STORAGE_KEYS.userRole, response.userRole);
  storage.setItem(STORAGE_KEYS.fullName, response.fullName);
  storage.setItem(STORAGE_KEYS.module, response.module);
  storage.setItem(STORAGE_KEYS.userId, String(response.userId));
  notify();
}

/** Logout clears ALL local storage (section 4), not only the login fields. */
export function clearSession(storage: Storage = localStorage): void {
  storage.clear();
  notify();
}

export function currentSession(): Session | null {
  return readSession(localStorage, Date.now());
}
