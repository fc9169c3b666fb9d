export { Role, ALL_ROLES, RUN_ROLES, USER_ADMIN_ROLES, ROLE_LABELS, isRole } from './roles.ts';
export {
  MODULES,
  MODULE_LABELS,
  isModuleNumber,
  parseModuleList,
  formatModuleList,
} from './modules.ts';
export type { ModuleNumber } from './modules.ts';
export { ROUTES, findRoute, MenuGroup, MENU_GROUP_TITLES } from './routes.ts';
export type { RouteAccess, RouteDefinition } from './routes.ts';
export { decideAccess, isAllowed } from './access.ts';
export type { AccessSubject, AccessDecision } from './access.ts';
export { COLUMN_LABELS, COLUMN_KEYS, columnLabel } from './column-labels.ts';
export type { ColumnKey } from './column-labels.ts';
export { ProblemSchema } from './problem.ts';
export type { Problem } from './problem.ts';
export {
  RoleSchema,
  ModuleNumberSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  TokenClaimsSchema,
  STORAGE_KEYS,
  UserSchema,
  UserModulesSchema,
  CreateUserRequestSchema,
  UpdateUserRequestSchema,
  UpdateUserModulesRequestSchema,
  ChangePasswordRequestSchema,
  BlogPostSchema,
} from './auth.ts';
export type {
  LoginRequest,
  LoginResponse,
  TokenClaims,
  User,
  UserModules,
  CreateUserRequest,
  UpdateUserRequest,
  UpdateUserModulesRequest,
  ChangePasswordRequest,
  BlogPost,
} from './auth.ts';
