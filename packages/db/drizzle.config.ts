import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @fonrisk/db` writes a new SQL migration from the schema; it needs no
// database. Migrations are forward-only and applied at start by src/migrate.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './drizzle',
});
