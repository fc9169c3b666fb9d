import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Everything the API reads from the environment, parsed once at start. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: `npm start` launches the embedded PostgreSQL and sets it. */
  DATABASE_URL: z.string().min(1).optional(),
  FONRISK_DATA_DIR: z.string().default('.data'),
  /** Load the demo data set even though DATABASE_URL was given. */
  FONRISK_DEMO_DATA: flag.optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** AES-256-GCM key of stored connection secrets (base64 or hex, 32 bytes); generated when unset. */
  FONRISK_SECRETS_KEY: z.string().min(1).optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 60 * 60),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** Mark the anti-forgery cookie Secure (behind HTTPS). */
  COOKIE_SECURE: flag.default(false),
  /**
   * Behind a reverse proxy: which proxy's X-Forwarded-For to believe. Unset or `false`: none
   * (the socket address is the client); `true`: any; a number: that many hops; otherwise a
   * comma-separated list of proxy addresses or CIDRs (docs/decisions/0026-sessions-and-hardening.md).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | number | string => {
      if (v === undefined || v === '' || v === 'false' || v === '0') return false;
      if (v === 'true') return true;
      return /^\d+$/.test(v) ? Number(v) : v;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Run the analysis worker as a child process of the API (`npm start`); false when workers run apart. */
  START_WORKER: flag.default(true),
  /** The built SPA served in production mode. */
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
});
export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** JWT_SECRET, or a secret generated on first start and kept in the data directory. */
export function resolveJwtSecret(env: Env): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const dir = resolve(env.FONRISK_DATA_DIR);
  const file = join(dir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The AES-256-GCM key of connection secrets: FONRISK_SECRETS_KEY (32 bytes as base64 or 64 hex
 * digits), or a key generated on first start and kept in the data directory (like the JWT
 * secret). Losing the file makes stored secrets unreadable; they must then be entered again.
 */
export function resolveSecretsKey(env: Env): Buffer {
  if (env.FONRISK_SECRETS_KEY) return decodeSecretsKey(env.FONRISK_SECRETS_KEY);
  const dir = resolve(env.FONRISK_DATA_DIR);
  const file = join(dir, 'secrets-key');
  if (existsSync(file)) return decodeSecretsKey(readFileSync(file, 'utf8').trim());
  mkdirSync(dir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}

function decodeSecretsKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : Buffer.from(text, 'base64');
  if (key.length !== 32) {
    throw new Error('FONRISK_SECRETS_KEY must be 32 bytes (base64 or 64 hex digits)');
  }
  return key;
}
