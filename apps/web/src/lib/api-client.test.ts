import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, fileNameFromDisposition, type ApiClientDeps } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { LIB_MESSAGES } from './messages.ts';

interface Harness {
  deps: ApiClientDeps;
  fetch: ReturnType<typeof vi.fn<typeof fetch>>;
  errors: { message: string; traceId: string | undefined }[];
  infos: string[];
  unauthorized: ReturnType<typeof vi.fn>;
  busy: { begin: ReturnType<typeof vi.fn>; end: ReturnType<typeof vi.fn> };
  downloads: { blob: Blob; fileName: string }[];
  cookie: { value: string };
}

function problem(status: number, body: Record<string, unknown>, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}

function json(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

function harness(token: string | null = 'a.b.c'): Harness {
  const errors: Harness['errors'] = [];
  const infos: string[] = [];
  const downloads: Harness['downloads'] = [];
  const cookie = { value: 'XSRF-TOKEN=xsrf%3D1; other=2' };
  const fetchMock = vi.fn<typeof fetch>();
  const unauthorized = vi.fn();
  const busy = { begin: vi.fn(), end: vi.fn() };
  const deps: ApiClientDeps = {
    fetch: fetchMock,
    baseUrl: () => '/api/',
    token: () => token,
    cookies: () => cookie.value,
    toastError: (message, traceId) => errors.push({ message, traceId }),
    toastInfo: (message) => infos.push(message),
    onUnauthorized: unauthorized,
    busy,
    download: (blob, fileName) => downloads.push({ blob, fileName }),
  };
  return { deps, fetch: fetchMock, errors, infos, unauthorized, busy, downloads, cookie };
}

function requestOf(h: Harness, index = 0): { url: string; init: RequestInit; headers: Headers } {
  const call = h.fetch.mock.calls[index];
  if (!call) throw new Error(`no fetch call #${index}`);
  const init = call[1] ?? {};
  return { url: call[0] as string, init, headers: new Headers(init.headers) };
}

let h: Harness;
beforeEach(() => {
  h = harness();
});

describe('section 7: requests', () => {
  it('sends GET with query parameters to the configured base address with a Bearer token', async () => {
    h.fetch.mockResolvedValue(json({ id: 7 }));
    const result = await createApiClient(h.deps).get('Authorization/UserListById', { Id: 7 });
    expect(result).toEqual({ id: 7 });
    const { url, init, headers } = requestOf(h);
    expect(url).toBe('/api/Authorization/UserListById?Id=7');
    expect(init.method).toBe('GET');
    expect(headers.get('Authorization')).toBe('Bearer a.b.c');
    expect(headers.has('X-XSRF-TOKEN'), 'GET carries no anti-forgery header').toBe(false);
  });

  it('sends no Authorization header when no token exists', async () => {
    h = harness(null);
    h.fetch.mockResolvedValue(json([]));
    await createApiClient(h.deps).get('blog/posts');
    expect(requestOf(h).headers.has('Authorization')).toBe(false);
  });

  it('adds the anti-forgery header from the XSRF-TOKEN cookie and a default Accept on POST', async () => {
    h.fetch.mockResolvedValue(json({ ok: true }));
    await createApiClient(h.deps).post('blog/posts', { title: 'Başlık' });
    const { init, headers } = requestOf(h);
    expect(headers.get('X-XSRF-TOKEN')).toBe('xsrf=1');
    expect(headers.get('Accept')).toBe('application/json, text/plain, */*');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ title: 'Başlık' }));
  });

  it('calls GET health first to obtain the cookie when it is missing before a non-GET call', async () => {
    h.cookie.value = '';
    h.fetch.mockImplementation((input) => {
      if (input === '/api/health') {
        h.cookie.value = 'XSRF-TOKEN=fresh';
        return Promise.resolve(json({ status: 'ok', database: 'ok' }));
      }
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    await createApiClient(h.deps).delete('blog/posts/3');
    expect(requestOf(h, 0).url).toBe('/api/health');
    const del = requestOf(h, 1);
    expect(del.init.method).toBe('DELETE');
    expect(del.headers.get('X-XSRF-TOKEN')).toBe('fresh');
  });

  it('sends no anti-forgery header to an absolute base address', async () => {
    h.deps = { ...h.deps, baseUrl: () => 'https://api.example.com/' };
    h.fetch.mockResolvedValue(json({}));
    await createApiClient(h.deps).post('x', {});
    const { url, headers } = requestOf(h);
    expect(url).toBe('https://api.example.com/x');
    expect(headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(headers.has('Accept')).toBe(false);
  });

  it('adds the Report-Key header on the Report-Key POST', async () => {
    h.fetch.mockResolvedValue(json({ queued: true }));
    await createApiClient(h.deps).postWithReportKey('reports/run', { a: 1 }, 'rk-42');
    expect(requestOf(h).headers.get('Report-Key')).toBe('rk-42');
  });

  it('downloads the Excel export under the Content-Disposition file name', async () => {
    h.fetch.mockResolvedValue(
      new Response('xlsx', {
        status: 200,
        headers: {
          'Content-Disposition': "attachment; filename*=UTF-8''portf%C3%B6y%20raporu.xlsx",
        },
      }),
    );
    const file = await createApiClient(h.deps).postExcelExport('portfolios/export', {
      date: '2026-11-21',
    });
    expect(file.fileName).toBe('portföy raporu.xlsx');
    expect(h.downloads.map((d) => d.fileName)).toEqual(['portföy raporu.xlsx']);
    expect(await h.downloads[0]?.blob.text()).toBe('xlsx');
  });

  it('returns the report document of the report POST without downloading it', async () => {
    h.fetch.mockResolvedValue(
      new Response('%PDF', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="rapor.pdf"' },
      }),
    );
    const file = await createApiClient(h.deps).postReport('reports/pdf', {});
    expect(file.fileName).toBe('rapor.pdf');
    expect(h.downloads).toHaveLength(0);
  });

  it('counts every call on the busy counter, also failed ones', async () => {
    h.fetch.mockResolvedValueOnce(json([])).mockResolvedValueOnce(problem(500, { detail: 'x' }));
    const client = createApiClient(h.deps);
    await client.get('blog/posts');
    await expect(client.get('x', { Id: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(h.busy.begin).toHaveBeenCalledTimes(2);
    expect(h.busy.end).toHaveBeenCalledTimes(2);
  });
});

describe('section 8: error catalogue', () => {
  it('GET failure toasts the problem detail with its trace id', async () => {
    h.fetch.mockResolvedValue(problem(404, { detail: 'Kullanıcı bulunamadı.', traceId: 't-1' }));
    await expect(
      createApiClient(h.deps).get('Authorization/UserListById', { Id: 9 }),
    ).rejects.toMatchObject({ status: 404 });
    expect(h.errors).toEqual([{ message: 'Kullanıcı bulunamadı.', traceId: 't-1' }]);
  });

  it('GET failure falls back to the capitalised Detail field', async () => {
    h.fetch.mockResolvedValue(problem(400, { Detail: 'Eski biçim hata.' }));
    await expect(createApiClient(h.deps).get('x', { Id: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(h.errors.map((e) => e.message)).toEqual(['Eski biçim hata.']);
  });

  it('POST failure toasts the detail when there is one, even with an errors field', async () => {
    h.fetch.mockResolvedValue(
      problem(400, { detail: 'Girdiler hatalı.', errors: [{ field: 'a', message: 'b' }] }),
    );
    await expect(createApiClient(h.deps).post('x', {})).rejects.toBeInstanceOf(ApiError);
    expect(h.errors.map((e) => e.message)).toEqual(['Girdiler hatalı.']);
  });

  it('POST failure toasts the HTTP message when the error has an errors field but no detail', async () => {
    h.fetch.mockResolvedValue(problem(400, { errors: { title: ['gerekli'] } }, 'Bad Request'));
    await expect(createApiClient(h.deps).post('x', {})).rejects.toBeInstanceOf(ApiError);
    expect(h.errors.map((e) => e.message)).toEqual([LIB_MESSAGES.httpFailure(400, 'Bad Request')]);
  });

  it('POST failure toasts the raw body when there is neither detail nor errors', async () => {
    h.fetch.mockResolvedValue(
      new Response('Sunucu meşgul', { status: 503, statusText: 'Service Unavailable' }),
    );
    await expect(createApiClient(h.deps).post('x', {})).rejects.toBeInstanceOf(ApiError);
    expect(h.errors.map((e) => e.message)).toEqual(['Sunucu meşgul']);
  });

  it('POST success with a status other than 200 toasts the status text and still returns the body', async () => {
    h.fetch.mockResolvedValue(json({ id: 1 }, 201, 'Created'));
    await expect(createApiClient(h.deps).post('x', {})).resolves.toEqual({ id: 1 });
    expect(h.infos).toEqual(['Created']);
    expect(h.errors).toEqual([]);
  });

  it('POST success with status 200 toasts nothing', async () => {
    h.fetch.mockResolvedValue(json({ id: 1 }));
    await createApiClient(h.deps).post('x', {});
    expect(h.infos).toEqual([]);
  });

  it('Report-Key POST failure toasts the raw error body', async () => {
    const body = JSON.stringify({ detail: 'Rapor anahtarı geçersiz.' });
    h.fetch.mockResolvedValue(
      new Response(body, { status: 400, headers: { 'Content-Type': 'application/problem+json' } }),
    );
    await expect(createApiClient(h.deps).postWithReportKey('r', {}, 'k')).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(h.errors.map((e) => e.message)).toEqual([body]);
  });

  it('downloads the file of a Report-Key POST under its Content-Disposition name', async () => {
    h.fetch.mockResolvedValue(
      new Response('%PDF-1.7', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="kurul-raporu.pdf"' },
      }),
    );
    const file = await createApiClient(h.deps).downloadWithReportKey('reports/download', 'rk-9', {
      format: 'pdf',
    });
    const { url, headers, init } = requestOf(h);
    expect(url).toBe('/api/reports/download?format=pdf');
    expect(init.method).toBe('POST');
    expect(headers.get('Report-Key')).toBe('rk-9');
    expect(file.fileName).toBe('kurul-raporu.pdf');
    expect(h.downloads.map((d) => d.fileName)).toEqual(['kurul-raporu.pdf']);
    expect(await h.downloads[0]?.blob.text()).toBe('%PDF-1.7');
  });

  it('Report-Key download failure toasts the raw error body and downloads nothing', async () => {
    const body = 'Bağlantının süresi dolmuş.';
    h.fetch.mockResolvedValue(new Response(body, { status: 410, statusText: 'Gone' }));
    await expect(
      createApiClient(h.deps).downloadWithReportKey('reports/download', 'k'),
    ).rejects.toBeInstanceOf(ApiError);
    expect(h.errors.map((e) => e.message)).toEqual([body]);
    expect(h.downloads).toEqual([]);
  });

  it('PUT multipart sends the form as it is, with the anti-forgery header', async () => {
    h.fetch.mockResolvedValue(json({ ok: true }));
    const form = new FormData();
    form.append('file', new Blob(['<svg/>'], { type: 'image/svg+xml' }), 'logo.svg');
    await expect(createApiClient(h.deps).putForm('pdf-settings/logo', form)).resolves.toEqual({
      ok: true,
    });
    const { init, headers } = requestOf(h);
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(form);
    expect(headers.get('X-XSRF-TOKEN')).toBe('xsrf=1');
  });

  it('DELETE failure toasts the raw error body', async () => {
    h.fetch.mockResolvedValue(new Response('Silinemez', { status: 409, statusText: 'Conflict' }));
    await expect(createApiClient(h.deps).delete('Authorization/Users/1')).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(h.errors.map((e) => e.message)).toEqual(['Silinemez']);
  });

  it('401 on any call redirects to login', async () => {
    const client = createApiClient(h.deps);
    const calls = [
      () => client.get('Authorization/Users'),
      () => client.get('x', { Id: 1 }),
      () => client.post('x', {}),
      () => client.put('x', {}),
      () => client.delete('x'),
      () => client.postWithReportKey('x', {}, 'k'),
      () => client.postExcelExport('x', {}),
      () => client.postReport('x', {}),
    ];
    for (const call of calls) {
      h.fetch.mockResolvedValueOnce(problem(401, { detail: 'Oturum süreniz doldu.' }));
      await expect(call()).rejects.toMatchObject({ status: 401 });
    }
    expect(h.unauthorized).toHaveBeenCalledTimes(calls.length);
  });

  it('failures of the no-parameter GETs are silently swallowed (no toast) but reach the caller', async () => {
    const client = createApiClient(h.deps);
    for (const path of [
      'Authorization/Roles',
      'Authorization/Users',
      'Authorization/GetUsersModule',
    ]) {
      h.fetch.mockResolvedValueOnce(problem(500, { detail: 'Beklenmeyen hata.' }));
      await expect(client.get(path)).rejects.toBeInstanceOf(ApiError);
    }
    expect(h.errors).toEqual([]);
  });

  it('a call that never reaches the server toasts the network message unless silent', async () => {
    h.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const client = createApiClient(h.deps);
    await expect(client.get('x', { Id: 1 })).rejects.toMatchObject({ status: 0 });
    await expect(client.get('Authorization/Roles')).rejects.toMatchObject({ status: 0 });
    expect(h.errors.map((e) => e.message)).toEqual([LIB_MESSAGES.networkError]);
  });
});

describe('fileNameFromDisposition', () => {
  it('reads quoted, unquoted and RFC 5987 names and falls back when absent', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.xlsx"', 'f')).toBe('a b.xlsx');
    expect(fileNameFromDisposition('attachment; filename=a.xlsx', 'f')).toBe('a.xlsx');
    expect(
      fileNameFromDisposition('attachment; filename="x.xlsx"; filename*=UTF-8\'\'%C3%A7.xlsx', 'f'),
    ).toBe('ç.xlsx');
    expect(fileNameFromDisposition(null, 'f')).toBe('f');
    expect(fileNameFromDisposition('attachment', 'f')).toBe('f');
  });
});
