import { useState, type SubmitEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { LoginRequestSchema } from '@fonrisk/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { safeReturnUrl } from '../../../lib/return-url.ts';
import { saveLogin } from '../../../lib/session.ts';
import { useLogin } from '../api/login.ts';
import { AUTH_MESSAGES } from '../messages.ts';

type FieldErrors = Partial<Record<'username' | 'password', string>>;

/** Login: on success stores the session and goes to the returnUrl (same-origin only) or home. */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginMutation = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    setFailure(null);
    const parsed = LoginRequestSchema.safeParse({ username, password });
    if (!parsed.success) {
      setErrors(fieldErrors<'username' | 'password'>(parsed.error.issues));
      return;
    }
    setErrors({});
    loginMutation.mutate(parsed.data, {
      onSuccess: (response) => {
        saveLogin(response);
        void navigate(safeReturnUrl(params.get('returnUrl')), { replace: true });
      },
      onError: (error) => {
        setFailure(
          error instanceof ApiError && error.detail !== null
            ? error.detail
            : AUTH_MESSAGES.failedFallback,
        );
      },
    });
  };

  return (
    <Center mih="70vh">
      <Paper withBorder shadow="md" radius="md" p="xl" w={420} maw="100%">
        <form onSubmit={submit} noValidate>
          <Stack>
            <div>
              <Title order={2}>{AUTH_MESSAGES.title}</Title>
              <Text c="dimmed" size="sm" mt={4}>
                {AUTH_MESSAGES.subtitle}
              </Text>
            </div>
            {failure !== null && (
              <Alert color="red" title={AUTH_MESSAGES.failedTitle} role="alert">
                {failure}
              </Alert>
            )}
            <TextInput
              label={AUTH_MESSAGES.username}
              name="username"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              error={errors.username}
              autoFocus
            />
            <PasswordInput
              label={AUTH_MESSAGES.password}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
            />
            <Button type="submit" loading={loginMutation.isPending} fullWidth>
              {AUTH_MESSAGES.submit}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
