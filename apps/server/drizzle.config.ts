import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module's own tables, and the platform's (rate limits): no file lists them all (decision 0310).
  schema: ['./src/modules/*/*.schema.ts', './src/platform/*/*.schema.ts'],
  out: './migrations',
});
