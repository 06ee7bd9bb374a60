import { PGlite } from '@electric-sql/pglite'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase, type DatabaseHandle } from '../src/platform/persistence/database'
import { seedDemoData } from '../src/demo/demo-data'
import { databaseUrl, onServer, TEMPLATE_DATABASE, type TestDatabaseKind } from './test-database'

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseKind: TestDatabaseKind
    pgliteDump: string
    serverUrl: string
  }
}

async function migrateAndSeed(database: DatabaseHandle) {
  await database.migrate()
  await seedDemoData(database.db, {})
}

/** Migrates and seeds once per run; every test file then starts from a copy of this template. */
export default async function setup(project: TestProject) {
  // the project's `test.env` reaches the workers, not this process: read it from the project
  const env = project.config.env as Record<string, string | undefined>
  const kind = (env.TEST_DATABASE_KIND ?? 'pglite') as TestDatabaseKind
  const serverUrl = env.TEST_DATABASE_URL ?? ''
  const started = performance.now()
  let pgliteDump = ''
  let cleanup = async () => {}
  if (kind === 'pglite') {
    const client = await PGlite.create()
    await migrateAndSeed(await openDatabase({ pglite: client }))
    const folder = await mkdtemp(path.join(tmpdir(), 'portal-test-'))
    pgliteDump = path.join(folder, 'template.tar')
    await writeFile(pgliteDump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()))
    await client.close()
    cleanup = () => rm(folder, { recursive: true, force: true })
  } else {
    await onServer(serverUrl, [
      `DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`,
      `CREATE DATABASE ${TEMPLATE_DATABASE}`,
    ])
    const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, TEMPLATE_DATABASE) })
    await migrateAndSeed(database)
    await database.close()
    cleanup = () =>
      onServer(serverUrl, [`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`])
  }
  console.log(
    `[${kind}] Testvorlage migriert und befüllt in ${Math.round(performance.now() - started)} ms`,
  )
  project.provide('testDatabaseKind', kind)
  project.provide('serverUrl', serverUrl)
  project.provide('pgliteDump', pgliteDump)
  return cleanup
}
