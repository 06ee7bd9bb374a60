/**
 * `npm run bench [-- --scale N --duration S --soak-minutes M --skip-portal --no-build]`: seeds a
 * fresh database (PGlite always, PostgreSQL when DATABASE_URL is set), starts the built server,
 * drives it with autocannon, on PostgreSQL also the reference server of bench/reference/ right
 * after it (decision 010: same answers, checked byte for byte, reported as product / reference), runs
 * the searches' own SQL through the driver, soaks the server's memory, measures the portal in
 * Chromium and writes bench/results/<time>-scale<N>.{json,md}.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEMO_PASSWORD } from '../apps/server/src/platform/auth/demo-password'
import { measurePortal, recordPortalCalls, type RecordedCall } from './portal'
import { renderMarkdown, type BenchReport } from './report'
import type { Database } from './targets'
import {
  ROOT,
  DATA,
  RESULTS,
  USER,
  EXPENSE_LINES,
  scale,
  duration,
  soakMinutes,
  postgresUrl,
  log,
  args,
} from './config'
import { gitCommit, postgresVersion, seed, measureImport } from './setup'
import { startServer, buildReference, startReference, stopAll } from './servers'
import { signIn, createFixtures } from './api'
import { scenarios, demoUserTokens, runScenarios, type Reference } from './scenarios'
import { readsWhileWriting } from './writers'
import { rawSql } from './raw-sql'
import { soak } from './soak'

// -- main ---------------------------------------------------------------------------------------

/** The report so far: written with the failure when a step breaks off the run. */
let partial: BenchReport | undefined

async function main(): Promise<BenchReport> {
  const startedAt = new Date()
  const report: BenchReport = {
    startedAt: startedAt.toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model ?? 'unbekannt',
      cores: os.cpus().length,
      memoryGb: os.totalmem() / 1024 ** 3,
      node: process.version,
      os: `${os.type()} ${os.release()}`,
      postgres: postgresUrl ? await postgresVersion(postgresUrl) : null,
      commit: gitCommit(),
    },
    options: {
      scale,
      durationSeconds: duration,
      soakMinutes,
      portal: !args['skip-portal'],
    },
    seedSeconds: {},
    seedRows: {},
    importSeconds: {},
    scenarios: [],
    reference: { results: [], skipped: [] },
    sql: [],
    memory: null,
    portal: null,
    problems: [],
  }
  partial = report
  const write = () => writeReport(report, startedAt)
  process.once('SIGINT', () => {
    void stopAll().then(() => process.exit(130))
  })

  if (!args['no-build']) {
    log('Baue Portal und Server (npm run build) …')
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (build.status !== 0) throw new Error('npm run build ist fehlgeschlagen.')
  }
  mkdirSync(DATA, { recursive: true })
  let referenceBuilt = false
  if (postgresUrl) {
    log('Baue die Referenz (bench/reference/) …')
    try {
      await buildReference()
      referenceBuilt = true
    } catch (error) {
      report.problems.push(`Referenz nicht gebaut: ${(error as Error).message}`)
    }
  }

  const kinds: Database[] = !postgresUrl
    ? ['pglite']
    : args['skip-pglite']
      ? ['postgres']
      : ['pglite', 'postgres']
  const soakKind: Database = postgresUrl ? 'postgres' : 'pglite'
  let portalCalls: RecordedCall[] = []
  for (const kind of kinds) {
    log(`${kind}: neue Datenbank, Demodaten mit Skalierung ${scale} …`)
    const seeded = await seed(kind)
    report.seedSeconds[kind] = seeded.seconds
    report.seedRows[kind] = seeded.rows
    log(
      `${kind}: Demodaten in ${seeded.seconds.toFixed(1)} s (${seeded.rows.measurements} Ablesungen)`,
    )
    log(`${kind}: Export im Austauschformat, Import in eine leere Datenbank …`)
    try {
      const imported = await measureImport(kind, seeded)
      report.importSeconds[kind] = imported
      log(`${kind}: Import von ${imported.rows} Datensätzen in ${imported.seconds.toFixed(1)} s`)
    } catch (error) {
      report.problems.push(`Import (${kind}): ${(error as Error).message}`)
    }
    log(`${kind}: starte den gebauten Server …`)
    const server = await startServer(kind, seeded.dataDir, seeded.url)
    let reference: Reference | undefined
    try {
      const credentials = { baseUrl: server.baseUrl, userName: USER, password: DEMO_PASSWORD }
      const token = await signIn(server.baseUrl)
      log(`${kind}: lege ${EXPENSE_LINES} Kostenzeilen und einen 5-MB-Beleg über die API an …`)
      const fixtures = await createFixtures(server.baseUrl, token)
      if (portalCalls.length === 0) {
        log(
          'Zeichne die Aufrufe des Portals in Chromium auf (Dashboard, Liegenschaft, Nutzeinheit, Verteilung) …',
        )
        try {
          portalCalls = await recordPortalCalls(credentials)
        } catch (error) {
          report.problems.push(`Aufzeichnung der Portal-Aufrufe: ${(error as Error).message}`)
        }
      }
      if (kind === 'pglite') {
        report.reference.skipped.push(
          `PGlite: keine Referenz. Sie fragt PostgreSQL über einen pg-Pool, und eine PGlite-Datenbank öffnet nur ein Prozess, der Server des Produkts.${postgresUrl ? '' : ' Ohne DATABASE_URL misst dieser Lauf daher kein Verhältnis.'}`,
        )
      } else if (referenceBuilt && seeded.url) {
        log(`${kind}: starte die Referenz auf derselben Datenbank …`)
        try {
          const started = await startReference(seeded.dataDir, seeded.url)
          reference = { server: started, users: [], results: report.reference.results }
          reference.users = await demoUserTokens(server.baseUrl)
        } catch (error) {
          report.problems.push(`Referenz nicht gestartet: ${(error as Error).message}`)
          await reference?.server.stop()
          reference = undefined
        }
      }
      const list = scenarios(fixtures, portalCalls)
      await runScenarios(kind, server, list, report.scenarios, report.problems, reference)
      await readsWhileWriting(
        kind,
        server.baseUrl,
        token,
        list,
        report.scenarios,
        report.problems,
        reference,
      )
      if (reference) {
        await reference.server.stop()
        reference = undefined
      }
      if (kind === 'postgres') report.sql.push(...(await rawSql(kind, seeded.dataDir, seeded.url)))
      if (kind === 'pglite' && !args['skip-portal']) {
        log('Portal: JavaScript und Lighthouse in Chromium …')
        try {
          report.portal = await measurePortal(credentials)
        } catch (error) {
          report.problems.push(`Portal-Messung: ${(error as Error).message}`)
        }
      }
      if (kind === soakKind && soakMinutes > 0) {
        if (portalCalls.length > 0) report.memory = await soak(kind, server, portalCalls)
        else report.problems.push('Speicherdauerlauf übersprungen: keine Portal-Aufrufe.')
      }
    } finally {
      log(`${kind}: stoppe den Server.`)
      await reference?.server.stop()
      await server.stop()
    }
    // a PGlite folder cannot be opened twice: its SQL runs once the server is gone
    if (kind === 'pglite') report.sql.push(...(await rawSql(kind, seeded.dataDir)))
    write()
  }
  return report
}

function writeReport(report: BenchReport, startedAt: Date): string {
  mkdirSync(RESULTS, { recursive: true })
  const local = new Date(startedAt.getTime() - startedAt.getTimezoneOffset() * 60_000)
  const name = `${local.toISOString().slice(0, 16).replace(':', '-')}-scale${report.options.scale}`
  const file = path.join(RESULTS, name)
  writeFileSync(`${file}.json`, `${JSON.stringify(report, null, 2)}\n`)
  writeFileSync(`${file}.md`, renderMarkdown(report))
  return `${file}.md`
}

try {
  const report = await main()
  const file = writeReport(report, new Date(report.startedAt))
  log(`Bericht: ${path.relative(ROOT, file)} (und .json)`)
} catch (error) {
  console.error(`[bench] abgebrochen: ${(error as Error).stack ?? String(error)}`)
  process.exitCode = 1
  if (partial) {
    partial.problems.push(`Abgebrochen: ${(error as Error).message}`)
    log(
      `Bericht bis zum Abbruch: ${path.relative(ROOT, writeReport(partial, new Date(partial.startedAt)))}`,
    )
  }
} finally {
  await stopAll()
}
