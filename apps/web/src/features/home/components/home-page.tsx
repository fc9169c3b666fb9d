import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { HOME_MESSAGES } from '../messages.ts';
import { HighlightCarousel } from './highlight-carousel.tsx';

/** Home: product highlights and, supplied by the app, the latest blog posts. */
export function HomePage({ latestPosts }: { latestPosts: ReactNode }) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{HOME_MESSAGES.welcome}</Title>
        <Text c="dimmed">{HOME_MESSAGES.tagline}</Text>
      </div>
      <HighlightCarousel slides={HOME_MESSAGES.highlights} />
      <Title order={3}>{HOME_MESSAGES.latestPosts}</Title>
      {latestPosts}
    </Stack>
  );
}
