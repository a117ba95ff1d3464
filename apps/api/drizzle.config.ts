import { defineConfig } from 'drizzle-kit';

// One migration set for PGlite and PostgreSQL: `npm run db:generate -w apps/api` after editing the schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/adapters/db/schema.ts',
  out: './drizzle',
});
