import pg from 'pg'
import { openDatabase } from '../persistence/database'
import { seedDemoData as seedNew } from './demo-data'
import { seedDemoData as seedOld } from './demo-data-head.tmp'
const [which, scaleText, kind] = process.argv.slice(2)
const scale = Number(scaleText)
let handle
if (kind === 'pg') {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' })
  await admin.connect()
  await admin.query('drop database if exists ix_cmp with (force)')
  await admin.query('create database ix_cmp')
  await admin.end()
  handle = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/ix_cmp' })
} else {
  handle = await openDatabase({})
}
await handle.migrate()
const t = performance.now()
await (which === 'old' ? seedOld : seedNew)(handle.db, { scale, today: '2025-03-15' })
console.log(`${which} ${kind} scale ${scale}: ${((performance.now() - t) / 1000).toFixed(1)} s`)
await handle.close()
