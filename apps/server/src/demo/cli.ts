/**
 * `tsx src/demo/cli.ts [--scale N] [--today YYYY-MM-DD] [--reset]`: migrates the database of
 * DATABASE_URL (or the PGlite in DATA_DIR, default ./data), optionally empties it, and seeds the
 * demo data.
 */
import { parseArgs } from 'node:util'
import { openDatabaseOrExit } from '../platform/persistence/database'
import { isDatabaseEmpty, seedDemoData } from './demo-data'
import { DEMO_USERS } from './demo-users'
import { DEMO_PASSWORD } from '../platform/auth/demo-password'
import { resetDatabase } from './reset'

async function main(): Promise<void> {
  // ARCHITECTURE 3.5: the production mode never seeds (and --reset would empty its database)
  if (process.env.NODE_ENV === 'production') {
    console.error(
      'Im Produktionsbetrieb (NODE_ENV=production) werden keine Demodaten angelegt; die Daten kommen über npm run provider -- import <Ordner>.',
    )
    process.exitCode = 1
    return
  }
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      today: { type: 'string' },
      reset: { type: 'boolean', default: false },
    },
  })
  const scale = Number(values.scale)
  const handle = await openDatabaseOrExit({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR ?? './data',
  })
  try {
    await handle.migrate()
    if (values.reset) {
      await resetDatabase(handle.db)
    } else if (!(await isDatabaseEmpty(handle.db))) {
      console.error(
        'Die Datenbank enthält bereits Daten. Mit --reset wird sie geleert und neu befüllt.',
      )
      process.exitCode = 1
      return
    }
    const started = performance.now()
    const summary = await seedDemoData(handle.db, { scale, today: values.today })
    const seconds = (performance.now() - started) / 1000
    const width = Math.max(...Object.keys(summary).map((name) => name.length))
    for (const [table, count] of Object.entries(summary)) {
      console.log(`${table.padEnd(width)}  ${String(count).padStart(9)}`)
    }
    const total = Object.values(summary).reduce((sum, count) => sum + count, 0)
    console.log(`${'gesamt'.padEnd(width)}  ${String(total).padStart(9)}`)
    console.log(`\nDemodaten (Skalierung ${scale}) in ${seconds.toFixed(1)} s angelegt.`)
    console.log(`Anmeldungen, jeweils mit dem Passwort ${DEMO_PASSWORD}:`)
    for (const user of DEMO_USERS) console.log(`  ${user.userName.padEnd(12)} ${user.description}`)
  } finally {
    await handle.close()
  }
}

await main()
