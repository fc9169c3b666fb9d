import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../../lib/use-session.ts';
import { HOME_MESSAGES } from '../messages.ts';
import { HighlightCarousel } from './highlight-carousel.tsx';

/**
 * Home: for a signed-in user the morning data-quality view first (issue 26), then the product
 * highlights and, supplied by the app, the latest blog posts.
 */
export function HomePage({
  latestPosts,
  morningView,
}: {
  latestPosts: ReactNode;
  morningView: ReactNode;
}) {
  const signedIn = useSession() !== null;
  return (
    <Stack gap="lg">
      {signedIn && morningView}
      <div>
        <Title order={signedIn ? 2 : 1}>{HOME_MESSAGES.welcome}</Title>
        <Text c="dimmed">{HOME_MESSAGES.tagline}</Text>
      </div>
      <HighlightCarousel slides={HOME_MESSAGES.highlights} />
      <Title order={3}>{HOME_MESSAGES.latestPosts}</Title>
      {latestPosts}
    </Stack>
  );
}
