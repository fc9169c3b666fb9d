import { z } from 'zod';
import { ALL_ROLES, type Role } from './roles.ts';
import { MODULES } from './modules.ts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  containsUsername,
  isCommonPassword,
} from './password-policy.ts';

export const RoleSchema = z.enum(ALL_ROLES as unknown as [Role, ...Role[]]);
export const ModuleNumberSchema = z.union(
  MODULES.map((m) => z.literal(m)) as unknown as [
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    z.ZodLiteral<3>,
    z.ZodLiteral<4>,
    z.ZodLiteral<5>,
  ],
);

export const LoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Kullanıcı adı gerekli.'),
  password: z.string().min(1, 'Parola gerekli.'),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** What login returns and what the browser stores (product-spec.md section 3). */
export const LoginResponseSchema = z.object({
  accessToken: z.string(),
  userRole: RoleSchema,
  fullName: z.string(),
  /** Comma-separated module numbers, e.g. "1,2,3,4,5". */
  module: z.string(),
  userId: z.number().int(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** Claims of the access token (HS256 JWT). */
export const TokenClaimsSchema = z.object({
  userId: z.number().int(),
  role: RoleSchema,
  modules: z.array(ModuleNumberSchema),
  fullName: z.string(),
  /** The user's token version when signed; a later password, role or module change raises it. */
  tv: z.number().int(),
  /** Session id of this sign-in; the anti-forgery value is bound to it. */
  sid: z.string(),
  exp: z.number().int(),
});
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;

/** localStorage keys written on login (product-spec.md section 3). */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  userRole: 'userRole',
  fullName: 'fullName',
  module: 'module',
  userId: 'userId',
} as const;

export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  role: RoleSchema,
  modules: z.array(ModuleNumberSchema),
  active: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

/** `GET Authorization/GetUsersModule` and `UserModul`: a user's module list. */
export const UserModulesSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  modules: z.array(ModuleNumberSchema),
});
export type UserModules = z.infer<typeof UserModulesSchema>;

const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong)
  .refine((value) => !isCommonPassword(value), PASSWORD_MESSAGES.common);

export const CreateUserRequestSchema = z
  .object({
    username: z
      .string()
      .trim()
      .regex(/^[a-z0-9._-]{3,40}$/, 'Kullanıcı adı 3-40 karakter; küçük harf, rakam, nokta, tire.'),
    fullName: z.string().trim().min(1, 'Ad soyad gerekli.').max(120),
    password,
    role: RoleSchema,
    modules: z.array(ModuleNumberSchema),
  })
  .refine((request) => !containsUsername(request.password, request.username), {
    message: PASSWORD_MESSAGES.sameAsUsername,
    path: ['password'],
  });
export type CreateUserRequest = z.infer<typeof CreateUserRequestSchema>;

export const UpdateUserRequestSchema = z.object({
  fullName: z.string().trim().min(1, 'Ad soyad gerekli.').max(120),
  role: RoleSchema,
  active: z.boolean(),
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

export const UpdateUserModulesRequestSchema = z.object({ modules: z.array(ModuleNumberSchema) });
export type UpdateUserModulesRequest = z.infer<typeof UpdateUserModulesRequestSchema>;

export const ChangePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'Mevcut parola gerekli.'),
  newPassword: password,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

export const BlogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** Plain text with blank-line paragraphs; rendered as text, never as HTML. */
  body: z.string(),
  author: z.string(),
  publishedAt: z.string(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;
