import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

process.env.TZ = 'Europe/Berlin'
process.env.LANG = 'de_DE.UTF-8'

/** The PostgreSQL server the server suite runs against as well; PGlite always runs. */
const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL

const notice = globalThis as { postgresNoticePrinted?: boolean }
if (!postgresUrl && !notice.postgresNoticePrinted) {
  notice.postgresNoticePrinted = true
  console.log(
    '\n[server-postgres] ÜBERSPRUNGEN: TEST_DATABASE_URL ist nicht gesetzt; die Server-Tests laufen nur auf PGlite.\n',
  )
}

const serverProject = (name: string, database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    env: { TEST_DATABASE_KIND: database, TEST_DATABASE_URL: postgresUrl ?? '' },
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
})

export default defineConfig({
  test: {
    env: { TZ: 'Europe/Berlin' },
    // one worker more than the cores: the server suite waits on PostgreSQL, on the servers and
    // commands it starts and on their shutdowns; with a worker per core a third of two cores idled
    maxWorkers: availableParallelism() + 1,
    projects: [
      { extends: true, test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'build-scripts', include: ['apps/portal/scripts/**/*.test.mjs'] },
      },
      {
        extends: true,
        test: {
          name: 'portal',
          include: ['apps/portal/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/portal/src/testing/setup.ts'],
          // a test that clicks through dialogs on a busy machine takes longer than vitest's
          // default of 5 s, and its waits may take up to 10 s (testing/setup.ts)
          testTimeout: 30_000,
        },
      },
      { extends: true, test: { name: 'bench', include: ['bench/**/*.test.ts'] } },
      serverProject('server-pglite', 'pglite'),
      ...(postgresUrl ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
})
