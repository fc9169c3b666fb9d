import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { USER_ADMIN_ROLES, type BlogPost } from '@fonrisk/contracts';
import { formatDate } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useBlogPosts } from '../api/get-blog-posts.ts';
import { useDeleteBlogPost } from '../api/delete-blog-post.ts';
import { BLOG_MESSAGES } from '../messages.ts';
import { BlogPostForm } from './blog-post-form.tsx';
import { PostBody } from './post-body.tsx';

/** All posts; Admin and Super Admin may write, edit and delete. */
export function BlogPage() {
  const session = useSession();
  const canManage =
    session !== null && (USER_ADMIN_ROLES as readonly string[]).includes(session.role);
  const posts = useBlogPosts();
  const remove = useDeleteBlogPost();
  const [editing, setEditing] = useState<BlogPost | null | 'new'>(null);
  const [deleting, setDeleting] = useState<BlogPost | null>(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{BLOG_MESSAGES.title}</Title>
          <Text c="dimmed">{BLOG_MESSAGES.subtitle}</Text>
        </div>
        {canManage && <Button onClick={() => setEditing('new')}>{BLOG_MESSAGES.newPost}</Button>}
      </Group>
      {posts.isError && <Alert color="gray">{BLOG_MESSAGES.unavailable}</Alert>}
      {posts.data?.length === 0 && <Text c="dimmed">{BLOG_MESSAGES.empty}</Text>}
      {posts.data?.map((post) => (
        <Card key={post.id} withBorder radius="md" padding="lg" component="article">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Title order={3}>{post.title}</Title>
              <Text size="sm" c="dimmed">
                {BLOG_MESSAGES.byline(post.author, formatDate(post.publishedAt))}
              </Text>
            </div>
            {canManage && (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => setEditing(post)}>
                  {BLOG_MESSAGES.edit}
                </Button>
                <Button size="xs" variant="light" color="red" onClick={() => setDeleting(post)}>
                  {BLOG_MESSAGES.delete}
                </Button>
              </Group>
            )}
          </Group>
          <Text fw={500} mt="sm">
            {post.summary}
          </Text>
          <PostBody body={post.body} />
        </Card>
      ))}
      {editing !== null && (
        <BlogPostForm post={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={BLOG_MESSAGES.deleteConfirmTitle}
      >
        <Text>{deleting !== null && BLOG_MESSAGES.deleteConfirm(deleting.title)}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {BLOG_MESSAGES.cancel}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => {
              if (deleting !== null)
                remove.mutate(deleting.id, {
                  onSuccess: () => toastStore.show('success', BLOG_MESSAGES.deleted),
                  onSettled: () => setDeleting(null),
                });
            }}
          >
            {BLOG_MESSAGES.delete}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
