import { describe, expect, it } from 'vitest'
import {
  memoryTarget,
  percentChange,
  portalTargets,
  scenarioTarget,
  type RunFigures,
} from './targets'

const run = (figures: Partial<RunFigures> & { p50?: number; p99?: number } = {}): RunFigures => ({
  requestsPerSecond: figures.requestsPerSecond ?? 2_000,
  latencyMs: { p50: figures.p50 ?? 4, p90: 6, p99: figures.p99 ?? 10, max: 20 },
  throughputBytesPerSecond: 1_000_000,
  requests: 40_000,
  non2xx: figures.non2xx ?? 0,
  errors: figures.errors ?? 0,
  timeouts: 0,
})

describe('percentChange', () => {
  it('is the change in percent of the first value', () => {
    expect(percentChange(100, 110)).toBeCloseTo(10)
    expect(percentChange(200, 150)).toBeCloseTo(-25)
    expect(percentChange(0, 0)).toBe(0)
    expect(percentChange(0, 5)).toBe(Number.POSITIVE_INFINITY)
  })
})

describe('scenarioTarget', () => {
  it('checks the PostgreSQL 50-row search: rate, p99 and p50 against the raw SQL', () => {
    expect(scenarioTarget('search-50', 'postgres', run(), 3)?.met).toBe(true)
    expect(scenarioTarget('search-50', 'postgres', run({ requestsPerSecond: 1_499 }), 3)?.met).toBe(
      false,
    )
    expect(scenarioTarget('search-50', 'postgres', run({ p99: 15.1 }), 3)?.met).toBe(false)
    expect(scenarioTarget('search-50', 'postgres', run({ p50: 4.6 }), 3)?.met).toBe(false)
    // without the SQL figure the ratio is open
    expect(scenarioTarget('search-50', 'postgres', run())?.met).toBeUndefined()
  })

  it('checks PGlite, the 2,000-row answer, and sets no target elsewhere', () => {
    expect(
      scenarioTarget('search-50', 'pglite', run({ requestsPerSecond: 500, p99: 60 }))?.met,
    ).toBe(true)
    expect(scenarioTarget('search-50', 'pglite', run({ requestsPerSecond: 499 }))?.met).toBe(false)
    expect(scenarioTarget('search-2000', 'postgres', run({ p99: 100 }))?.met).toBe(true)
    expect(scenarioTarget('search-2000', 'postgres', run({ p99: 101 }))?.met).toBe(false)
    expect(scenarioTarget('token', 'postgres', run())).toBeUndefined()
    expect(scenarioTarget('search-2000', 'pglite', run())).toBeUndefined()
  })

  it('never counts a run with errors or non-2xx answers as met', () => {
    expect(scenarioTarget('search-50', 'pglite', run({ errors: 1 }))?.met).toBe(false)
    expect(scenarioTarget('search-2000', 'postgres', run({ non2xx: 3 }))?.met).toBe(false)
  })
})

describe('memoryTarget and portalTargets', () => {
  it('accepts a change of up to 10 % either way', () => {
    expect(memoryTarget(9.9).met).toBe(true)
    expect(memoryTarget(-10).met).toBe(true)
    expect(memoryTarget(10.5).met).toBe(false)
  })

  it('checks bundle sizes and Lighthouse scores per page and form factor', () => {
    const lines = portalTargets({
      javascriptGzipKb: { authenticate: 149.9, dashboard: 351 },
      lighthouse: [
        { page: 'login', formFactor: 'desktop', performance: 100, accessibility: 100 },
        { page: 'login', formFactor: 'mobile', performance: 94, accessibility: 100 },
      ],
    })
    expect(lines.map((l) => [l.name, l.target.met])).toEqual([
      ['JavaScript /authenticate (gzip)', true],
      ['JavaScript Dashboard nach Anmeldung (gzip)', false],
      ['Lighthouse login desktop: Performance', true],
      ['Lighthouse login desktop: Barrierefreiheit', true],
      ['Lighthouse login mobile: Performance', false],
      ['Lighthouse login mobile: Barrierefreiheit', true],
    ])
  })
})
