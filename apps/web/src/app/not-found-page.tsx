import { Button, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { APP_MESSAGES } from './messages.ts';

export function NotFoundPage() {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="not-found">
      <Text c="dimmed" fw={700} size="xl">
        404
      </Text>
      <Title order={2}>{APP_MESSAGES.notFoundTitle}</Title>
      <Text mt="sm">{APP_MESSAGES.notFoundBody}</Text>
      <Button component={Link} to="/" mt="lg">
        {APP_MESSAGES.goHome}
      </Button>
    </Paper>
  );
}
