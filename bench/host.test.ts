import { describe, expect, it } from 'vitest'
import { processorTimesOf, stolenPercent } from './host'

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
