import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { blogPostsKey } from './get-blog-posts.ts';

/** DELETE blog/posts/{id}; Admin and Super Admin only. */
export async function deleteBlogPost(id: number): Promise<void> {
  await api.delete(`blog/posts/${id}`);
}

export function useDeleteBlogPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteBlogPost,
    onSuccess: () => client.invalidateQueries({ queryKey: blogPostsKey }),
  });
}
