/**
 * The writer of the reads while writing, in a process of its own (decision 081): it stands in for
 * users on other machines, and its requests must not run on the event loop that drives the reads
 * (autocannon's, in the benchmark's process). The benchmark forks it, sends it a `WriterJob`, and
 * gets back a `WriterOutcome` once it sent `'stop'`.
 */
import http from 'node:http'
import { percentile } from './targets'

export interface WritableLine {
  distribution: string
  guid: string
  version: number
}

export interface WriterJob {
  baseUrl: string
  token: string
  lines: WritableLine[]
  rate: number
  /** The number of the first note: each note differs from every earlier one of the benchmark. */
  firstNote: number
}

export interface WriterOutcome {
  writes: number
  failed: number
  failures: Record<string, number>
  p50: number
  p99: number
  /** The lines with the versions their last writes left, for the next writer. */
  lines: WritableLine[]
  /** The number of the next note. */
  nextNote: number
  /** The writer's processor time from its first write until its last answer, in ms. */
  cpuMs: number
}

/**
 * A cost line's change as a user's browser sends it, over a kept-alive connection, with
 * `node:http` (which costs about half of what `fetch` costs per change).
 */
function changeNote(
  agent: http.Agent,
  baseUrl: string,
  token: string,
  line: WritableLine,
  note: string,
): Promise<{ status: number; version?: number }> {
  const body = JSON.stringify({ note, version: line.version })
  const url = new URL(
    `/api/persistence/operating-costs/${line.distribution}/working-expenses/${line.guid}`,
    baseUrl,
  )
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        agent,
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const status = response.statusCode ?? 0
          if (status !== 200) return resolve({ status })
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { version: number }
          resolve({ status, version: answer.version })
        })
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

/**
 * Changes the note of the job's lines in turn, `rate` times a second, each write started on time
 * whether the one before has answered or not (as users do); `stop` waits for the writes in flight.
 */
export function startWriting(job: WriterJob): { stop(): Promise<WriterOutcome> } {
  const { baseUrl, token, lines, rate } = job
  const latencies: number[] = []
  const inFlight = new Set<Promise<void>>()
  const agent = new http.Agent({ keepAlive: true })
  const failures: Record<string, number> = {}
  let failed = 0
  let count = 0
  let note = job.firstNote
  const cpuBefore = process.cpuUsage()
  async function write() {
    const line = lines[count % lines.length]!
    count += 1
    note += 1
    const started = performance.now()
    const answer = await changeNote(agent, baseUrl, token, line, `Schreiber ${note}`).catch(() => ({
      status: 0,
      version: undefined,
    }))
    latencies.push(performance.now() - started)
    if (answer.version !== undefined) line.version = answer.version
    else {
      failed += 1
      failures[answer.status] = (failures[answer.status] ?? 0) + 1
    }
  }
  const timer = setInterval(() => {
    const running = write().finally(() => inFlight.delete(running))
    inFlight.add(running)
  }, 1000 / rate)
  return {
    async stop() {
      clearInterval(timer)
      await Promise.all(inFlight)
      agent.destroy()
      const cpu = process.cpuUsage(cpuBefore)
      const sorted = latencies.sort((a, b) => a - b)
      return {
        writes: sorted.length,
        failed,
        failures,
        p50: Math.round(percentile(sorted, 50)),
        p99: Math.round(percentile(sorted, 99)),
        lines,
        nextNote: note,
        cpuMs: (cpu.user + cpu.system) / 1000,
      }
    },
  }
}

// forked by the benchmark: one job, then the outcome and the end; a benchmark that ends without
// stopping it (killed, crashed) ends it too
if (process.send) {
  process.once('disconnect', () => process.exit())
  let writing: ReturnType<typeof startWriting> | null = null
  process.on('message', (message: WriterJob | 'stop') => {
    if (message !== 'stop') {
      writing = startWriting(message)
      process.send!('started')
      return
    }
    void writing?.stop().then((outcome) => {
      process.send!(outcome, () => process.exit())
    })
  })
}
