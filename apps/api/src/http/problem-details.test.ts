import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '@fonrisk/contracts';
import { NODE_FS, writeFileAtomic, type AtomicWriteFs } from '@fonrisk/db';
import { createTestApi, type TestApi } from '../testing/test-api.ts';

/** A file system whose every write fails as a full disk does. */
const FULL_DISK: AtomicWriteFs = {
  ...NODE_FS,
  async open(path, flags, mode) {
    const handle = await NODE_FS.open(path, flags, mode);
    return {
      ...handle,
      write: () => Promise.reject(Object.assign(new Error('ENOSPC: write'), { code: 'ENOSPC' })),
    };
  },
};

describe('problem details', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({}, (app) => {
      app.get('/api/test/explode', { config: { access: 'public' } }, () => {
        throw new Error('database password is hunter2');
      });
      app.get('/api/test/disk-full', { config: { access: 'public' } }, async () => {
        await writeFileAtomic(join(tmpdir(), 'fonrisk-disk-full-test.xlsx'), 'x', {
          fs: FULL_DISK,
        });
        return { ok: true };
      });
      app.get('/api/test/quota-raw', { config: { access: 'public' } }, () => {
        throw Object.assign(new Error('EDQUOT: quota exceeded'), { code: 'EDQUOT' });
      });
    });
  });
  afterAll(() => api.close());

  it('answers every error as application/problem+json with a trace id that matches the header', async () => {
    const r = await api.call('GET', '/api/Authorization/Users');
    expect(r.statusCode).toBe(401);
    expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = ProblemSchema.parse(r.json());
    expect(problem).toMatchObject({
      status: 401,
      title: 'Oturum gerekli',
      detail: 'Bu işlem için giriş yapmalısınız.',
    });
    expect(problem.type).toMatch(/^urn:fonrisk:problem:/);
    expect(problem.traceId).toBe(r.headers['x-trace-id']);
  });

  it('puts a trace id on successful answers too', async () => {
    const r = await api.call('GET', '/api/blog/posts');
    expect(r.headers['x-trace-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API address with a 404 problem', async () => {
    const r = await api.call('GET', '/api/nothing-here');
    expect(r.statusCode).toBe(404);
    expect(ProblemSchema.parse(r.json()).detail).toBe('İstenen adres bulunamadı.');
  });

  it('hides the cause of a 500 and never sends a stack trace', async () => {
    const r = await api.call('GET', '/api/test/explode');
    expect(r.statusCode).toBe(500);
    const problem = ProblemSchema.parse(r.json());
    expect(problem.detail).toBe(
      'Beklenmeyen bir sunucu hatası oluştu. Lütfen daha sonra tekrar deneyin.',
    );
    expect(r.body).not.toMatch(/hunter2|at |\.ts:/);
  });

  it('answers a file write that hits a full disk with a 507 problem naming the file', async () => {
    const r = await api.call('GET', '/api/test/disk-full');
    expect(r.statusCode).toBe(507);
    const problem = ProblemSchema.parse(r.json());
    expect(problem.title).toBe('Disk dolu');
    expect(problem.detail).toBe(
      'Diskte yer kalmadı: "fonrisk-disk-full-test.xlsx" dosyası yazılamadı. Yer açıldıktan sonra işlemi tekrarlayın.',
    );
    expect(existsSync(join(tmpdir(), 'fonrisk-disk-full-test.xlsx'))).toBe(false);
    const quota = await api.call('GET', '/api/test/quota-raw');
    expect(quota.statusCode).toBe(507);
    expect(ProblemSchema.parse(quota.json()).detail).toMatch(/^Disk kotası doldu/);
  });

  it('answers malformed JSON with a 400 problem in Turkish', async () => {
    const r = await api.app.inject({
      method: 'POST',
      url: '/api/Authorization/Login',
      headers: { 'content-type': 'application/json', ...api.headers() },
      payload: '{"username":',
    });
    expect(r.statusCode).toBe(400);
    expect(ProblemSchema.parse(r.json()).detail).toMatch(/^İstek işlenemedi/);
  });

  it('lists every invalid field with a Turkish message', async () => {
    const { accessToken } = await api.login('admin');
    const r = await api.call('POST', '/api/Authorization/Users', {
      token: accessToken,
      body: { username: 'A B', fullName: '', password: 'kisa', role: 'Patron', modules: [9] },
    });
    expect(r.statusCode).toBe(400);
    const problem = ProblemSchema.parse(r.json());
    expect(problem.detail).toBe('Gönderilen bilgiler geçersiz. Lütfen alanları kontrol edin.');
    const fields = problem.errors?.map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['username', 'fullName', 'password', 'role', 'modules.0']),
    );
    const roleMessage = problem.errors?.find((e) => e.field === 'role')?.message ?? '';
    expect(roleMessage, 'zod’s own messages are Turkish too').toMatch(/Geçersiz/);
  });
});
