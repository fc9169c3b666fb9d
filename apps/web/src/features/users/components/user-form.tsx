import { useState, type SubmitEvent } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import {
  CreateUserRequestSchema,
  MODULES,
  MODULE_LABELS,
  Role,
  UpdateUserRequestSchema,
  isModuleNumber,
  type User,
} from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useRoles } from '../api/get-roles.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { USER_MESSAGES } from '../messages.ts';
import { roleLabel } from './profile-card.tsx';

interface Props {
  /** The user being edited, or `null` to create one. */
  readonly user: User | null;
  /** Only a Super Admin may give or take the Super Admin role. */
  readonly actorIsSuperAdmin: boolean;
  readonly onClose: () => void;
}

type Field = 'username' | 'fullName' | 'password' | 'role' | 'modules' | 'active';

/** Create a user (username, name, password, role, modules) or edit one (name, role, active). */
export function UserForm({ user, actorIsSuperAdmin, onClose }: Props) {
  const roles = useRoles();
  const create = useCreateUser();
  const update = useUpdateUser();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fullName, setFullName] = useState(user?.fullName ?? '');
  const [role, setRole] = useState<string>(user?.role ?? Role.Hesaplayici);
  const [modules, setModules] = useState<string[]>([]);
  const [active, setActive] = useState(user?.active ?? true);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const roleOptions = (roles.data ?? []).filter(
    (r) => actorIsSuperAdmin || r.name !== Role.SuperAdmin,
  );
  const selectData: { value: string; label: string }[] = roleOptions.map((r) => ({
    value: r.name,
    label: r.label,
  }));
  if (!selectData.some((o) => o.value === role))
    selectData.push({ value: role, label: roleLabel(role) });

  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    if (user === null) {
      const parsed = CreateUserRequestSchema.safeParse({
        username,
        fullName,
        password,
        role,
        modules: modules.map(Number).filter(isModuleNumber),
      });
      if (!parsed.success) {
        setErrors(fieldErrors<Field>(parsed.error.issues));
        return;
      }
      setErrors({});
      create.mutate(parsed.data, {
        onSuccess: () => {
          toastStore.show('success', USER_MESSAGES.userCreated);
          onClose();
        },
      });
      return;
    }
    const parsed = UpdateUserRequestSchema.safeParse({ fullName, role, active });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    update.mutate(
      { ...parsed.data, id: user.id },
      {
        onSuccess: () => {
          toastStore.show('success', USER_MESSAGES.userSaved);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={user === null ? USER_MESSAGES.createTitle : USER_MESSAGES.editTitle}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {user === null && (
            <TextInput
              label={USER_MESSAGES.username}
              name="username"
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              error={errors.username}
            />
          )}
          <TextInput
            label={USER_MESSAGES.fullName}
            name="fullName"
            value={fullName}
            onChange={(e) => setFullName(e.currentTarget.value)}
            error={errors.fullName}
          />
          {user === null && (
            <PasswordInput
              label={USER_MESSAGES.password}
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
            />
          )}
          <Select
            label={USER_MESSAGES.role}
            name="role"
            data={selectData}
            value={role}
            onChange={(value) => value !== null && setRole(value)}
            allowDeselect={false}
            error={errors.role}
            comboboxProps={{ withinPortal: true }}
          />
          {user === null && (
            <Checkbox.Group
              label={USER_MESSAGES.modules}
              value={modules}
              onChange={setModules}
              error={errors.modules}
            >
              <Stack gap={6} mt={6}>
                {MODULES.map((m) => (
                  <Checkbox key={m} value={String(m)} label={MODULE_LABELS[m]} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          {user !== null && (
            <Switch
              label={USER_MESSAGES.active}
              checked={active}
              onChange={(e) => setActive(e.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {USER_MESSAGES.cancel}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {USER_MESSAGES.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
