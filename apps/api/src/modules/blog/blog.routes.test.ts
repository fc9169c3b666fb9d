import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';

const POSTS = '/api/blog/posts';
const draft = {
  title: 'Stres testi notları',
  summary: 'Kısa özet.',
  body: 'Birinci paragraf.\n\nİkinci paragraf.',
};

describe('blog posts', () => {
  let api: TestApi;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    api = await createTestApi();
    for (const name of ['superadmin', 'admin', 'hesaplayici', 'gozlemleyici'])
      tokens[name] = (await api.login(name)).accessToken;
  });
  afterAll(() => api.close());

  it('lists the demo posts to anyone, newest first', async () => {
    const r = await api.call('GET', POSTS);
    expect(r.statusCode).toBe(200);
    const posts = r.json<BlogPost[]>();
    expect(posts).toHaveLength(4);
    const dates = posts.map((p) => p.publishedAt);
    expect(dates, 'newest first').toEqual([...dates].sort().reverse());
    expect(posts.every((p) => p.author === 'Murat Demir')).toBe(true);
  });

  it('lets Admin and Super Admin write, update and delete posts', async () => {
    for (const name of ['admin', 'superadmin']) {
      const created = await api.call('POST', POSTS, { token: tokens[name], body: draft });
      expect(created.statusCode).toBe(200);
      const post = created.json<BlogPost>();
      expect(
        (await api.call('GET', POSTS)).json<BlogPost[]>()[0]?.id,
        'a new post comes first',
      ).toBe(post.id);
      const updated = await api.call('PUT', `${POSTS}/${post.id}`, {
        token: tokens[name],
        body: { ...draft, title: 'Yeni başlık' },
      });
      expect(updated.json<BlogPost>().title).toBe('Yeni başlık');
      expect((await api.call('GET', `${POSTS}/${post.id}`)).json<BlogPost>().title).toBe(
        'Yeni başlık',
      );
      expect(
        (await api.call('DELETE', `${POSTS}/${post.id}`, { token: tokens[name] })).statusCode,
      ).toBe(204);
      expect((await api.call('GET', `${POSTS}/${post.id}`)).statusCode).toBe(404);
    }
  });

  it('refuses writes by calculators, observers and anonymous callers', async () => {
    const [first] = (await api.call('GET', POSTS)).json<BlogPost[]>();
    for (const token of [tokens.hesaplayici, tokens.gozlemleyici]) {
      expect((await api.call('POST', POSTS, { token, body: draft })).statusCode).toBe(403);
      expect(
        (await api.call('PUT', `${POSTS}/${first!.id}`, { token, body: draft })).statusCode,
      ).toBe(403);
      expect((await api.call('DELETE', `${POSTS}/${first!.id}`, { token })).statusCode).toBe(403);
    }
    expect((await api.call('POST', POSTS, { body: draft })).statusCode).toBe(401);
  });

  it('answers 404 for a missing post and 400 for an empty title', async () => {
    expect(
      (await api.call('PUT', `${POSTS}/987654`, { token: tokens.admin, body: draft })).statusCode,
    ).toBe(404);
    const r = await api.call('POST', POSTS, {
      token: tokens.admin,
      body: { ...draft, title: ' ' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'title', message: 'Başlık gerekli.' },
    ]);
  });
});
