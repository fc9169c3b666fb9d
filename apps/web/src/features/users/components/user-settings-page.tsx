import type { ReactNode } from 'react';
import { Alert, Stack, Title } from '@mantine/core';
import { Role, USER_ADMIN_ROLES } from '@fonrisk/contracts';
import { useSession } from '../../../lib/use-session.ts';
import { useUserById } from '../api/get-user-by-id.ts';
import { USER_MESSAGES } from '../messages.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ProfileCard } from './profile-card.tsx';
import { UserAdminPanel } from './user-admin-panel.tsx';

/**
 * Own profile and password for everybody; user management for Admin and Super Admin, and the
 * panel the app composes in for them (the audit trail, see app/screens.tsx).
 */
export function UserSettingsPage({ adminPanel }: { readonly adminPanel?: ReactNode }) {
  const session = useSession();
  const userId = session?.userId ?? null;
  const profile = useUserById(userId);
  const isUserAdmin =
    session !== null && (USER_ADMIN_ROLES as readonly string[]).includes(session.role);

  return (
    <Stack gap="lg">
      <Title order={1}>{USER_MESSAGES.title}</Title>
      {profile.data && <ProfileCard user={profile.data} />}
      {profile.isError && <Alert color="gray">{USER_MESSAGES.profileUnavailable}</Alert>}
      <ChangePasswordForm />
      {isUserAdmin && (
        <UserAdminPanel actorId={userId} actorIsSuperAdmin={session.role === Role.SuperAdmin} />
      )}
      {isUserAdmin && adminPanel}
    </Stack>
  );
}
