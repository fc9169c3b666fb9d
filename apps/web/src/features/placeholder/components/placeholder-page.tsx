import { Paper, Text, Title } from '@mantine/core';
import { PLACEHOLDER_MESSAGES } from '../messages.ts';

/** A screen whose content has not been built yet; it sits under the same guard as the real one. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="placeholder-page">
      <Title order={2}>{title}</Title>
      <Text mt="sm" fw={500}>
        {PLACEHOLDER_MESSAGES.preparing}: {title}
      </Text>
      <Text c="dimmed" size="sm" mt={4}>
        {PLACEHOLDER_MESSAGES.explanation}
      </Text>
    </Paper>
  );
}
