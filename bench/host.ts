/**
 * What the virtual machine's host took of its processors (decision 076): Linux counts in
 * /proc/stat, per processor and in sum, the time a virtual processor was ready to run while the
 * hypervisor ran something else ("steal"). Runs of a few seconds on a shared host lose from none
 * to a third of their time that way, more than the effects the benchmark compares.
 */
import { readFileSync } from 'node:fs'

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
