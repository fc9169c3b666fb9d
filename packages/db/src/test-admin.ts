import pg from 'pg';

// Helpers of test-global-setup.ts and testing.ts, which create and drop the test databases.

/** `adminUrl` with its database replaced by `name`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a client of its own, closed afterwards. */
export async function withClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
