import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { useBlogPosts } from '../api/get-blog-posts.ts';
import { BLOG_MESSAGES } from '../messages.ts';

/** The newest posts as cards, for the home page. */
export function LatestPosts({ count = 3 }: { count?: number }) {
  const posts = useBlogPosts();
  if (posts.isError) return <Text c="dimmed">{BLOG_MESSAGES.unavailable}</Text>;
  if (posts.data?.length === 0) return <Text c="dimmed">{BLOG_MESSAGES.empty}</Text>;
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {posts.data?.slice(0, count).map((post) => (
          <Card key={post.id} withBorder radius="md" padding="lg" component="article">
            <Text fw={600}>{post.title}</Text>
            <Text size="xs" c="dimmed" mt={2}>
              {formatDate(post.publishedAt)}
            </Text>
            <Text size="sm" mt="sm">
              {post.summary}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Anchor component={Link} to="/blog" size="sm">
        {BLOG_MESSAGES.readAll}
      </Anchor>
    </>
  );
}
