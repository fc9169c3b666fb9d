import { blogPosts, desc, eq, type BlogPostRow, type Executor } from '@fonrisk/db';
import type { BlogPost, BlogPostRequest } from '@fonrisk/contracts';

export function toBlogPost(row: BlogPostRow): BlogPost {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    body: row.body,
    author: row.authorName,
    publishedAt: row.publishedAt.toISOString(),
  };
}

export function listBlogPosts(ex: Executor): Promise<BlogPostRow[]> {
  return ex.select().from(blogPosts).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
}

export async function findBlogPost(ex: Executor, id: number): Promise<BlogPostRow | undefined> {
  const [row] = await ex.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row;
}

export interface BlogAuthor {
  readonly id: number | null;
  readonly name: string;
}

export async function insertBlogPost(
  ex: Executor,
  post: BlogPostRequest,
  author: BlogAuthor,
  publishedAt?: Date,
): Promise<BlogPostRow> {
  const [row] = await ex
    .insert(blogPosts)
    .values({
      ...post,
      authorId: author.id,
      authorName: author.name,
      ...(publishedAt ? { publishedAt } : {}),
    })
    .returning();
  return row!;
}

export async function updateBlogPost(
  ex: Executor,
  id: number,
  post: BlogPostRequest,
): Promise<BlogPostRow | undefined> {
  const [row] = await ex
    .update(blogPosts)
    .set({ ...post, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning();
  return row;
}

export async function deleteBlogPost(ex: Executor, id: number): Promise<BlogPostRow | undefined> {
  const [row] = await ex.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
  return row;
}
