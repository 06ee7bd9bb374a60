import { describe, expect, it } from 'vitest'
import { writingAnswer } from './writers'

describe('reads while writing: the answer column', () => {
  it('gives the share of 304s, and the writes with their p50 and p99 when someone wrote', () => {
    expect(writingAnswer(0, 0, null)).toBe('0 % 304')
    expect(writingAnswer(99, 100, null)).toBe('99 % 304')
    expect(writingAnswer(50, 200, { writes: 20, failed: 0, p50: 12, p99: 80 })).toBe(
      '25 % 304, 20 Schreibvorgänge p50 12 ms, p99 80 ms',
    )
    expect(writingAnswer(10, 10, { writes: 40, failed: 2, p50: 30, p99: 310 })).toBe(
      '100 % 304, 40 Schreibvorgänge p50 30 ms, p99 310 ms, 2 gescheitert',
    )
  })
})
