import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  MODULES,
  MODULE_LABELS,
  USER_ADMIN_ROLES,
  type ModuleNumber,
  type UserModules,
} from '@fonrisk/contracts';
import { toastStore } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useUserModule } from '../api/get-user-module.ts';
import { useUsersModule } from '../api/get-users-module.ts';
import { useUpdateUserModule } from '../api/update-user-module.ts';
import { MODULE_MESSAGES } from '../messages.ts';
import { moduleDescription } from './module-description.ts';

function sameModules(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((m) => b.includes(m));
}

/** One editable row of the matrix: checkboxes for modules 1-5 and a save button once changed. */
function ModuleRow({ row }: { row: UserModules }) {
  const update = useUpdateUserModule();
  const [draft, setDraft] = useState<readonly ModuleNumber[]>(row.modules);
  const dirty = !sameModules(draft, row.modules);
  const toggle = (m: ModuleNumber, on: boolean): void =>
    setDraft((d) => (on ? [...d, m].sort((a, b) => a - b) : d.filter((x) => x !== m)));

  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500}>{row.fullName}</Text>
        <Text size="xs" c="dimmed">
          {row.username}
        </Text>
      </Table.Td>
      {MODULES.map((m) => (
        <Table.Td key={m} ta="center">
          <Checkbox
            checked={draft.includes(m)}
            onChange={(e) => toggle(m, e.currentTarget.checked)}
            aria-label={MODULE_MESSAGES.toggle(row.fullName, m)}
            styles={{ body: { justifyContent: 'center' } }}
          />
        </Table.Td>
      ))}
      <Table.Td>
        <Button
          size="compact-sm"
          disabled={!dirty}
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { id: row.userId, modules: draft },
              { onSuccess: () => toastStore.show('success', MODULE_MESSAGES.saved(row.fullName)) },
            )
          }
        >
          {MODULE_MESSAGES.save}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function ModuleMatrix() {
  const rows = useUsersModule(true);
  return (
    <Paper withBorder radius="md" p="lg">
      <Text c="dimmed" mb="md">
        {MODULE_MESSAGES.adminHint}
      </Text>
      {rows.isError && <Alert color="gray">{MODULE_MESSAGES.unavailable}</Alert>}
      <Table.ScrollContainer minWidth={700}>
        <Table striped highlightOnHover data-testid="module-matrix">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{MODULE_MESSAGES.user}</Table.Th>
              {MODULES.map((m) => (
                <Table.Th key={m} ta="center" title={MODULE_LABELS[m]} maw={170}>
                  {MODULE_MESSAGES.module(m)}
                  <Text size="xs" c="dimmed" fw={400} lh={1.3}>
                    {moduleDescription(m)}
                  </Text>
                </Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.data?.map((row) => (
              <ModuleRow key={`${row.userId}:${row.modules.join(',')}`} row={row} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function OwnModules({ userId }: { userId: number | null }) {
  const own = useUserModule(userId);
  return (
    <Paper withBorder radius="md" p="lg">
      <Text c="dimmed" mb="md">
        {MODULE_MESSAGES.ownHint}
      </Text>
      {own.isError && <Alert color="gray">{MODULE_MESSAGES.unavailable}</Alert>}
      {own.data && (
        <Stack gap="xs">
          {MODULES.map((m) => {
            const has = own.data.modules.includes(m);
            return (
              <Group key={m} justify="space-between" maw={560}>
                <Text>{MODULE_LABELS[m]}</Text>
                <Badge color={has ? 'teal' : 'gray'} variant="light">
                  {has ? MODULE_MESSAGES.has : MODULE_MESSAGES.hasNot}
                </Badge>
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}

/** Admins edit the users × modules matrix; everybody else sees their own modules read-only. */
export function ModuleSettingsPage() {
  const session = useSession();
  const isAdmin =
    session !== null && (USER_ADMIN_ROLES as readonly string[]).includes(session.role);
  return (
    <Stack gap="lg">
      <Title order={1}>{MODULE_MESSAGES.title}</Title>
      {isAdmin ? <ModuleMatrix /> : <OwnModules userId={session?.userId ?? null} />}
    </Stack>
  );
}
