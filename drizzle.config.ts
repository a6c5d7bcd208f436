import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new versioned SQL migration after a table change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
