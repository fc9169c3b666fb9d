import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Table, Text, Title } from '@mantine/core';
import { Role, type User } from '@fonrisk/contracts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUsers } from '../api/get-users.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { USER_MESSAGES } from '../messages.ts';
import { ModuleBadges, roleLabel } from './profile-card.tsx';
import { UserForm } from './user-form.tsx';

interface Props {
  readonly actorId: number | null;
  readonly actorIsSuperAdmin: boolean;
}

/** Admin and Super Admin: every user, with create, edit, (de)activate and delete. */
export function UserAdminPanel({ actorId, actorIsSuperAdmin }: Props) {
  const users = useUsers(true);
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<User | null | 'new'>(null);
  const [deleting, setDeleting] = useState<User | null>(null);

  /** Only a Super Admin may touch a Super Admin's record. */
  const mayChange = (user: User): boolean => actorIsSuperAdmin || user.role !== Role.SuperAdmin;

  const toggleActive = (user: User): void => {
    update.mutate(
      { id: user.id, fullName: user.fullName, role: user.role, active: !user.active },
      { onSuccess: () => toastStore.show('success', USER_MESSAGES.userSaved) },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md">
        <Title order={3}>{USER_MESSAGES.users}</Title>
        <Button onClick={() => setEditing('new')}>{USER_MESSAGES.newUser}</Button>
      </Group>
      {users.isError && <Alert color="gray">{USER_MESSAGES.usersUnavailable}</Alert>}
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="sm" data-testid="user-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{USER_MESSAGES.userId}</Table.Th>
              <Table.Th>{USER_MESSAGES.username}</Table.Th>
              <Table.Th>{USER_MESSAGES.fullName}</Table.Th>
              <Table.Th>{USER_MESSAGES.role}</Table.Th>
              <Table.Th>{USER_MESSAGES.modules}</Table.Th>
              <Table.Th>{USER_MESSAGES.status}</Table.Th>
              <Table.Th>{USER_MESSAGES.lastLogin}</Table.Th>
              <Table.Th>{USER_MESSAGES.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data?.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <span>{user.id}</span>
                    <CopyButton value={String(user.id)} size="compact-xs" variant="subtle" />
                  </Group>
                </Table.Td>
                <Table.Td>{user.username}</Table.Td>
                <Table.Td>
                  {user.fullName}{' '}
                  {user.id === actorId && (
                    <Text span c="dimmed" size="sm">
                      {USER_MESSAGES.you}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{roleLabel(user.role)}</Table.Td>
                <Table.Td>
                  <ModuleBadges modules={user.modules} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge
                    color={user.active ? 'teal' : 'gray'}
                    variant="light"
                    style={{ overflow: 'visible' }}
                    miw={64}
                  >
                    {user.active ? USER_MESSAGES.active : USER_MESSAGES.inactive}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(user.lastLoginAt)}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="light"
                      disabled={!mayChange(user)}
                      onClick={() => setEditing(user)}
                    >
                      {USER_MESSAGES.edit}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="orange"
                      disabled={!mayChange(user) || user.id === actorId}
                      onClick={() => toggleActive(user)}
                    >
                      {user.active ? USER_MESSAGES.deactivate : USER_MESSAGES.activate}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      disabled={!mayChange(user) || user.id === actorId}
                      onClick={() => setDeleting(user)}
                    >
                      {USER_MESSAGES.delete}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing !== null && (
        <UserForm
          user={editing === 'new' ? null : editing}
          actorIsSuperAdmin={actorIsSuperAdmin}
          onClose={() => setEditing(null)}
        />
      )}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={USER_MESSAGES.deleteConfirmTitle}
      >
        <Text>{deleting !== null && USER_MESSAGES.deleteConfirm(deleting.fullName)}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {USER_MESSAGES.cancel}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => {
              if (deleting === null) return;
              remove.mutate(deleting.id, {
                onSuccess: () => toastStore.show('success', USER_MESSAGES.userDeleted),
                onSettled: () => setDeleting(null),
              });
            }}
          >
            {USER_MESSAGES.delete}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
