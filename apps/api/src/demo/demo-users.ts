import { Role, type ModuleNumber } from '@fonrisk/contracts';
import { users } from '@fonrisk/db';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { DemoStep } from './demo-steps.ts';

/** The password of every demo account (README.md lists the accounts). */
export const DEMO_PASSWORD = 'Fonrisk.2026';

const ALL: ModuleNumber[] = [1, 2, 3, 4, 5];

export const DEMO_USERS = [
  { username: 'superadmin', fullName: 'Selin Aydın', role: Role.SuperAdmin, modules: ALL },
  { username: 'admin', fullName: 'Murat Demir', role: Role.Admin, modules: ALL },
  { username: 'hesaplayici', fullName: 'Elif Kaya', role: Role.Hesaplayici, modules: ALL },
  { username: 'gozlemleyici', fullName: 'Can Yıldız', role: Role.Gozlemleyici, modules: ALL },
  { username: 'kisitli', fullName: 'Zeynep Arslan', role: Role.Hesaplayici, modules: [1, 3] },
] as const satisfies ReadonlyArray<{
  username: string;
  fullName: string;
  role: Role;
  modules: ModuleNumber[];
}>;

export const demoUsersStep: DemoStep = {
  name: 'users-v1',
  async run(tx) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await tx
      .insert(users)
      .values(DEMO_USERS.map((u) => ({ ...u, modules: [...u.modules], passwordHash })))
      .onConflictDoNothing({ target: users.username });
  },
};
