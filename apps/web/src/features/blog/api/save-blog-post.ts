import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BlogPostSchema, type BlogPost } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { blogPostsKey } from './get-blog-posts.ts';

export interface BlogPostInput {
  readonly title: string;
  readonly summary: string;
  readonly body: string;
}

/** POST blog/posts (new) or PUT blog/posts/{id} (edit); Admin and Super Admin only. */
export async function saveBlogPost(
  input: BlogPostInput & { readonly id?: number },
): Promise<BlogPost> {
  const body = { title: input.title, summary: input.summary, body: input.body };
  const saved =
    input.id === undefined
      ? await api.post<unknown>('blog/posts', body)
      : await api.put<unknown>(`blog/posts/${input.id}`, body);
  return BlogPostSchema.parse(saved);
}

export function useSaveBlogPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBlogPost,
    onSuccess: () => client.invalidateQueries({ queryKey: blogPostsKey }),
  });
}
