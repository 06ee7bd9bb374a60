/**
 * Reads while people write: a writer changes cost lines through the API at a fixed rate,
 * as the reading customer or as another one, while a read scenario runs with the validators a
 * portal sends the second time. Each run reports the reads, their share of 304s and the writes'
 * p50 and p99.
 */
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { isProviderExpense } from '@portal/domain'
import { expenseLines, openDistributions, signIn, withValidators } from './api'
import { duration, log } from './config'
import type { ScenarioResult } from './report'
import { referenceRatios } from './compare'
import { figures, load, logRun, type Reference, type Scenario } from './scenarios'
import { median, TARGETS, type Database, type RunFigures } from './targets'
import type { WritableLine, WriterJob, WriterOutcome } from './writer-process'

/** The writer's own process (decision 081). */
const WRITER_PROCESS = new URL('./writer-process.ts', import.meta.url)

/** Writes per second of the runs; 0 is the same reads with nobody writing. */
export const WRITE_RATES = [0, 2, 10, 20] as const

/** Who writes: the reading manager's own customer, or a user of another company code. */
export const WRITERS = [
  { who: 'same', userName: 'verwalter', label: 'derselbe Kunde' },
  { who: 'other', userName: 'fremd', label: 'ein anderer Kunde' },
] as const

/** The read scenarios measured while writing. */
export const READS_WHILE_WRITING = ['search-50', 'search-2000', 'expenses-500'] as const

/** Lines a writer takes in turn, so that two writes in flight never change the same line. */
const LINES_PER_WRITER = 20

/**
 * The writes of the whole run, counted on: each note differs from every earlier one, so that every
 * write changes its line (the server writes nothing, and raises no version, for a note it has).
 */
let written = 0

/** A writer's figures, as a run keeps them. */
export type WriterFigures = NonNullable<RunFigures['writer']>

/** The first lines a user may change (not the provider's flat fee, §6) of his open distributions. */
async function writableLines(baseUrl: string, token: string): Promise<WritableLine[]> {
  const lines: WritableLine[] = []
  for (const distribution of await openDistributions(baseUrl, token)) {
    for (const line of await expenseLines(baseUrl, token, distribution)) {
      if (isProviderExpense({ tariffComponent: line.tariffComponent as string | null })) continue
      lines.push({ distribution, guid: String(line.guid), version: Number(line.version) })
      if (lines.length === LINES_PER_WRITER) return lines
    }
  }
  if (lines.length === 0) throw new Error('Keine Kostenzeile, die sich ändern lässt.')
  return lines
}

/**
 * Starts a writer process (decision 081) that changes the note of `lines` in turn, `rate` times a
 * second, and answers once it writes; `stop` waits for its writes in flight and carries the lines'
 * new versions over to `lines`.
 */
export async function startWriter(
  baseUrl: string,
  token: string,
  lines: WritableLine[],
  rate: number,
) {
  const child = fork(WRITER_PROCESS, { execArgv: ['--import', 'tsx'] })
  const exited = once(child, 'exit')
  const answer = <T>() =>
    Promise.race([
      once(child, 'message').then(([message]) => message as T),
      exited.then(() => {
        throw new Error('Der Schreiber ist vorzeitig beendet.')
      }),
    ])
  const job: WriterJob = { baseUrl, token, lines, rate, firstNote: written }
  const started = answer<'started'>()
  child.send(job)
  await started
  return {
    async stop(): Promise<WriterFigures> {
      const outcome = answer<WriterOutcome>()
      child.send('stop')
      const { lines: linesAfter, nextNote, cpuMs, ...figures } = await outcome
      await exited
      lines.forEach((line, index) => (line.version = linesAfter[index]!.version))
      written = nextNote
      return { ...figures, cpuMsPerWrite: figures.writes > 0 ? cpuMs / figures.writes : 0 }
    },
  }
}

/** The failed writes' statuses, most frequent first: " (409: 9, 503: 1)". */
function failuresText(failures: Record<string, number> = {}): string {
  const counts = Object.entries(failures).sort(([, a], [, b]) => b - a)
  return counts.length === 0
    ? ''
    : ` (${counts.map(([status, count]) => `${status === '0' ? 'keine Antwort' : status}: ${count}`).join(', ')})`
}

/** What the answer column shows of a run while writing. */
export function writingAnswer(notModified: number, reads: number, writer: WriterFigures | null) {
  const share = reads > 0 ? (100 * notModified) / reads : 0
  const cpu =
    writer?.cpuMsPerWrite === undefined
      ? ''
      : `, Schreiber ${writer.cpuMsPerWrite.toFixed(1).replace('.', ',')} ms CPU je Schreibvorgang`
  const written = writer
    ? `, ${writer.writes} Schreibvorgänge p50 ${writer.p50} ms, p99 ${writer.p99} ms${writer.failed > 0 ? `, ${writer.failed} gescheitert${failuresText(writer.failures)}` : ''}${cpu}`
    : ''
  return `${share.toFixed(0)} % 304${written}`
}

/**
 * Each read scenario with the validators of its answers, once with nobody writing and then while
 * each writer writes at each rate. With a reference, the same reads go to it right after, while the
 * same writer writes at the same rate through the product (the reference has no write path; the
 * writes reach it through the shared database), and the run gets its ratios.
 */
export async function readsWhileWriting(
  kind: Database,
  baseUrl: string,
  token: string,
  list: Scenario[],
  results: ScenarioResult[],
  problems: string[],
  reference?: Reference,
): Promise<void> {
  const writers = []
  try {
    for (const writer of WRITERS) {
      const writerToken = await signIn(baseUrl, writer.userName)
      writers.push({
        ...writer,
        token: writerToken,
        lines: await writableLines(baseUrl, writerToken),
      })
    }
  } catch (error) {
    problems.push(`${kind}: Lesen beim Schreiben nicht gemessen: ${(error as Error).message}`)
    return
  }
  for (const scenario of list.filter((s) =>
    (READS_WHILE_WRITING as readonly string[]).includes(s.scenario),
  )) {
    for (const rate of WRITE_RATES) {
      for (const writer of rate === 0 ? [null] : writers) {
        const requests = await withValidators(baseUrl, token, scenario.requests)
        const description = `${scenario.description}, wiederholt mit If-None-Match, ${rate} Schreibvorgänge/s${writer ? ` (${writer.label})` : ''}`
        log(`${kind}: ${description}, ${duration} s …`)
        const running = writer ? await startWriter(baseUrl, writer.token, writer.lines, rate) : null
        const run = figures(await load(baseUrl, token, requests, duration))
        const written = running ? await running.stop() : null
        run.answer = writingAnswer(run.notModified ?? 0, run.requests, written)
        if (written) run.writer = written
        logRun('', run)
        const name = `${scenario.scenario}-writing-${writer?.who ?? 'none'}-${rate}`
        results.push({ scenario: name, description, database: kind, run })
        // the reference's answers were compared byte for byte with the product's before its first run
        const check = reference?.results.find((r) => r.scenario === scenario.scenario)?.check
        if (!reference || !check?.equal) continue
        // the reference knows no validators: it gets the reads as a first visit sends them
        log(`${kind}: ${description} auf der Referenz, ${duration} s …`)
        const referenceWriter = writer
          ? await startWriter(baseUrl, writer.token, writer.lines, rate)
          : null
        const referenceRun = figures(
          await load(reference.server.baseUrl, token, scenario.requests, duration),
        )
        const referenceWritten = referenceWriter ? await referenceWriter.stop() : null
        referenceRun.answer = writingAnswer(0, referenceRun.requests, referenceWritten)
        if (referenceWritten) referenceRun.writer = referenceWritten
        logRun('Referenz: ', referenceRun)
        const clean = referenceRun.errors + referenceRun.timeouts + referenceRun.non2xx === 0
        if (!clean) {
          problems.push(
            `${kind}: ${description}: der Lauf der Referenz hatte Fehler; kein Verhältnis.`,
          )
        }
        reference.results.push({
          scenario: name,
          description,
          database: kind,
          check,
          run: referenceRun,
          ratios: clean ? referenceRatios(run, referenceRun) : null,
        })
      }
    }
    const other = writers.find((writer) => writer.who === 'other')!
    results.push({
      scenario: `${scenario.scenario}-writing-other-${TARGETS.writing.rate}-alternating`,
      description: `${scenario.description}, wiederholt mit If-None-Match, abwechselnd ohne Schreiben und mit ${TARGETS.writing.rate} Schreibvorgängen/s (${other.label})`,
      database: kind,
      run: await alternating(kind, baseUrl, token, scenario, other),
    })
  }
}

/**
 * The same reads in turn with nobody writing and while `writer` writes at the target's rate,
 * `TARGETS.alternatingPairs` times each (without, with, with, without, …: a drift of the machine
 * falls on both alike). A run during which the host took more than `TARGETS.hostStealPercent` of
 * the machine is measured again, up to `TARGETS.hostStealRetries` times (decision 076). The figures
 * are those of the median run with writes; `alternation` keeps every run's req/s and the runs
 * measured again.
 */
async function alternating(
  kind: Database,
  baseUrl: string,
  token: string,
  scenario: Scenario,
  writer: { token: string; lines: WritableLine[] },
): Promise<RunFigures> {
  const rate = TARGETS.writing.rate
  const withoutWrites: number[] = []
  const withWrites: RunFigures[] = []
  const serverMsPerRead: Record<'withoutWrites' | 'withWrites', (number | null)[]> = {
    withoutWrites: [],
    withWrites: [],
  }
  const discarded: NonNullable<RunFigures['alternation']>['discarded'] = []
  let disturbedKept = false
  async function measure(pair: number, writing: boolean): Promise<RunFigures> {
    const requests = await withValidators(baseUrl, token, scenario.requests)
    log(
      `${kind}: ${scenario.scenario} abwechselnd, Paar ${pair + 1}, ${writing ? `${rate} Schreibvorgänge/s` : 'ohne Schreiben'}, ${duration} s …`,
    )
    const running = writing ? await startWriter(baseUrl, writer.token, writer.lines, rate) : null
    const run = figures(await load(baseUrl, token, requests, duration))
    const written = running ? await running.stop() : null
    if (written) run.writer = written
    logRun('', run)
    return run
  }
  for (let pair = 0; pair < TARGETS.alternatingPairs; pair += 1) {
    const order = pair % 2 === 0 ? [false, true] : [true, false]
    for (const writing of order) {
      let run = await measure(pair, writing)
      for (let retry = 0; disturbed(run) && retry < TARGETS.hostStealRetries; retry += 1) {
        log(`  der Host nahm ${run.stolenPercent!.toFixed(1)} % der Rechenzeit: noch einmal`)
        discarded.push({
          writing,
          requestsPerSecond: run.requestsPerSecond,
          stolenPercent: run.stolenPercent!,
        })
        run = await measure(pair, writing)
      }
      if (disturbed(run)) disturbedKept = true
      if (writing) withWrites.push(run)
      else withoutWrites.push(run.requestsPerSecond)
      serverMsPerRead[writing ? 'withWrites' : 'withoutWrites'].push(serverMsPerRequest(run))
    }
  }
  const middle = [...withWrites].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[
    Math.floor(withWrites.length / 2)
  ]!
  const alternation = {
    withoutWrites,
    withWrites: withWrites.map((run) => run.requestsPerSecond),
    discarded,
    disturbedKept,
    serverMsPerRead,
  }
  return {
    ...middle,
    answer: `${alternatingAnswer(alternation)}; ${writingAnswer(middle.notModified ?? 0, middle.requests, middle.writer ?? null)}`,
    alternation,
  }
}

/**
 * The server's processor time per read of a run, in ms (decision 080); with a writer, the writes'
 * time is in it.
 */
export function serverMsPerRequest(
  run: Pick<RunFigures, 'cpu' | 'requestsPerSecond'>,
): number | null {
  if (!run.cpu || !(run.requestsPerSecond > 0)) return null
  return (run.cpu.serverPercent * 10) / run.requestsPerSecond
}

/** Whether the host took more of the machine during `run` than the alternating runs allow. */
export function disturbed(run: Pick<RunFigures, 'stolenPercent'>): boolean {
  return (run.stolenPercent ?? 0) > TARGETS.hostStealPercent
}

/**
 * What the answer column shows of alternating runs: each run's req/s and the medians, and the runs
 * measured again with the share the host took.
 */
export function alternatingAnswer({
  withoutWrites,
  withWrites,
  discarded = [],
  disturbedKept = false,
  serverMsPerRead,
}: NonNullable<RunFigures['alternation']>): string {
  const list = (values: number[]) => values.map((value) => Math.round(value)).join(', ')
  const perRead = (values: (number | null)[]) =>
    values.map((value) => (value === null ? '–' : value.toFixed(3))).join(', ')
  const cpu =
    serverMsPerRead &&
    [...serverMsPerRead.withoutWrites, ...serverMsPerRead.withWrites].some(
      (value) => value !== null,
    )
      ? `; Server-CPU je Anfrage ohne Schreiben ${perRead(serverMsPerRead.withoutWrites)} ms, mit ${perRead(serverMsPerRead.withWrites)} ms (Schreibvorgänge eingerechnet)`
      : ''
  const again =
    discarded.length === 0
      ? ''
      : `; noch einmal gemessen (Host-Steal): ${discarded
          .map(
            (run) =>
              `${run.writing ? 'mit' : 'ohne'} ${Math.round(run.requestsPerSecond)} req/s bei ${run.stolenPercent.toFixed(1)} %`,
          )
          .join(
            ', ',
          )}${disturbedKept ? '; auch die letzte Wiederholung gestört: nicht bewertet' : ''}`
  return `req/s ohne Schreiben ${list(withoutWrites)} (Median ${Math.round(median(withoutWrites))}), mit ${list(withWrites)} (Median ${Math.round(median(withWrites))})${cpu}${again}`
}
