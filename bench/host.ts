/**
 * What the virtual machine's host took of its processors (decision 076): Linux counts in
 * /proc/stat, per processor and in sum, the time a virtual processor was ready to run while the
 * hypervisor ran something else ("steal"). Runs of a few seconds on a shared host lose from none
 * to a third of their time that way, more than the effects the benchmark compares. And what the
 * processes under load used themselves, from /proc/<pid>/stat (decision 080).
 */
import { readdirSync, readFileSync } from 'node:fs'

/** The machine's processor time so far, in clock ticks: all of it and what the host took. */
export interface ProcessorTimes {
  total: number
  stolen: number
}

/**
 * The `cpu` line of /proc/stat: user, nice, system, idle, iowait, irq, softirq, steal, then guest
 * and guest_nice, which user and nice already count.
 */
export function processorTimesOf(procStat: string): ProcessorTimes | null {
  const line = procStat.split('\n').find((row) => row.startsWith('cpu '))
  if (!line) return null
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number)
  if (ticks.length < 8 || ticks.some((tick) => !Number.isFinite(tick))) return null
  return { total: ticks.reduce((sum, tick) => sum + tick, 0), stolen: ticks[7]! }
}

/** This machine's times; null where there is no /proc/stat (not Linux). */
export function processorTimes(): ProcessorTimes | null {
  try {
    return processorTimesOf(readFileSync('/proc/stat', 'utf8'))
  } catch {
    return null
  }
}

/** The share of the machine's processor time between `before` and `after` the host took, in %. */
export function stolenPercent(
  before: ProcessorTimes | null,
  after: ProcessorTimes | null,
): number | undefined {
  if (!before || !after) return undefined
  const total = after.total - before.total
  return total > 0 ? (100 * (after.stolen - before.stolen)) / total : undefined
}

// -- the processes' own time ----------------------------------------------------------------------

/**
 * The processor time a process used so far, in clock ticks: utime and stime, the 14th and 15th
 * fields of /proc/<pid>/stat (the name in parentheses before them may hold spaces).
 */
export function processTicksOf(pidStat: string): number | null {
  const fields = pidStat.slice(pidStat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12])
  return Number.isFinite(ticks) ? ticks : null
}

function readProcess(pid: number, file: 'stat' | 'comm'): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8')
  } catch {
    return null
  }
}

/** The PostgreSQL server's processes on this machine: none where it runs elsewhere or on PGlite. */
export function postgresProcesses(): number[] {
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return []
  }
  return entries
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => readProcess(pid, 'comm')?.trim() === 'postgres')
}

/** The processor time of each of `pids` so far, in clock ticks; a process that is gone is left out. */
export function processTicks(pids: number[]): Map<number, number> {
  const ticks = new Map<number, number>()
  for (const pid of pids) {
    const stat = readProcess(pid, 'stat')
    const used = stat === null ? null : processTicksOf(stat)
    if (used !== null) ticks.set(pid, used)
  }
  return ticks
}

/**
 * What processes used between two readings, in % of one processor: a process started meanwhile
 * counts from zero. `before` and `after` are the machine's times, which count every processor.
 */
export function processPercent(
  ticksBefore: Map<number, number>,
  ticksAfter: Map<number, number>,
  before: ProcessorTimes | null,
  after: ProcessorTimes | null,
  processors: number,
): number | undefined {
  if (!before || !after || ticksAfter.size === 0) return undefined
  const elapsed = (after.total - before.total) / processors
  if (!(elapsed > 0)) return undefined
  let used = 0
  for (const [pid, ticks] of ticksAfter) used += ticks - (ticksBefore.get(pid) ?? 0)
  return (100 * used) / elapsed
}
