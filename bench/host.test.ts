import { describe, expect, it } from 'vitest'
import { processorTimesOf, processPercent, processTicksOf, stolenPercent } from './host'

const procStat = (user: number, idle: number, steal: number) =>
  [
    `cpu  ${user} 0 100 ${idle} 5 0 3 ${steal} 40 0`,
    `cpu0 ${user / 2} 0 50 ${idle / 2} 2 0 1 ${steal / 2} 20 0`,
    'intr 12345',
  ].join('\n')

describe('what the host took of the machine', () => {
  it('reads the sum of the first eight counters and the steal counter of the cpu line', () => {
    // guest time (40) is in user already and is not counted twice
    expect(processorTimesOf(procStat(1_000, 8_000, 0))).toEqual({ total: 9_108, stolen: 0 })
    expect(processorTimesOf(procStat(1_000, 8_000, 892))).toEqual({ total: 10_000, stolen: 892 })
  })

  it('gives the share of the time between two readings that the host took', () => {
    const before = processorTimesOf(procStat(1_000, 8_000, 892))
    const after = processorTimesOf(procStat(1_600, 8_300, 992))
    // 600 + 300 + 100 ticks went by, 100 of them stolen
    expect(stolenPercent(before, after)).toBe(10)
    expect(stolenPercent(before, before)).toBeUndefined()
  })

  it('knows nothing without a cpu line or without a reading', () => {
    expect(processorTimesOf('intr 12345')).toBeNull()
    expect(processorTimesOf('cpu  1 2 3')).toBeNull()
    expect(stolenPercent(null, processorTimesOf(procStat(1, 1, 1)))).toBeUndefined()
  })
})

describe('what a process used', () => {
  // /proc/<pid>/stat: pid, the name in parentheses (here with a space and a parenthesis), state,
  // then ppid … utime (14th field) and stime (15th)
  const pidStat = (utime: number, stime: number) =>
    `4711 (node (x) y) S 1 4711 4711 0 -1 4194560 100 0 0 0 ${utime} ${stime} 0 0 20 0 11 0 5 0`

  it('reads utime and stime after the last parenthesis', () => {
    expect(processTicksOf(pidStat(300, 45))).toBe(345)
    expect(processTicksOf('4711 (node) S')).toBeNull()
  })

  it('gives the time used between two readings in % of one processor, a new process from zero', () => {
    const before = processorTimesOf('cpu  1000 0 0 9000 0 0 0 0 0 0')
    // 1,000 ticks of two processors went by: 500 ticks of each
    const after = processorTimesOf('cpu  1600 0 0 9400 0 0 0 0 0 0')
    const ticksBefore = new Map([[1, 100]])
    const ticksAfter = new Map([
      [1, 350],
      [2, 50],
    ])
    // 250 ticks of the first process and 50 of the second, which started meanwhile
    expect(processPercent(ticksBefore, ticksAfter, before, after, 2)).toBe(60)
    expect(processPercent(ticksBefore, new Map(), before, after, 2)).toBeUndefined()
    expect(processPercent(ticksBefore, ticksAfter, before, before, 2)).toBeUndefined()
    expect(processPercent(ticksBefore, ticksAfter, null, after, 2)).toBeUndefined()
  })
})
