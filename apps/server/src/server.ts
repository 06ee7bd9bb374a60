import { setTimeout as delay } from 'node:timers/promises'
import closeWithGrace from 'close-with-grace'
import { buildApp } from './app'
import { ConfigurationError, DEFAULT_HTTP_LIMITS, type ServerConfig } from './platform/config'
import { loadCheckedConfig } from './platform/settings-check'
import { startAutoApprovalJob } from './modules/costs/auto-approval-job'
import { startAlarmsJob } from './modules/care/index'
import { startHousekeepingJob } from './platform/jobs/housekeeping'
import { startMonthlyNoticeJob } from './modules/residents/index'
import { StartRefusedError } from './platform/start-mode'
import { DataFolderError } from './platform/persistence/data-folder'
import { openDatabaseOrExit, type Database } from './platform/persistence/database'
import { portalIndexFile } from './modules/configuration/routes/portal'
import { startDraining } from './platform/http/health'

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
  const alarms = startAlarmsJob(database.db, app.log, config.customer.config.farAboveAveragePercent)
  const housekeeping = startHousekeepingJob(database.db, app.log)
  const notices = startMonthlyNoticeJob(database.db, app.mailer, config, app.log)
  app.addHook('onClose', () => {
    autoApproval.stop()
    alarms.stop()
    housekeeping.stop()
    notices.stop()
  })

  // Decision 029 and 038: on SIGTERM the ready probe fails first and the server keeps serving for
  // SHUTDOWN_DELAY_MS, each answer ending its connection, so that a load balancer takes it out
  // before the port closes; then the requests in flight finish (SHUTDOWN_TIMEOUT_MS) and the pool
  // closes. PGlite is one process (no load balancer has another to send to), SIGINT is a person
  // at a terminal, an error is an error: they close at once.
  const limits = config.limits ?? DEFAULT_HTTP_LIMITS
  const drainMs = config.databaseUrl ? limits.shutdownDelayMs : 0
  closeWithGrace({ delay: drainMs + limits.shutdownTimeoutMs }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'server closing after an error')
    else app.log.info({ signal }, 'signal received: the ready probe answers 503 from now on')
    startDraining(app)
    if (signal === 'SIGTERM' && drainMs > 0) {
      // first in line, before Fastify answers: every answer from now on ends its connection
      app.server.prependListener('request', (_request, response) => {
        if (!response.headersSent) response.setHeader('connection', 'close')
      })
      app.log.info(
        `draining for ${drainMs} ms: still serving, until the load balancer takes this server out`,
      )
      await delay(drainMs)
    }
    app.log.info(
      `closing: no new connections, requests in flight finish within ${limits.shutdownTimeoutMs} ms`,
    )
    autoApproval.stop()
    alarms.stop()
    housekeeping.stop()
    await app.close()
    await database.close()
    app.log.info('closed')
  })

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
