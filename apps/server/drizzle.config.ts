import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/persistence/schema/index.ts',
  out: './src/platform/persistence/migrations',
  casing: 'snake_case',
})
