import { describe, expect, it } from 'vitest'
import { memoryChange, renderMarkdown, soakWindows, type BenchReport } from './report'
import type { RunFigures } from './targets'

const run = (p50: number, extra: Partial<RunFigures> = {}): RunFigures => ({
  requestsPerSecond: 1_600,
  latencyMs: { p50, p90: p50 * 2, p99: p50 * 3, max: p50 * 5 },
  throughputBytesPerSecond: 2 * 1024 * 1024,
  requests: 32_000,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  ...extra,
})

const report = (): BenchReport => ({
  startedAt: '2026-11-21T10:00:00.000Z',
  machine: {
    cpu: 'Test CPU',
    cores: 2,
    memoryGb: 4,
    node: 'v20.20.0',
    os: 'Linux',
    postgres: '17.2',
    commit: 'abc1234',
  },
  options: { scale: 1, durationSeconds: 5, soakMinutes: 1, portal: false },
  seedSeconds: { postgres: 2.345 },
  seedRows: { postgres: { connections: 28, points_of_delivery: 185, measurements: 14_000 } },
  importSeconds: { postgres: { seconds: 1.25, rows: 32_408 } },
  scenarios: [
    {
      scenario: 'search-50',
      description: 'connections-search, limit=50',
      database: 'postgres',
      run: run(4, { answer: '50 Zeilen' }),
    },
    {
      scenario: 'download-5mb',
      description: 'Download 5 MB',
      database: 'postgres',
      run: run(30, { non2xx: 7 }),
    },
  ],
  sql: [{ scenario: 'search-50', database: 'postgres', run: run(2) }],
  memory: null,
  portal: null,
  problems: ['Portal-Messung: Chromium fehlt'],
})

describe('renderMarkdown', () => {
  it('writes machine, seed, one row per scenario with target and verdict, and the SQL ratio', () => {
    const markdown = renderMarkdown(report())
    expect(markdown).toContain('Test CPU, 2 Kerne')
    expect(markdown).toContain('Demodaten auf PostgreSQL: 2.3 s')
    expect(markdown).toContain(
      'Import des Austauschformats in eine leere Datenbank auf PostgreSQL: 1.3 s (32408 Datensätze)',
    )
    expect(markdown).toContain(
      '| connections-search, limit=50 | PostgreSQL | 50 Zeilen | 1600 | 4.00 | 8.00 | 12.0 | 20.0 | 2.0 MB/s | 0 | >= 1500 req/s, p99 <= 15 ms, p50 <= 1.5 x SQL p50 | **nein** |',
    )
    // the ratio 4 / 2 = 2 misses the 1.5, and the table says why
    expect(markdown).toContain('| search-50 | PostgreSQL | 1600 | 2.00 | 6.00 | 2.00 |')
    expect(markdown).toContain('**7 nicht-2xx**')
    expect(markdown).toContain('- Portal-Messung: Chromium fehlt')
  })
})

describe('memory soak windows', () => {
  it('uses a minute of warm-up and one-minute windows on a 10-minute soak', () => {
    expect(soakWindows(600)).toEqual({ warmUp: 60, window: 60 })
    expect(soakWindows(60)).toEqual({ warmUp: 12, window: 24 })
  })

  it('compares the mean RSS of the first window after warm-up with the last window', () => {
    const samples = Array.from({ length: 120 }, (_, i) => {
      const second = (i + 1) * 5
      const rssMb = second < 60 ? 300 : second < 120 ? 100 : second >= 540 ? 105 : 102
      return { second, rssMb }
    })
    const change = memoryChange(samples, 600)
    expect(change.firstMb).toBe(100)
    expect(change.lastMb).toBe(105)
    expect(change.changePercent).toBeCloseTo(5)
  })
})
