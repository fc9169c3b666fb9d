import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { databaseOver, type Database, type QueryClient } from './client.ts';
import { eq, sql } from './index.ts';
import * as schema from './schema/index.ts';

/** A client that answers every statement with no rows and keeps what it was sent. */
function recordingClient(): QueryClient & { readonly sent: unknown[] } {
  const sent: unknown[] = [];
  return {
    sent,
    query(config, values) {
      sent.push({ text: config.text, rowMode: config.rowMode ?? null, values: values ?? [] });
      return Promise.resolve({ rows: [], rowCount: 0, command: 'SELECT' });
    },
  };
}

/** The same statements through a handle: a select, a relational query, an update, raw SQL. */
async function statementsOf(db: Database): Promise<void> {
  await db.select().from(schema.portfolios).where(eq(schema.portfolios.code, 'DHS'));
  await db.query.portfolios.findMany({ where: eq(schema.portfolios.code, 'DPP'), limit: 2 });
  await db.update(schema.portfolios).set({ name: 'Ş' }).where(eq(schema.portfolios.code, 'DSF'));
  await db.execute(sql`SELECT ${1}::int AS n`);
}

describe('databaseOver (decision 0111)', () => {
  it('sends what drizzle(client, { schema }) sends, relational queries included', async () => {
    const ours = recordingClient();
    const theirs = recordingClient();
    await statementsOf(databaseOver(ours));
    await statementsOf(drizzle(theirs as unknown as pg.Pool, { schema }));
    expect(ours.sent).toHaveLength(4);
    expect(ours.sent).toEqual(theirs.sent);
  });

  it('extracts the schema’s relational config once for every handle', () => {
    const client = recordingClient();
    const a = databaseOver(client);
    const b = databaseOver(recordingClient());
    expect(a._.schema).toBe(b._.schema);
    expect(Object.keys(a._.schema ?? {})).toEqual(
      Object.keys(drizzle(recordingClient() as unknown as pg.Pool, { schema })._.schema ?? {}),
    );
    // Each handle on its own client, as drizzle() sets it.
    expect((a as unknown as { $client: unknown }).$client).toBe(client);
  });
});
