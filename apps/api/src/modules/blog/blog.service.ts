import type { Database } from '@fonrisk/db';
import type { BlogPost, BlogPostRequest, TokenClaims } from '@fonrisk/contracts';
import { recordAudit } from '../audit/audit.repository.ts';
import { BlogPostNotFoundError } from './blog.errors.ts';
import {
  deleteBlogPost,
  findBlogPost,
  insertBlogPost,
  listBlogPosts,
  toBlogPost,
  updateBlogPost,
} from './blog.repository.ts';

export type BlogService = ReturnType<typeof createBlogService>;

export function createBlogService(db: Database) {
  return {
    async list(): Promise<BlogPost[]> {
      return (await listBlogPosts(db)).map(toBlogPost);
    },

    async get(id: number): Promise<BlogPost> {
      const row = await findBlogPost(db, id);
      if (!row) throw new BlogPostNotFoundError();
      return toBlogPost(row);
    },

    create(actor: TokenClaims, request: BlogPostRequest): Promise<BlogPost> {
      return db.transaction(async (tx) => {
        const post = toBlogPost(
          await insertBlogPost(tx, request, { id: actor.userId, name: actor.fullName }),
        );
        await recordAudit(tx, {
          actor,
          action: 'blog-post.create',
          entity: 'blog-post',
          entityId: post.id,
          after: post,
        });
        return post;
      });
    },

    update(actor: TokenClaims, id: number, request: BlogPostRequest): Promise<BlogPost> {
      return db.transaction(async (tx) => {
        const before = await findBlogPost(tx, id);
        const row = await updateBlogPost(tx, id, request);
        if (!before || !row) throw new BlogPostNotFoundError();
        const after = toBlogPost(row);
        await recordAudit(tx, {
          actor,
          action: 'blog-post.update',
          entity: 'blog-post',
          entityId: id,
          before: toBlogPost(before),
          after,
        });
        return after;
      });
    },

    async remove(actor: TokenClaims, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await deleteBlogPost(tx, id);
        if (!row) throw new BlogPostNotFoundError();
        await recordAudit(tx, {
          actor,
          action: 'blog-post.delete',
          entity: 'blog-post',
          entityId: id,
          before: toBlogPost(row),
        });
      });
    },
  };
}
