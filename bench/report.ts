/** The benchmark's report: its JSON shape and the Markdown rendering (pure, unit-tested). */
import type { LighthouseFigures, PortalFigures } from './portal'
import {
  memoryTarget,
  percentChange,
  portalTargets,
  referenceTarget,
  scenarioTarget,
  type Database,
  type ReferenceRatios,
  type RunFigures,
  type Target,
} from './targets'

export interface Machine {
  cpu: string
  cores: number
  memoryGb: number
  node: string
  os: string
  postgres: string | null
  commit: string
}

export interface ScenarioResult {
  scenario: string
  description: string
  database: Database
  run: RunFigures
}

export interface SqlResult {
  scenario: string
  database: Database
  run: RunFigures
}

export interface MemoryResult {
  database: Database
  minutes: number
  /** Seconds of warm-up before the first window, and the length of both windows. */
  warmUpSeconds: number
  windowSeconds: number
  samples: { second: number; rssMb: number }[]
  firstMb: number
  lastMb: number
  changePercent: number
  run: RunFigures
}

/** Decision 010: the answers of product and reference to a scenario's requests, compared once. */
export interface ReferenceCheck {
  /** Every status and body byte-equal, for every demo user. */
  equal: boolean
  /** Answers compared (requests × users) and the product's bytes in them. */
  answers: number
  bytes: number
  /** The first answer that differs; comparing stops there. */
  mismatch?: {
    user: string
    request: string
    /** The first byte offset where the bodies differ. */
    offset: number
    productStatus: number
    referenceStatus: number
    productBytes: number
    referenceBytes: number
  }
  /** Headers that differ (without Date, Connection, Keep-Alive and the CSP nonces), one line each. */
  headerDifferences: string[]
}

/** Decision 010: one API scenario on the reference server, measured right after the product. */
export interface ReferenceResult {
  scenario: string
  description: string
  database: Database
  check: ReferenceCheck
  /** The reference's autocannon run; null when the check failed and the ratio is not measured. */
  run: RunFigures | null
  /** Product / reference; null without a clean reference run. */
  ratios: ReferenceRatios | null
}

export interface BenchReport {
  startedAt: string
  machine: Machine
  options: { scale: number; durationSeconds: number; soakMinutes: number; portal: boolean }
  seedSeconds: Partial<Record<Database, number>>
  seedRows: Partial<Record<Database, Record<string, number>>>
  /** Decision 018: the seeded data dumped and imported into an empty database. */
  importSeconds: Partial<Record<Database, { seconds: number; rows: number }>>
  scenarios: ScenarioResult[]
  /** Decision 010: the reference server beside the product, and why it did not run where it did not. */
  reference: { results: ReferenceResult[]; skipped: string[] }
  sql: SqlResult[]
  memory: MemoryResult | null
  portal: PortalFigures | null
  /** Steps that failed, with their message; the report is written anyway. */
  problems: string[]
}

/** Decision 018: the import of the scale-100 data on PostgreSQL. */
const IMPORT_TARGET_SECONDS = 60

const DATABASE_NAMES: Record<Database, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' }

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1))
const rate = (value: number) => value.toFixed(value < 100 ? 1 : 0)
const megabytes = (bytesPerSecond: number) => `${(bytesPerSecond / 1024 / 1024).toFixed(1)} MB/s`
const verdict = (target: Target | undefined) =>
  !target ? '' : target.met === undefined ? 'offen' : target.met ? 'ja' : '**nein**'

/** The SQL p50 of a scenario on a database, if measured. */
export function sqlP50(report: Pick<BenchReport, 'sql'>, scenario: string, database: Database) {
  return report.sql.find((s) => s.scenario === scenario && s.database === database)?.run.latencyMs
    .p50
}

/**
 * What the server under load, PostgreSQL and the benchmark's own process (autocannon) used of the
 * processors during a run, in % of one (decisions 080, 081): on PGlite the database runs inside the
 * server and has no share of its own; a share not measured is "–".
 */
export function processorShare(run: Pick<RunFigures, 'cpu'>): string {
  if (!run.cpu) return ''
  const share = (percent: number | undefined) =>
    percent === undefined ? '–' : `${Math.round(percent)} %`
  const { serverPercent, databasePercent, loadPercent } = run.cpu
  return [serverPercent, databasePercent, loadPercent].map(share).join(' / ')
}

/** A note on a run that had errors: these figures are not a clean measurement. */
function failures(run: RunFigures): string {
  const parts = [
    run.non2xx > 0 ? `${run.non2xx} nicht-2xx` : '',
    run.errors > 0 ? `${run.errors} Fehler` : '',
    run.timeouts > 0 ? `${run.timeouts} Timeouts` : '',
  ].filter(Boolean)
  return parts.length === 0 ? '0' : `**${parts.join(', ')}**`
}

/** Columns of text; the others hold figures and are right-aligned. */
const TEXT_COLUMNS = new Set([
  'Szenario',
  'Datenbank',
  'Antwort',
  'Messung',
  'Seite',
  'Gerät',
  'Ziel',
  'erreicht',
  'Gleichheit',
])

/** A Markdown table. */
function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map((h) => (TEXT_COLUMNS.has(h) ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n')
}

/** One row per page and form factor; a page run several times shows its median run and every score. */
function lighthouseRows(runs: LighthouseFigures[]): string[][] {
  return runs.map((r) => [
    r.page,
    r.formFactor,
    r.performanceRuns && r.performanceRuns.length > 1
      ? `${r.performance} (${r.performanceRuns.join(', ')})`
      : String(r.performance),
    String(r.accessibility),
    String(Math.round(r.lcpMs)),
    String(Math.round(r.tbtMs)),
    r.cls.toFixed(3),
    String(r.benchmarkIndex),
  ])
}

export function renderMarkdown(report: BenchReport): string {
  const { machine, options } = report
  const lines: string[] = []
  lines.push(`# Benchmark ${report.startedAt} (Skalierung ${options.scale})`, '')
  lines.push(
    `- Rechner: ${machine.cpu}, ${machine.cores} Kerne, ${machine.memoryGb.toFixed(1)} GB RAM, ${machine.os}`,
    `- Node ${machine.node}, PostgreSQL ${machine.postgres ?? '–'}, Commit ${machine.commit}`,
    `- Optionen: --scale ${options.scale} --duration ${options.durationSeconds} --soak-minutes ${options.soakMinutes}${options.portal ? '' : ' --skip-portal'}; autocannon mit 10 Verbindungen, ohne Pipelining`,
  )
  for (const [database, seconds] of Object.entries(report.seedSeconds)) {
    const rows = report.seedRows[database as Database] ?? {}
    const figures = ['connections', 'points_of_delivery', 'measurements']
      .map((table) => `${table} ${rows[table] ?? '?'}`)
      .join(', ')
    lines.push(
      `- Demodaten auf ${DATABASE_NAMES[database as Database]}: ${seconds.toFixed(1)} s (${figures})`,
    )
  }
  for (const [database, figures] of Object.entries(report.importSeconds)) {
    // the target: the scale-100 data in at most 60 s on PostgreSQL
    const target =
      database === 'postgres' && options.scale === 100
        ? `; Ziel <= 60 s: ${figures.seconds <= IMPORT_TARGET_SECONDS ? 'ja' : '**nein**'}`
        : ''
    lines.push(
      `- Import des Austauschformats in eine leere Datenbank auf ${DATABASE_NAMES[database as Database]}: ${figures.seconds.toFixed(1)} s (${figures.rows} Datensätze${target})`,
    )
  }
  lines.push('', '## API (autocannon)', '')
  lines.push(
    table(
      [
        'Szenario',
        'Datenbank',
        'Antwort',
        'req/s',
        'p50 (ms)',
        'p90 (ms)',
        'p99 (ms)',
        'max (ms)',
        'Durchsatz',
        'Fehler',
        'Host-Steal',
        'CPU Server / DB / Last',
        'Ziel',
        'erreicht',
      ],
      report.scenarios.map(({ scenario, description, database, run }) => {
        const target = scenarioTarget(scenario, database, run, sqlP50(report, scenario, database))
        return [
          description,
          DATABASE_NAMES[database],
          run.answer ?? '',
          rate(run.requestsPerSecond),
          ms(run.latencyMs.p50),
          ms(run.latencyMs.p90),
          ms(run.latencyMs.p99),
          ms(run.latencyMs.max),
          megabytes(run.throughputBytesPerSecond),
          failures(run),
          run.stolenPercent === undefined ? '' : `${run.stolenPercent.toFixed(1)} %`,
          processorShare(run),
          target?.text ?? '',
          verdict(target),
        ]
      }),
    ),
  )
  lines.push(...referenceSection(report))
  if (report.sql.length > 0) {
    lines.push('', '## Dieselbe Abfrage direkt über den Treiber (10 parallele Schleifen)', '')
    lines.push(
      table(
        ['Szenario', 'Datenbank', 'Abfragen/s', 'p50 (ms)', 'p99 (ms)', 'API p50 / SQL p50'],
        report.sql.map(({ scenario, database, run }) => {
          const api = report.scenarios.find(
            (s) => s.scenario === scenario && s.database === database,
          )
          const ratio = api ? (api.run.latencyMs.p50 / run.latencyMs.p50).toFixed(2) : ''
          return [
            scenario,
            DATABASE_NAMES[database],
            rate(run.requestsPerSecond),
            ms(run.latencyMs.p50),
            ms(run.latencyMs.p99),
            ratio,
          ]
        }),
      ),
    )
  }
  if (report.memory) {
    const m = report.memory
    const target = memoryTarget(m.changePercent)
    lines.push('', '## Speicher (gemischtes Szenario)', '')
    lines.push(
      table(
        [
          'Datenbank',
          'Minuten',
          'RSS Anfang (MB)',
          'RSS Ende (MB)',
          'Änderung',
          'req/s',
          'Fehler',
          'Ziel',
          'erreicht',
        ],
        [
          [
            DATABASE_NAMES[m.database],
            String(m.minutes),
            m.firstMb.toFixed(1),
            m.lastMb.toFixed(1),
            `${m.changePercent >= 0 ? '+' : ''}${m.changePercent.toFixed(1)} %`,
            rate(m.run.requestsPerSecond),
            failures(m.run),
            target.text,
            verdict(target),
          ],
        ],
      ),
    )
    lines.push(
      '',
      `Mittel der RSS-Proben (alle 5 s) im ersten Fenster nach ${m.warmUpSeconds} s Aufwärmen und im letzten Fenster, je ${m.windowSeconds} s.`,
    )
  }
  if (report.portal) {
    lines.push('', '## Portal (Chromium)', '')
    lines.push(
      table(
        ['Messung', 'Wert', 'Ziel', 'erreicht'],
        portalTargets(report.portal).map((line) => [
          line.name,
          line.value,
          line.target.text,
          verdict(line.target),
        ]),
      ),
    )
    lines.push('')
    lines.push(
      table(
        [
          'Seite',
          'Gerät',
          'Performance',
          'Barrierefreiheit',
          'LCP (ms)',
          'TBT (ms)',
          'CLS',
          'CPU-Index',
        ],
        lighthouseRows(report.portal.lighthouse),
      ),
    )
    if (report.portal.lighthouse.some((run) => (run.performanceRuns?.length ?? 1) > 1)) {
      lines.push(
        '',
        'Mehrere Läufe: Performance als Median, in Klammern jeder Lauf; die übrigen Werte sind die des mittleren Laufs.',
      )
    }
  }
  if (report.problems.length > 0) {
    lines.push('', '## Probleme', '', ...report.problems.map((p) => `- ${p}`))
  }
  return `${lines.join('\n')}\n`
}

const ratio = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(2)

/** What the equality check found, in a table cell. */
export function equalityText(check: ReferenceCheck): string {
  const m = check.mismatch
  if (m) {
    const status =
      m.productStatus === m.referenceStatus
        ? ''
        : `, Status ${m.productStatus}/${m.referenceStatus}`
    return `**verschieden** ab Byte ${m.offset} (${m.user}, ${m.request}: Produkt ${m.productBytes} B, Referenz ${m.referenceBytes} B${status})`
  }
  const kB = (check.bytes / 1024).toFixed(check.bytes < 10 * 1024 ? 1 : 0)
  return `gleich (${check.answers} Antworten, ${kB} kB)`
}

/** Decision 010: product / reference per API scenario of the same run, and the equality check. */
function referenceSection(report: BenchReport): string[] {
  const { results, skipped } = report.reference
  if (results.length === 0 && skipped.length === 0) return []
  const lines = ['', '## Produkt / Referenz (derselbe Lauf)', '']
  lines.push(
    'Referenz: `bench/reference/` – node:http, pg-Pool, ohne ORM; je Anfrage die Tokenprüfung des Produkts (Benutzer und abgemeldete Sitzung) und eine vorbereitete Anweisung, die die Antwort in PostgreSQL schreibt. Gleichheit: Status und Body jeder Anfrage des Szenarios für jeden Demo-Benutzer Byte für Byte wie beim Produkt; nur dann wird die Referenz gemessen, mit derselben Last direkt nach dem Produkt. Verhältnisse: Produkt / Referenz.',
  )
  if (skipped.length > 0) lines.push('', ...skipped.map((reason) => `- ${reason}`))
  if (results.length > 0) {
    lines.push('')
    lines.push(
      table(
        [
          'Szenario',
          'Datenbank',
          'Gleichheit',
          'Produkt req/s',
          'Referenz req/s',
          'Produkt p50 (ms)',
          'Referenz p50 (ms)',
          'req/s Produkt / Referenz',
          'p50 Produkt / Referenz',
          'Fehler Referenz',
          'Ziel',
          'erreicht',
        ],
        results.map((r) => {
          const product = report.scenarios.find(
            (s) => s.scenario === r.scenario && s.database === r.database,
          )?.run
          const target = product ? referenceTarget(r.scenario, product, r.ratios) : undefined
          return [
            r.description,
            DATABASE_NAMES[r.database],
            equalityText(r.check),
            product ? rate(product.requestsPerSecond) : '–',
            r.run ? rate(r.run.requestsPerSecond) : '–',
            product ? ms(product.latencyMs.p50) : '–',
            r.run ? ms(r.run.latencyMs.p50) : '–',
            ratio(r.ratios?.requestsPerSecond),
            ratio(r.ratios?.p50),
            r.run ? failures(r.run) : '–',
            target?.text ?? '',
            verdict(target),
          ]
        }),
      ),
    )
  }
  const headers = results.filter((r) => r.check.headerDifferences.length > 0)
  if (headers.length > 0) {
    lines.push('', 'Kopfzeilen, die abweichen:', '')
    for (const r of headers) {
      for (const difference of r.check.headerDifferences)
        lines.push(`- ${r.scenario}: ${difference}`)
    }
  }
  return lines
}

/** Mean of the samples whose second lies in [from, until). */
export function meanBetween(
  samples: readonly { second: number; rssMb: number }[],
  from: number,
  until: number,
): number {
  const inside = samples.filter((s) => s.second >= from && s.second < until)
  if (inside.length === 0) return Number.NaN
  return inside.reduce((sum, s) => sum + s.rssMb, 0) / inside.length
}

/**
 * The warm-up and the two windows of the memory soak: one minute each when the soak is long
 * enough (10 minutes: minute 1 warm-up, minute 2 first window, minute 10 last window); shorter
 * soaks shrink them to a fifth and two fifths of the run.
 */
export function soakWindows(totalSeconds: number): { warmUp: number; window: number } {
  return {
    warmUp: Math.min(60, Math.floor(totalSeconds / 5)),
    window: Math.min(60, Math.floor((totalSeconds * 2) / 5)),
  }
}

/** RSS at the start and end of a soak and the change, from samples every few seconds. */
export function memoryChange(
  samples: readonly { second: number; rssMb: number }[],
  totalSeconds: number,
): { firstMb: number; lastMb: number; changePercent: number; warmUp: number; window: number } {
  const { warmUp, window } = soakWindows(totalSeconds)
  const firstMb = meanBetween(samples, warmUp, warmUp + window)
  const lastMb = meanBetween(samples, totalSeconds - window, totalSeconds + 1)
  return { firstMb, lastMb, changePercent: percentChange(firstMb, lastMb), warmUp, window }
}
