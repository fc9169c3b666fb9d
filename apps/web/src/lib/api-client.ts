import { ApiError, failureMessage, type FailureRule } from './api-error.ts';
import { busyCounter } from './busy.ts';
import { LIB_MESSAGES } from './messages.ts';
import { runtimeConfig } from './runtime-config.ts';
import { storedToken } from './session.ts';
import { toastStore } from './toast.ts';

export { ApiError } from './api-error.ts';

export type QueryParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** Everything the client needs from the outside world, injectable for tests. */
export interface ApiClientDeps {
  readonly fetch: typeof fetch;
  readonly baseUrl: () => string;
  readonly token: () => string | null;
  readonly cookies: () => string;
  readonly toastError: (message: string, traceId?: string) => void;
  readonly toastInfo: (message: string) => void;
  readonly onUnauthorized: () => void;
  readonly busy: { begin(): void; end(): void };
  readonly download: (blob: Blob, fileName: string) => void;
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const DEFAULT_ACCEPT = 'application/json, text/plain, */*';

interface SendOptions {
  readonly query?: QueryParams | undefined;
  readonly json?: unknown;
  /** A multipart body (file uploads); the browser sets its Content-Type with the boundary. */
  readonly form?: FormData;
  readonly headers?: Readonly<Record<string, string>>;
  readonly failure: FailureRule;
}

export interface DownloadedFile {
  readonly blob: Blob;
  readonly fileName: string;
}

function isAbsoluteUrl(url: string): boolean {
  return /^[a-z][a-z\d+\-.]*:/i.test(url) || url.startsWith('//');
}

export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** `attachment; filename*=UTF-8''rapor%20a.xlsx` or `filename="a.xlsx"` -> the file name. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain parameter */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name ? name : fallback;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

/**
 * The one HTTP client of the SPA: product-spec.md section 7 (base address from runtime config,
 * Bearer token, anti-forgery and Accept headers on state-changing calls to relative URLs) and the
 * error catalogue of section 8 (which failure toasts what; 401 always sends to /login). Every
 * call counts on the busy counter that drives the full-screen spinner.
 */
export function createApiClient(deps: ApiClientDeps) {
  async function ensureXsrfCookie(): Promise<void> {
    if (readCookie(deps.cookies(), XSRF_COOKIE) !== null) return;
    try {
      // With the token, so that the value handed out is bound to this session.
      const token = deps.token();
      const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
      await deps.fetch(`${deps.baseUrl()}health`, {
        method: 'GET',
        credentials: 'same-origin',
        headers,
      });
    } catch {
      // The real call below reports the failure; the cookie probe stays quiet.
    }
  }

  function buildUrl(path: string, query: QueryParams | undefined): string {
    const url = `${deps.baseUrl()}${path.replace(/^\/+/, '')}`;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const search = params.toString();
    return search === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${search}`;
  }

  function fail(error: ApiError, rule: FailureRule): never {
    if (error.status === 401) deps.onUnauthorized();
    const message = failureMessage(error, rule);
    if (message !== null) deps.toastError(message, error.traceId);
    throw error;
  }

  async function send(method: string, path: string, options: SendOptions): Promise<Response> {
    deps.busy.begin();
    try {
      const url = buildUrl(path, options.query);
      const headers = new Headers(options.headers);
      const token = deps.token();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      if (method !== 'GET' && method !== 'HEAD' && !isAbsoluteUrl(url)) {
        await ensureXsrfCookie();
        const xsrf = readCookie(deps.cookies(), XSRF_COOKIE);
        if (xsrf !== null) headers.set(XSRF_HEADER, xsrf);
        if (!headers.has('Accept')) headers.set('Accept', DEFAULT_ACCEPT);
      }
      const init: RequestInit = { method, headers, credentials: 'same-origin' };
      if (options.json !== undefined) {
        headers.set('Content-Type', 'application/json');
        init.body = JSON.stringify(options.json);
      } else if (options.form !== undefined) {
        init.body = options.form;
      }
      let response: Response;
      try {
        response = await deps.fetch(url, init);
      } catch {
        return fail(ApiError.network(), options.failure);
      }
      if (!response.ok) return fail(await ApiError.fromResponse(response), options.failure);
      return response;
    } finally {
      deps.busy.end();
    }
  }

  /** POST-style success check: a success other than 200 toasts the status text. */
  function checkStatus200(response: Response): void {
    if (response.status !== 200) deps.toastInfo(response.statusText || String(response.status));
  }

  async function readFile(response: Response): Promise<DownloadedFile> {
    const blob = await response.blob();
    const fileName = fileNameFromDisposition(
      response.headers.get('Content-Disposition'),
      LIB_MESSAGES.defaultFileName,
    );
    return { blob, fileName };
  }

  return {
    /**
     * GET. With query parameters a failure toasts the problem's detail; the no-parameter GETs
     * fail silently (the caller still receives the error).
     */
    async get<T>(path: string, query?: QueryParams): Promise<T> {
      const hasParams = query !== undefined && Object.keys(query).length > 0;
      const response = await send('GET', path, { query, failure: hasParams ? 'detail' : 'silent' });
      return (await parseBody(response)) as T;
    },

    /** POST JSON; success must be status 200, otherwise the status text is toasted. */
    async post<T>(path: string, body: unknown, query?: QueryParams): Promise<T> {
      const response = await send('POST', path, { json: body, query, failure: 'post' });
      checkStatus200(response);
      return (await parseBody(response)) as T;
    },

    /** PUT JSON, with the same success check and failure toasts as POST (the contract's updates). */
    async put<T>(path: string, body: unknown, query?: QueryParams): Promise<T> {
      const response = await send('PUT', path, { json: body, query, failure: 'post' });
      checkStatus200(response);
      return (await parseBody(response)) as T;
    },

    /** GET whose answer is a file (an upload template); the browser downloads it. */
    async getFile(path: string, query?: QueryParams): Promise<DownloadedFile> {
      const response = await send('GET', path, { query, failure: 'detail' });
      const file = await readFile(response);
      deps.download(file.blob, file.fileName);
      return file;
    },

    /** POST multipart/form-data (a file upload) with the POST success check and failure toasts. */
    async postForm<T>(path: string, form: FormData, query?: QueryParams): Promise<T> {
      const response = await send('POST', path, { form, query, failure: 'post' });
      checkStatus200(response);
      return (await parseBody(response)) as T;
    },

    /** POST whose answer is an Excel file; the browser downloads it under its Content-Disposition name. */
    async postExcelExport(path: string, body: unknown): Promise<DownloadedFile> {
      const response = await send('POST', path, { json: body, failure: 'post' });
      const file = await readFile(response);
      deps.download(file.blob, file.fileName);
      return file;
    },

    /** POST whose answer is a report document (PDF or Excel), handed to the caller. */
    async postReport(path: string, body: unknown): Promise<DownloadedFile> {
      const response = await send('POST', path, { json: body, failure: 'post' });
      return readFile(response);
    },

    /** POST with a `Report-Key` header; a failure toasts the raw error body. */
    async postWithReportKey<T>(path: string, body: unknown, reportKey: string): Promise<T> {
      const response = await send('POST', path, {
        json: body,
        headers: { 'Report-Key': reportKey },
        failure: 'raw',
      });
      return (await parseBody(response)) as T;
    },

    /**
     * POST with a `Report-Key` header whose answer is a report file (a shared link opened without
     * a session); the browser downloads it. Like the Report-Key POST, a failure toasts the raw body.
     */
    async downloadWithReportKey(
      path: string,
      reportKey: string,
      query?: QueryParams,
    ): Promise<DownloadedFile> {
      const response = await send('POST', path, {
        json: {},
        query,
        headers: { 'Report-Key': reportKey },
        failure: 'raw',
      });
      const file = await readFile(response);
      deps.download(file.blob, file.fileName);
      return file;
    },

    /** PUT multipart/form-data (a file replacing the stored one), with the POST checks and toasts. */
    async putForm<T>(path: string, form: FormData, query?: QueryParams): Promise<T> {
      const response = await send('PUT', path, { form, query, failure: 'post' });
      checkStatus200(response);
      return (await parseBody(response)) as T;
    },

    /** DELETE; a failure toasts the raw error body. */
    async delete(path: string, query?: QueryParams): Promise<void> {
      await send('DELETE', path, { query, failure: 'raw' });
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

function downloadInBrowser(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

let unauthorizedHandler: () => void = () => {
  window.location.assign('/login');
};

/** The app installs the router's navigation here so a 401 moves without a page reload. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** Leaves the session the way a 401 does (the server already ended it, e.g. password change). */
export function endSession(): void {
  unauthorizedHandler();
}

export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  baseUrl: () => runtimeConfig().apiBaseUrl,
  token: () => storedToken(),
  cookies: () => document.cookie,
  toastError: (message, traceId) => toastStore.show('error', message, traceId),
  toastInfo: (message) => toastStore.show('info', message),
  onUnauthorized: () => unauthorizedHandler(),
  busy: busyCounter,
  download: downloadInBrowser,
});
