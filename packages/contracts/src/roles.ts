/** The four user roles of product-spec.md section 6, spelled exactly as the API and storage carry them. */
export const Role = {
  Admin: 'Admin',
  Hesaplayici: 'Hesaplayici',
  Gozlemleyici: 'Gozlemleyici',
  SuperAdmin: 'Super Admin',
} as const;
export type Role = (typeof Role)[keyof typeof Role];

export const ALL_ROLES: readonly Role[] = [
  Role.Admin,
  Role.Hesaplayici,
  Role.Gozlemleyici,
  Role.SuperAdmin,
];

/** Roles that may start runs and change data; observers (Gozlemleyici) only read results. */
export const RUN_ROLES: readonly Role[] = [Role.Admin, Role.Hesaplayici, Role.SuperAdmin];

/** Roles that manage users and their modules. */
export const USER_ADMIN_ROLES: readonly Role[] = [Role.Admin, Role.SuperAdmin];

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  Admin: 'Yönetici',
  Hesaplayici: 'Hesaplayıcı',
  Gozlemleyici: 'Gözlemleyici',
  'Super Admin': 'Süper Yönetici',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ALL_ROLES as readonly string[]).includes(value);
}
