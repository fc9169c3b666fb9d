import { screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { saveLogin } from '../../../lib/session.ts';
import { renderUi } from '../../../test/render.tsx';
import { tokenExpiringIn } from '../../../test/tokens.ts';
import { BlogPage } from './blog-page.tsx';
import { toParagraphs } from './post-body.tsx';

const POSTS = [
  {
    id: 1,
    title: 'Likidite riski',
    summary: 'Özet',
    body: 'Birinci paragraf.\n\n<img src=x onerror=alert(1)> ikinci paragraf.',
    author: 'Fonrisk Ekibi',
    publishedAt: '2026-11-21T09:00:00Z',
  },
];

function renderBlog() {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(Response.json(POSTS)));
  renderUi(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <BlogPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('blog', () => {
  it('splits the body into paragraphs on blank lines', () => {
    expect(toParagraphs('a\n\n  \n b \r\n\r\nc')).toEqual(['a', 'b', 'c']);
  });

  it('renders title, Turkish date and body as text, never as HTML', async () => {
    renderBlog();
    expect(await screen.findByText('Likidite riski')).toBeTruthy();
    expect(screen.getByText('Fonrisk Ekibi · 21.11.2026')).toBeTruthy();
    expect(screen.getByText('<img src=x onerror=alert(1)> ikinci paragraf.')).toBeTruthy();
    expect(document.querySelector('article img'), 'markup in a post stays text').toBeNull();
  });

  it('offers writing, editing and deleting only to Admin and Super Admin', async () => {
    saveLogin({
      accessToken: tokenExpiringIn(600),
      userRole: 'Hesaplayici',
      fullName: 'Elif Kaya',
      module: '1',
      userId: 3,
    });
    renderBlog();
    await screen.findByText('Likidite riski');
    expect(screen.queryByRole('button', { name: 'Yeni yazı' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sil' })).toBeNull();
  });

  it('shows the management buttons to an Admin', async () => {
    saveLogin({
      accessToken: tokenExpiringIn(600),
      userRole: 'Admin',
      fullName: 'Murat Demir',
      module: '1',
      userId: 2,
    });
    renderBlog();
    await screen.findByText('Likidite riski');
    expect(screen.getByRole('button', { name: 'Yeni yazı' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Düzenle' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sil' })).toBeTruthy();
  });
});
