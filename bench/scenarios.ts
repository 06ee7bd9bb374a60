/** The load scenarios, how each is checked and driven with autocannon, and the figures of a run. */
import { availableParallelism } from 'node:os'
import autocannon from 'autocannon'
import { MAX_REQUESTS_PER_SOCKET } from '../apps/server/src/platform/http/request-limits'
import { DEMO_USERS } from '../apps/server/src/demo/demo-users'
import { DEMO_PASSWORD } from '../apps/server/src/platform/auth/demo-password'
import { compareAnswers, referenceRatios } from './compare'
import type { RecordedCall } from './portal'
import { equalityText, type ReferenceResult, type ScenarioResult } from './report'
import type { Database, RunFigures } from './targets'
import {
  REFERENCE_SCENARIOS,
  USER,
  EXPENSE_LINES,
  CONNECTIONS,
  scale,
  duration,
  log,
} from './config'
import { running, type RunningServer } from './servers'
import {
  postgresProcesses,
  processorTimes,
  processPercent,
  processTicks,
  stolenPercent,
} from './host'
import {
  call,
  withToken,
  sendRecorded,
  withValidators,
  signIn,
  type ReplayedCall,
  type Fixtures,
} from './api'

// -- scenarios ----------------------------------------------------------------------------------

export interface Scenario {
  scenario: string
  description: string
  requests: RecordedCall[]
  /** Checks one answer before the run; returns what it holds, e.g. '50 Zeilen'. */
  check(answer: { status: number; json: unknown; bytes: number }): string
}

export const rowsOf = (json: unknown, field = 'items') =>
  ((json as Record<string, unknown[] | undefined> | undefined)?.[field] ?? []).length

export function expectRows(
  expected: (rows: number) => boolean,
  what: string,
  field?: string,
): Scenario['check'] {
  return (answer) => {
    const rows = rowsOf(answer.json, field)
    if (answer.status !== 200) throw new Error(`${what}: Status ${answer.status}`)
    if (!expected(rows)) throw new Error(`${what}: ${rows} Zeilen`)
    return `${rows} Zeilen`
  }
}

export const json = (body: unknown) => ({
  body: JSON.stringify(body),
  contentType: 'application/json',
})
export const connectionsSearch = { filters: [], sort: [] }

export function scenarios(fixtures: Fixtures, portalCalls: RecordedCall[]): Scenario[] {
  const list: Scenario[] = [
    {
      scenario: 'token',
      description: 'POST /api/token',
      requests: [
        {
          method: 'POST',
          path: '/api/token',
          ...json({ username: USER, password: DEMO_PASSWORD }),
        },
      ],
      check: (answer) => {
        if (answer.status !== 200) throw new Error(`Anmeldung: Status ${answer.status}`)
        return 'Token'
      },
    },
    {
      scenario: 'search-50',
      description: 'connections-search, limit=50',
      requests: [
        {
          method: 'POST',
          path: '/api/persistence/connections-search?limit=50',
          ...json(connectionsSearch),
        },
      ],
      check: expectRows((rows) => rows === 50 || scale < 5, '50er-Suche'),
    },
    {
      scenario: 'search-2000',
      description: 'connections-search, limit=9999',
      requests: [
        {
          method: 'POST',
          path: '/api/persistence/connections-search?limit=9999',
          ...json(connectionsSearch),
        },
      ],
      // at scale 100 verwalter sees about 3,500 connections; smaller scales report what they get
      check: expectRows((rows) => rows >= 2_000 || scale < 100, 'Große Suche'),
    },
    {
      scenario: 'expenses-500',
      description: `Kostenliste mit ${fixtures.expenseLines} Zeilen`,
      requests: [
        {
          method: 'POST',
          path: `/api/persistence/operating-costs/${fixtures.distribution}/working-expenses?limit=9999`,
          ...json({}),
        },
      ],
      check: expectRows(
        (rows) => rows >= EXPENSE_LINES,
        'Kostenliste',
        'operatingCostsWorkingExpense',
      ),
    },
    {
      scenario: 'download-5mb',
      description: 'Download 5 MB',
      requests: [
        { method: 'GET', path: `/api/processes/system/file-download/${fixtures.attachment}` },
      ],
      check: (answer) => {
        if (answer.status !== 200 || answer.bytes !== fixtures.attachmentBytes) {
          throw new Error(`Download: Status ${answer.status}, ${answer.bytes} Bytes`)
        }
        return `${(answer.bytes / 1024 / 1024).toFixed(1)} MB`
      },
    },
  ]
  if (portalCalls.length > 0) list.push(mixedScenario(portalCalls))
  return list
}

export function mixedScenario(portalCalls: RecordedCall[]): Scenario {
  return {
    scenario: 'mixed',
    description: `Gemischt: Portal-Aufrufe (${portalCalls.length})`,
    requests: portalCalls,
    check: (answer) => {
      if (answer.status < 200 || answer.status > 299) {
        throw new Error(`Status ${answer.status}`)
      }
      return `${portalCalls.length} Aufrufe`
    },
  }
}

/** Checks every request of a scenario once; returns what the (last) answer held. */
export async function checkScenario(
  baseUrl: string,
  token: string,
  scenario: Scenario,
): Promise<string> {
  let answer = ''
  for (const request of scenario.requests) {
    const result = await sendRecorded(baseUrl, token, request)
    try {
      answer = scenario.check(result)
    } catch (error) {
      throw new Error(
        `${scenario.scenario}: ${request.method} ${request.path}: ${(error as Error).message}`,
      )
    }
  }
  return answer
}

/** `200: 9500, 503: 12`: the answers of a run by status, for the log. */
export function statusCounts(result: autocannon.Result): string {
  const stats = (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats
  return Object.entries(stats ?? {})
    .map(([status, { count }]) => `${status}: ${count}`)
    .join(', ')
}

export function figures(result: autocannon.Result, answer?: string): RunFigures {
  const stats = (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats
  // a 304 is the answer the validator asked for, not a failure
  const notModified = stats?.['304']?.count ?? 0
  if (result.non2xx > notModified) log(`  Antworten nach Status: ${statusCounts(result)}`)
  return {
    notModified,
    requestsPerSecond: result.requests.mean,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    throughputBytesPerSecond: result.throughput.mean,
    requests: result.requests.total,
    non2xx: result.non2xx - notModified,
    errors: result.errors,
    timeouts: result.timeouts,
    answer,
    stolenPercent: (result as Measured).stolenPercent,
    cpu: (result as Measured).cpu,
  }
}

/**
 * A run's result with the share of the machine's time the host took meanwhile (decision 076) and
 * what the server under load and PostgreSQL used of it (decision 080).
 */
type Measured = autocannon.Result & { stolenPercent?: number; cpu?: RunFigures['cpu'] }

export async function load(
  baseUrl: string,
  token: string,
  requests: ReplayedCall[],
  seconds: number,
): Promise<Measured> {
  const started = [...running].find((candidate) => candidate.baseUrl === baseUrl)
  const server = started?.process.pid === undefined ? [] : [started.process.pid]
  // read again after the run: a connection opened during it is a new process, counted from its start
  const database = () => (started?.onPostgres ? postgresProcesses() : [])
  const serverBefore = processTicks(server)
  const databaseBefore = processTicks(database())
  const loadBefore = processTicks([process.pid])
  const before = processorTimes()
  const result: Measured = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    // as a browser does: a new connection when the server's `Connection: close` ends one after
    // its last allowed request (autocannon would otherwise go on and collect Node's 503s)
    reconnectRate: MAX_REQUESTS_PER_SOCKET,
    headers: { authorization: `Bearer ${token}` },
    requests: requests.map((r) => {
      const headers: Record<string, string> = {}
      if (r.body !== undefined) headers['content-type'] = r.contentType ?? 'application/json'
      if (r.ifNoneMatch) headers['if-none-match'] = r.ifNoneMatch
      return {
        method: r.method as autocannon.Request['method'],
        path: r.path,
        ...(r.body === undefined ? {} : { body: withToken(r.body, token) }),
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
      }
    }),
  })
  const after = processorTimes()
  const serverAfter = processTicks(server)
  const databaseAfter = processTicks(database())
  const loadAfter = processTicks([process.pid])
  result.stolenPercent = stolenPercent(before, after)
  const processors = availableParallelism()
  const serverPercent = processPercent(serverBefore, serverAfter, before, after, processors)
  if (serverPercent !== undefined) {
    result.cpu = {
      serverPercent,
      databasePercent: processPercent(databaseBefore, databaseAfter, before, after, processors),
      loadPercent: processPercent(loadBefore, loadAfter, before, after, processors),
    }
  }
  return result
}

/** Decision 010: the reference beside the product, the demo users' tokens, and where its results go. */
export interface Reference {
  server: RunningServer
  users: { userName: string; token: string }[]
  results: ReferenceResult[]
}

/**
 * A token for every demo user but the resident, from the product (the reference verifies the
 * product's tokens).
 */
export async function demoUserTokens(baseUrl: string): Promise<Reference['users']> {
  const tokens: Reference['users'] = []
  // the reference knows the specification's two kinds of login; a resident (decision 065) is none
  for (const { userName } of DEMO_USERS.filter((user) => !user.resident)) {
    const answer = await call(baseUrl, null, 'POST', '/api/token', {
      username: userName,
      password: DEMO_PASSWORD,
    })
    const token = (answer.json as { token?: string } | undefined)?.token
    if (answer.status !== 200 || !token) {
      throw new Error(`Anmeldung ${userName} fehlgeschlagen (${answer.status})`)
    }
    tokens.push({ userName, token })
  }
  return tokens
}

export function logRun(who: string, run: RunFigures): void {
  const failed = run.errors + run.timeouts + run.non2xx > 0 ? ' – MIT FEHLERN' : ''
  const stolen =
    run.stolenPercent === undefined ? '' : `, Host-Steal ${run.stolenPercent.toFixed(1)} %`
  log(
    `  ${who}${run.requestsPerSecond.toFixed(1)} req/s, p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms${stolen}${failed}`,
  )
}

/**
 * Runs the scenarios one after the other into `results`; a failed check skips its scenario. With
 * a reference, each of its scenarios is first compared once (every request as every demo user,
 * byte for byte) and, when equal, the reference gets the same load right after the product.
 */
export async function runScenarios(
  kind: Database,
  server: RunningServer,
  list: Scenario[],
  results: ScenarioResult[],
  problems: string[],
  reference?: Reference,
): Promise<void> {
  const token = await signIn(server.baseUrl)
  for (const scenario of list) {
    let answer: string
    try {
      answer = await checkScenario(server.baseUrl, token, scenario)
    } catch (error) {
      const message = `${kind}: ${scenario.description} nicht gemessen, die Prüfung scheitert: ${(error as Error).message}`
      log(message)
      problems.push(message)
      continue
    }
    let compared: ReferenceResult | undefined
    if (reference && REFERENCE_SCENARIOS.has(scenario.scenario)) {
      try {
        const check = await compareAnswers(
          server.baseUrl,
          reference.server.baseUrl,
          scenario.requests,
          reference.users,
        )
        compared = {
          scenario: scenario.scenario,
          description: scenario.description,
          database: kind,
          check,
          run: null,
          ratios: null,
        }
        log(`${kind}: ${scenario.description}: Referenz ${equalityText(check)}`)
        if (!check.equal) {
          problems.push(
            `${kind}: ${scenario.description}: die Antwort der Referenz weicht ab (${equalityText(check)}); kein Verhältnis gemessen.`,
          )
        }
      } catch (error) {
        problems.push(
          `${kind}: ${scenario.description}: Vergleich mit der Referenz gescheitert: ${(error as Error).message}`,
        )
      }
    }
    log(`${kind}: ${scenario.description} (${answer}), ${duration} s …`)
    const run = figures(await load(server.baseUrl, token, scenario.requests, duration), answer)
    logRun('', run)
    results.push({
      scenario: scenario.scenario,
      description: scenario.description,
      database: kind,
      run,
    })
    if (!reference || !compared) continue
    reference.results.push(compared)
    if (!compared.check.equal) continue
    log(`${kind}: ${scenario.description} auf der Referenz, ${duration} s …`)
    compared.run = figures(
      await load(reference.server.baseUrl, token, scenario.requests, duration),
      answer,
    )
    logRun('Referenz: ', compared.run)
    if (compared.run.errors + compared.run.timeouts + compared.run.non2xx > 0) {
      problems.push(
        `${kind}: ${scenario.description}: der Lauf der Referenz hatte Fehler; kein Verhältnis.`,
      )
      continue
    }
    compared.ratios = referenceRatios(run, compared.run)
    log(
      `  Produkt / Referenz: req/s ${compared.ratios.requestsPerSecond.toFixed(2)}, p50 ${compared.ratios.p50.toFixed(2)}`,
    )
  }
  await revalidatedMixed(kind, server, token, list, results)
}

/**
 * The mixed scenario once more as a portal sends it the second time (decision 010): every read with
 * the validator of its first answer. The answer column shows the share of 304s.
 */
export async function revalidatedMixed(
  kind: Database,
  server: RunningServer,
  token: string,
  list: Scenario[],
  results: ScenarioResult[],
): Promise<void> {
  const mixed = list.find((scenario) => scenario.scenario === 'mixed')
  if (!mixed) return
  const requests = await withValidators(server.baseUrl, token, mixed.requests)
  const validated = requests.filter((r) => r.ifNoneMatch).length
  const description = `Gemischt, wiederholt mit If-None-Match (${validated} von ${requests.length} Aufrufen)`
  log(`${kind}: ${description}, ${duration} s …`)
  const run = figures(await load(server.baseUrl, token, requests, duration))
  const share = run.requests > 0 ? (100 * (run.notModified ?? 0)) / run.requests : 0
  run.answer = `${share.toFixed(0)} % 304`
  logRun('', run)
  results.push({ scenario: 'mixed-revalidated', description, database: kind, run })
}
