import { describe, expect, it } from 'vitest'
import {
  equalityText,
  memoryChange,
  processorShare,
  renderMarkdown,
  soakWindows,
  type BenchReport,
  type ReferenceCheck,
} from './report'
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
      run: run(4, {
        answer: '50 Zeilen',
        stolenPercent: 0.44,
        cpu: { serverPercent: 96.6, databasePercent: 35.2 },
      }),
    },
    {
      scenario: 'download-5mb',
      description: 'Download 5 MB',
      database: 'postgres',
      run: run(30, { non2xx: 7 }),
    },
    {
      scenario: 'search-2000',
      description: 'connections-search, limit=9999',
      database: 'postgres',
      run: run(40, { requestsPerSecond: 20 }),
    },
  ],
  reference: {
    results: [
      {
        scenario: 'search-50',
        description: 'connections-search, limit=50',
        database: 'postgres',
        check: { equal: true, answers: 3, bytes: 40_960, headerDifferences: [] },
        run: run(2, { requestsPerSecond: 800 }),
        ratios: { requestsPerSecond: 2, p50: 2 },
      },
      {
        scenario: 'search-2000',
        description: 'connections-search, limit=9999',
        database: 'postgres',
        check: {
          equal: false,
          answers: 1,
          bytes: 2_600_000,
          headerDifferences: [],
          mismatch: {
            user: 'verwalter',
            request: 'POST /api/persistence/connections-search?limit=9999',
            offset: 1234,
            productStatus: 200,
            referenceStatus: 200,
            productBytes: 2_600_000,
            referenceBytes: 2_600_001,
          },
        },
        run: null,
        ratios: null,
      },
    ],
    skipped: ['PGlite: keine Referenz.'],
  },
  sql: [{ scenario: 'search-50', database: 'postgres', run: run(2) }],
  memory: null,
  portal: null,
  problems: ['Portal-Messung: Chromium fehlt'],
})

describe('renderMarkdown', () => {
  it.each<{ title: string; changes: Partial<BenchReport>; lines: string[] }>([
    {
      title:
        'writes machine, seed, one row per scenario with target and verdict, and the SQL ratio',
      changes: {},
      lines: [
        'Test CPU, 2 Kerne',
        'Demodaten auf PostgreSQL: 2.3 s',
        'Import des Austauschformats in eine leere Datenbank auf PostgreSQL: 1.3 s (32408 Datensätze)',
        // with the share of the machine the host took during the run (decision 076)
        '| connections-search, limit=50 | PostgreSQL | 50 Zeilen | 1600 | 4.00 | 8.00 | 12.0 | 20.0 | 2.0 MB/s | 0 | 0.4 % | 97 % / 35 % / – | >= 1500 req/s, p99 <= 15 ms, p50 <= 1.5 x SQL p50 | **nein** |',
        // a run without the reading (not Linux) leaves the column empty
        '| Download 5 MB | PostgreSQL |  | 1600 | 30.0 | 60.0 | 90.0 | 150.0 | 2.0 MB/s | **7 nicht-2xx** |  |  |  |',
        // the ratio 4 / 2 = 2 misses the 1.5, and the table says why
        '| search-50 | PostgreSQL | 1600 | 2.00 | 6.00 | 2.00 |',
        '**7 nicht-2xx**',
        '- Portal-Messung: Chromium fehlt',
      ],
    },
    {
      title:
        'shows the median of the login on a phone with every run, the rest of its figures of that run',
      changes: {
        portal: {
          javascriptGzipKb: { authenticate: 133.8, dashboard: 232.3 },
          lighthouse: [
            {
              page: 'login',
              formFactor: 'desktop',
              performance: 100,
              accessibility: 100,
              lcpMs: 512,
              tbtMs: 0,
              cls: 0,
              benchmarkIndex: 1210,
            },
            {
              page: 'login',
              formFactor: 'mobile',
              performance: 96,
              accessibility: 100,
              lcpMs: 2101.4,
              tbtMs: 40,
              cls: 0,
              benchmarkIndex: 1187,
              performanceRuns: [97, 96, 93],
            },
          ],
        },
      },
      lines: [
        '| Lighthouse login mobile: Performance | 96 (Median aus 97, 96, 93) | >= 95, Median aus 3 Läufen | ja |',
        '| login | mobile | 96 (97, 96, 93) | 100 | 2101 | 40 | 0.000 | 1187 |',
        '| login | desktop | 100 | 100 | 512 | 0 | 0.000 | 1210 |',
        'Performance als Median',
      ],
    },
    {
      title: 'shows product / reference per scenario with the equality check and the ratio target',
      changes: {},
      lines: [
        '## Produkt / Referenz (derselbe Lauf)',
        '- PGlite: keine Referenz.',
        // 1600 / 800 req/s meets the doubled rate, p50 4 ms / 2 ms misses the equal p50
        '| connections-search, limit=50 | PostgreSQL | gleich (3 Antworten, 40 kB) | 1600 | 800 | 4.00 | 2.00 | 2.00 | 2.00 | 0 | req/s >= 2 x Referenz, p50 <= 1 x Referenz | **nein** |',
        // a mismatch: named, not measured, its target open
        '| connections-search, limit=9999 | PostgreSQL | **verschieden** ab Byte 1234 (verwalter, POST /api/persistence/connections-search?limit=9999: Produkt 2600000 B, Referenz 2600001 B) | 20.0 | – | 40.0 | – | – | – | – | req/s >= 2 x Referenz, p50 <= 1 x Referenz | offen |',
      ],
    },
  ])('$title', ({ changes, lines }) => {
    const markdown = renderMarkdown({ ...report(), ...changes })
    for (const line of lines) expect(markdown).toContain(line)
  })
})

describe('the reference in the report', () => {
  it('says why there is no reference and leaves the section out without one', () => {
    const withoutPostgres = report()
    withoutPostgres.reference = { results: [], skipped: ['Keine Referenz: ohne DATABASE_URL.'] }
    expect(renderMarkdown(withoutPostgres)).toContain('- Keine Referenz: ohne DATABASE_URL.')
    withoutPostgres.reference.skipped = []
    expect(renderMarkdown(withoutPostgres)).not.toContain('Referenz')
  })

  it('words the check: equal answers with their size, a status that differs', () => {
    const check: ReferenceCheck = { equal: true, answers: 3, bytes: 2048, headerDifferences: [] }
    expect(equalityText(check)).toBe('gleich (3 Antworten, 2.0 kB)')
    check.equal = false
    check.mismatch = {
      user: 'fremd',
      request: 'GET /x',
      offset: 0,
      productStatus: 404,
      referenceStatus: 200,
      productBytes: 10,
      referenceBytes: 12,
    }
    expect(equalityText(check)).toBe(
      '**verschieden** ab Byte 0 (fremd, GET /x: Produkt 10 B, Referenz 12 B, Status 404/200)',
    )
  })

  it('lists headers that differ', () => {
    const withHeaders = report()
    withHeaders.reference.results[0]!.check.headerDifferences = [
      'x-frame-options: Produkt SAMEORIGIN, Referenz –',
    ]
    expect(renderMarkdown(withHeaders)).toContain(
      '- search-50: x-frame-options: Produkt SAMEORIGIN, Referenz –',
    )
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

describe('processorShare', () => {
  it('gives the server, PostgreSQL and the load in % of one processor, "–" where not measured', () => {
    expect(
      processorShare({ cpu: { serverPercent: 96.6, databasePercent: 35.2, loadPercent: 61.5 } }),
    ).toBe('97 % / 35 % / 62 %')
    // on PGlite the database runs in the server
    expect(processorShare({ cpu: { serverPercent: 104.4, loadPercent: 40 } })).toBe(
      '104 % / – / 40 %',
    )
    expect(processorShare({ cpu: { serverPercent: 104.4 } })).toBe('104 % / – / –')
    expect(processorShare({})).toBe('')
  })
})
