import closeWithGrace from 'close-with-grace'
import { buildApp } from './app'
import { ConfigurationError, DEFAULT_HTTP_LIMITS, type ServerConfig } from './platform/config'
import { loadCheckedConfig } from './platform/settings-check'
import { startAutoApprovalJob } from './modules/costs/auto-approval-job'
import { startHousekeepingJob } from './platform/jobs/housekeeping'
import { StartRefusedError } from './platform/start-mode'
import { DataFolderError } from './platform/persistence/data-folder'
import { openDatabaseOrExit, type Database } from './platform/persistence/database'
import { portalIndexFile } from './modules/configuration/routes/portal'

/** What an entry point checks or seeds after the migrations: answers the banner's lines. */
export type PrepareStart = (db: Database) => Promise<string[]>

/**
 * Runs the server until SIGTERM: configuration, database and migrations, the entry's `prepare`
 * (production checks, or the demo's seeding), the jobs, the HTTP server and its banner.
 */
export async function runServer(prepare: PrepareStart): Promise<void> {
  let config: ServerConfig
  try {
    // decision 039: ENV_FILE read, every setting checked, HOST and the database asked
    config = await loadCheckedConfig()
  } catch (error) {
    // a configuration problem is the operator's to fix: one line per setting, naming it (the
    // ConfigurationError's message begins with "Konfigurationsfehler:"); a data folder it cannot
    // write to is named as the data-folder check names it
    console.error(
      error instanceof DataFolderError || error instanceof ConfigurationError
        ? error.message
        : `Konfigurationsfehler:\n${(error as Error).message}`,
    )
    process.exit(1)
  }
  const database = await openDatabaseOrExit({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  })
  await database.migrate()

  // the demo seeds an empty database; production refuses accounts with the demo password
  let modeLines: string[]
  try {
    modeLines = await prepare(database.db)
  } catch (error) {
    if (!(error instanceof StartRefusedError)) throw error
    console.error(error.message)
    await database.close()
    process.exit(1)
  }

  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
  })

  const autoApproval = startAutoApprovalJob(database.db, app.log)
  const housekeeping = startHousekeepingJob(database.db, app.log)
  app.addHook('onClose', () => {
    autoApproval.stop()
    housekeeping.stop()
  })

  // Decision 029: SIGTERM drains: no new connections, the requests in flight finish, then the pool closes
  closeWithGrace(
    { delay: config.limits?.shutdownTimeoutMs ?? DEFAULT_HTTP_LIMITS.shutdownTimeoutMs },
    async ({ err }) => {
      if (err) app.log.error({ err }, 'server closing after an error')
      autoApproval.stop()
      housekeeping.stop()
      await app.close()
      await database.close()
    },
  )

  await app.listen({ port: config.port, host: config.host })
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`
  const portal = portalIndexFile(config.portalDist)
    ? config.portalDist
    : 'nicht gebaut, nur die API läuft (npm run build -w @portal/portal)'
  console.log(`
  Kundenportal läuft: ${config.publicUrl}
  API-Dokumentation:  ${config.publicUrl}/api/docs
  Kunde:              ${config.customer.id} (${config.customer.config.applicationTitle})
  Portal:             ${portal}
  Datenbank:          ${where}
  ${modeLines.join('\n')}
  `)
}
