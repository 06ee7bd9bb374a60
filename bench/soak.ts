/** The soak: the server's memory under load for minutes. */
import type autocannon from 'autocannon'
import { readFileSync } from 'node:fs'
import { type RecordedCall } from './portal'
import { memoryChange, type MemoryResult } from './report'
import type { Database } from './targets'
import { soakMinutes, log } from './config'
import type { RunningServer } from './servers'
import { sendRecorded, signIn } from './api'
import { figures, load } from './scenarios'

// -- memory -------------------------------------------------------------------------------------

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
  return kb / 1024
}

/** After a run with failures: each call once more, and what the failing ones answer now. */
export async function logFailingCalls(baseUrl: string, token: string, calls: RecordedCall[]) {
  for (const call of calls) {
    const answer = await sendRecorded(baseUrl, token, call)
    if (answer.status < 200 || answer.status > 299) {
      log(`  ${call.method} ${call.path}: ${answer.status} ${JSON.stringify(answer.json)}`)
    }
  }
}

export async function soak(
  kind: Database,
  server: RunningServer,
  portalCalls: RecordedCall[],
): Promise<MemoryResult> {
  const pid = server.process.pid
  if (pid === undefined) throw new Error('Der Server hat keine Prozessnummer.')
  const token = await signIn(server.baseUrl)
  const totalSeconds = soakMinutes * 60
  log(`${kind}: Speicherdauerlauf, gemischtes Szenario ${soakMinutes} min, RSS alle 5 s …`)
  const samples: { second: number; rssMb: number }[] = []
  const started = performance.now()
  const sampler = setInterval(() => {
    samples.push({ second: Math.round((performance.now() - started) / 1000), rssMb: rssMb(pid) })
  }, 5_000)
  let result: autocannon.Result
  try {
    result = await load(server.baseUrl, token, portalCalls, totalSeconds)
  } finally {
    clearInterval(sampler)
  }
  if (result.non2xx > 0) await logFailingCalls(server.baseUrl, token, portalCalls)
  const change = memoryChange(samples, totalSeconds)
  log(
    `  RSS ${change.firstMb.toFixed(1)} MB -> ${change.lastMb.toFixed(1)} MB (${change.changePercent.toFixed(1)} %)`,
  )
  return {
    database: kind,
    minutes: soakMinutes,
    warmUpSeconds: change.warmUp,
    windowSeconds: change.window,
    samples,
    firstMb: change.firstMb,
    lastMb: change.lastMb,
    changePercent: change.changePercent,
    run: figures(result, `${portalCalls.length} Aufrufe`),
  }
}
