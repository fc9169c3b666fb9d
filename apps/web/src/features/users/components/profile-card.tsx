import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { ROLE_LABELS, isRole, type User } from '@fonrisk/contracts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { USER_MESSAGES } from '../messages.ts';

export function roleLabel(role: string): string {
  return isRole(role) ? ROLE_LABELS[role] : role;
}

export function ModuleBadges({ modules }: { modules: readonly number[] }) {
  if (modules.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {USER_MESSAGES.noModules}
      </Text>
    );
  return (
    <Group gap={4}>
      {modules.map((m) => (
        <Badge key={m} variant="light" size="sm">
          {m}
        </Badge>
      ))}
    </Group>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

/** The signed-in user's own record. */
export function ProfileCard({ user }: { user: User }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={3} mb="md">
        {USER_MESSAGES.profile}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Field label={USER_MESSAGES.fullName}>{user.fullName}</Field>
        <Field label={USER_MESSAGES.username}>{user.username}</Field>
        <Field label={USER_MESSAGES.role}>{roleLabel(user.role)}</Field>
        <Field label={USER_MESSAGES.modules}>
          <ModuleBadges modules={user.modules} />
        </Field>
        <Field label={USER_MESSAGES.userId}>
          <Group gap="xs">
            <span>{user.id}</span>
            <CopyButton value={String(user.id)} size="compact-xs" />
          </Group>
        </Field>
        <Field label={USER_MESSAGES.createdAt}>{formatDate(user.createdAt)}</Field>
        <Field label={USER_MESSAGES.lastLogin}>{formatDateTime(user.lastLoginAt)}</Field>
      </SimpleGrid>
    </Paper>
  );
}
