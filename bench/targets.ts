/**
 * The targets of issue 7, in one place: the benchmark checks its figures against them and the
 * report prints them next to the figures.
 */

export type Database = 'pglite' | 'postgres'

/** The figures of one autocannon run (or one raw SQL loop). */
export interface RunFigures {
  requestsPerSecond: number
  latencyMs: { p50: number; p90: number; p99: number; max: number }
  /** Bytes per second, mean. */
  throughputBytesPerSecond: number
  requests: number
  non2xx: number
  errors: number
  timeouts: number
  /** Rows or bytes per answer, as checked before the run. */
  answer?: string
}

export interface Target {
  /** What the target says, for the report. */
  text: string
  /** Whether `figures` meet it; `undefined` when the figures to decide are missing. */
  met: boolean | undefined
}

const atLeast = (value: number | undefined, limit: number) =>
  value === undefined || !Number.isFinite(value) ? undefined : value >= limit
const atMost = (value: number | undefined, limit: number) =>
  value === undefined || !Number.isFinite(value) ? undefined : value <= limit
const all = (...checks: (boolean | undefined)[]) =>
  checks.includes(false) ? false : checks.includes(undefined) ? undefined : true

/** Change from `from` to `to` in percent of `from`. */
export function percentChange(from: number, to: number): number {
  if (from === 0) return to === 0 ? 0 : Number.POSITIVE_INFINITY
  return ((to - from) / from) * 100
}

export const TARGETS = {
  postgresSearch50: { requestsPerSecond: 1_500, p99Ms: 15, p50OverSql: 1.5 },
  search2000: { p99Ms: 100 },
  pgliteSearch50: { requestsPerSecond: 500, p99Ms: 60 },
  memoryChangePercent: 10,
  portal: {
    loginJavascriptGzipKb: 150,
    dashboardJavascriptGzipKb: 350,
    desktopPerformance: 100,
    mobilePerformance: 95,
    accessibility: 100,
  },
} as const

/** A run that had errors, timeouts or non-2xx answers misses every target. */
function clean(run: RunFigures): boolean {
  return run.errors === 0 && run.timeouts === 0 && run.non2xx === 0
}

/** The target of a scenario on a database, or `undefined` when the issue sets none. */
export function scenarioTarget(
  scenario: string,
  database: Database,
  run: RunFigures,
  sqlP50Ms?: number,
): Target | undefined {
  if (scenario === 'search-50' && database === 'postgres') {
    const t = TARGETS.postgresSearch50
    const ratio = sqlP50Ms ? run.latencyMs.p50 / sqlP50Ms : undefined
    return {
      text: `>= ${t.requestsPerSecond} req/s, p99 <= ${t.p99Ms} ms, p50 <= ${t.p50OverSql} x SQL p50`,
      met: all(
        clean(run),
        atLeast(run.requestsPerSecond, t.requestsPerSecond),
        atMost(run.latencyMs.p99, t.p99Ms),
        atMost(ratio, t.p50OverSql),
      ),
    }
  }
  if (scenario === 'search-50' && database === 'pglite') {
    const t = TARGETS.pgliteSearch50
    return {
      text: `>= ${t.requestsPerSecond} req/s, p99 <= ${t.p99Ms} ms`,
      met: all(
        clean(run),
        atLeast(run.requestsPerSecond, t.requestsPerSecond),
        atMost(run.latencyMs.p99, t.p99Ms),
      ),
    }
  }
  if (scenario === 'search-2000' && database === 'postgres') {
    return {
      text: `p99 <= ${TARGETS.search2000.p99Ms} ms`,
      met: all(clean(run), atMost(run.latencyMs.p99, TARGETS.search2000.p99Ms)),
    }
  }
  return undefined
}

export function memoryTarget(changePercent: number): Target {
  return {
    text: `±${TARGETS.memoryChangePercent} %`,
    met: Math.abs(changePercent) <= TARGETS.memoryChangePercent,
  }
}

/** The portal's figures against the targets, one line each. */
export function portalTargets(figures: {
  javascriptGzipKb: { authenticate: number; dashboard: number }
  lighthouse: {
    page: string
    formFactor: 'desktop' | 'mobile'
    performance: number
    accessibility: number
  }[]
}): { name: string; value: string; target: Target }[] {
  const t = TARGETS.portal
  const lines = [
    {
      name: 'JavaScript /authenticate (gzip)',
      value: `${figures.javascriptGzipKb.authenticate.toFixed(1)} kB`,
      target: {
        text: `<= ${t.loginJavascriptGzipKb} kB`,
        met: atMost(figures.javascriptGzipKb.authenticate, t.loginJavascriptGzipKb),
      },
    },
    {
      name: 'JavaScript Dashboard nach Anmeldung (gzip)',
      value: `${figures.javascriptGzipKb.dashboard.toFixed(1)} kB`,
      target: {
        text: `<= ${t.dashboardJavascriptGzipKb} kB`,
        met: atMost(figures.javascriptGzipKb.dashboard, t.dashboardJavascriptGzipKb),
      },
    },
  ]
  for (const run of figures.lighthouse) {
    const performance = run.formFactor === 'desktop' ? t.desktopPerformance : t.mobilePerformance
    lines.push({
      name: `Lighthouse ${run.page} ${run.formFactor}: Performance`,
      value: String(run.performance),
      target: { text: `>= ${performance}`, met: atLeast(run.performance, performance) },
    })
    lines.push({
      name: `Lighthouse ${run.page} ${run.formFactor}: Barrierefreiheit`,
      value: String(run.accessibility),
      target: { text: `>= ${t.accessibility}`, met: atLeast(run.accessibility, t.accessibility) },
    })
  }
  return lines
}
