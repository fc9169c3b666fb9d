import { and, desc, eq, loginFailures, lt, sql, type Executor } from '@fonrisk/db';

export interface LoginKey {
  readonly username: string;
  readonly ip: string;
}

const matches = (key: LoginKey) =>
  and(eq(loginFailures.username, key.username), eq(loginFailures.ip, key.ip));

/**
 * Seconds until the key may try again, or 0 when fewer than `maxFailures` failures fall in the
 * window. Computed with the database clock so that replicas agree.
 */
export async function secondsUntilRetry(
  ex: Executor,
  key: LoginKey,
  maxFailures: number,
  windowMinutes: number,
): Promise<number> {
  const expiresIn = sql<number>`extract(epoch from (${loginFailures.failedAt} + make_interval(mins => ${windowMinutes}) - now()))::float8`;
  const rows = await ex
    .select({ expiresIn })
    .from(loginFailures)
    .where(
      and(
        matches(key),
        sql`${loginFailures.failedAt} > now() - make_interval(mins => ${windowMinutes})`,
      ),
    )
    .orderBy(desc(loginFailures.failedAt))
    .limit(maxFailures);
  // The block ends when the oldest of the newest `maxFailures` failures leaves the window.
  const deciding = rows[maxFailures - 1];
  return deciding ? Math.max(1, Math.ceil(deciding.expiresIn)) : 0;
}

export async function recordLoginFailure(
  ex: Executor,
  key: LoginKey,
  windowMinutes: number,
): Promise<void> {
  await ex.insert(loginFailures).values(key);
  // Keep the table small: this key's failures older than the window no longer count.
  await ex
    .delete(loginFailures)
    .where(
      and(
        matches(key),
        lt(loginFailures.failedAt, sql`now() - make_interval(mins => ${windowMinutes})`),
      ),
    );
}

export async function clearLoginFailures(ex: Executor, key: LoginKey): Promise<void> {
  await ex.delete(loginFailures).where(matches(key));
}
