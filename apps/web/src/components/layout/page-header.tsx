import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';
import { findRoute } from '@fonrisk/contracts';

/** A screen's heading: the route table's title, a one-line explanation and the screen's main actions. */
export function PageHeader({
  path,
  subtitle,
  actions,
}: {
  path: string;
  subtitle: string;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        <Title order={1}>{findRoute(path)?.title ?? path}</Title>
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      </div>
      {actions}
    </Group>
  );
}
