import { useState, type SubmitEvent } from 'react';
import { Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { ChangePasswordRequestSchema } from '@fonrisk/contracts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { endSession } from '../../../lib/api-client.ts';
import { toastStore } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';
import { USER_MESSAGES } from '../messages.ts';

type Field = 'currentPassword' | 'newPassword' | 'repeat';

export function ChangePasswordForm() {
  const change = useChangePassword();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    repeat: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    const parsed = ChangePasswordRequestSchema.safeParse(values);
    const found: Partial<Record<Field, string>> = parsed.success
      ? {}
      : fieldErrors<Field>(parsed.error.issues);
    if (values.repeat !== values.newPassword) found.repeat = USER_MESSAGES.passwordsDiffer;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    change.mutate(parsed.data, {
      onSuccess: () => {
        toastStore.show('success', USER_MESSAGES.passwordChanged);
        setValues({ currentPassword: '', newPassword: '', repeat: '' });
        // The server ended every session of the account; sign in with the new password.
        endSession();
      },
    });
  };

  const input = (field: Field, label: string, autoComplete: string) => (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      value={values[field]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [field]: value }));
      }}
      error={errors[field]}
    />
  );

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={3}>{USER_MESSAGES.changePassword}</Title>
          {input('currentPassword', USER_MESSAGES.currentPassword, 'current-password')}
          {input('newPassword', USER_MESSAGES.newPassword, 'new-password')}
          {input('repeat', USER_MESSAGES.newPasswordRepeat, 'new-password')}
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {USER_MESSAGES.changePassword}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
