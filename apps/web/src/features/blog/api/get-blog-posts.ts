import { queryOptions, useQuery } from '@tanstack/react-query';
import { BlogPostSchema, type BlogPost } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const blogPostsKey = ['blog', 'posts'] as const;

/** GET blog/posts: every post, newest first. A no-parameter GET, so failure is silent. */
export async function getBlogPosts(): Promise<BlogPost[]> {
  return BlogPostSchema.array().parse(await api.get<unknown>('blog/posts'));
}

export const blogPostsQuery = queryOptions({ queryKey: blogPostsKey, queryFn: getBlogPosts });

export function useBlogPosts() {
  return useQuery(blogPostsQuery);
}
