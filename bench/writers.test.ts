import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import {
  alternatingAnswer,
  disturbed,
  serverMsPerRequest,
  startWriter,
  writingAnswer,
} from './writers'

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
    // the failed writes by status, the most frequent first; 0 is a write without an answer
    expect(
      writingAnswer(10, 10, {
        writes: 40,
        failed: 4,
        failures: { '0': 1, '409': 2, '503': 1 },
        p50: 30,
        p99: 310,
      }),
    ).toBe(
      '100 % 304, 40 Schreibvorgänge p50 30 ms, p99 310 ms, 4 gescheitert (409: 2, keine Antwort: 1, 503: 1)',
    )
    // the writer's own processor time per write (its process, decision 081)
    expect(
      writingAnswer(10, 10, { writes: 20, failed: 0, p50: 9, p99: 20, cpuMsPerWrite: 1.84 }),
    ).toBe(
      '100 % 304, 20 Schreibvorgänge p50 9 ms, p99 20 ms, Schreiber 1,8 ms CPU je Schreibvorgang',
    )
  })
})

describe('reads while writing: alternating runs', () => {
  it('lists every run req/s in order, with and without writes, and their medians', () => {
    expect(
      alternatingAnswer({ withoutWrites: [1_500.4, 1_400, 1_600], withWrites: [1_300, 1_450.6] }),
    ).toBe('req/s ohne Schreiben 1500, 1400, 1600 (Median 1500), mit 1300, 1451 (Median 1375)')
  })

  it("adds each run's server processor time per read where it was measured", () => {
    expect(
      alternatingAnswer({
        withoutWrites: [5_000, 5_200],
        withWrites: [4_200, 4_000],
        serverMsPerRead: { withoutWrites: [0.1862, 0.18], withWrites: [0.2, null] },
      }),
    ).toBe(
      'req/s ohne Schreiben 5000, 5200 (Median 5100), mit 4200, 4000 (Median 4100); Server-CPU je Anfrage ohne Schreiben 0.186, 0.180 ms, mit 0.200, – ms (Schreibvorgänge eingerechnet)',
    )
    // 93 % of one processor at 5,000 req/s: 0.186 ms each
    expect(serverMsPerRequest({ cpu: { serverPercent: 93 }, requestsPerSecond: 5_000 })).toBe(0.186)
    expect(serverMsPerRequest({ requestsPerSecond: 5_000 })).toBeNull()
    expect(serverMsPerRequest({ cpu: { serverPercent: 93 }, requestsPerSecond: 0 })).toBeNull()
  })

  it('names the runs measured again because the host took more than the limit, with their share', () => {
    expect(
      alternatingAnswer({
        withoutWrites: [1_500, 1_400, 1_600],
        withWrites: [1_300, 1_450, 1_500],
        discarded: [
          { writing: true, requestsPerSecond: 900.2, stolenPercent: 31.04 },
          { writing: false, requestsPerSecond: 1_100, stolenPercent: 4.5 },
        ],
      }),
    ).toBe(
      'req/s ohne Schreiben 1500, 1400, 1600 (Median 1500), mit 1300, 1450, 1500 (Median 1450); noch einmal gemessen (Host-Steal): mit 900 req/s bei 31.0 %, ohne 1100 req/s bei 4.5 %',
    )
  })

  it('says when the last repetition was disturbed too', () => {
    expect(
      alternatingAnswer({
        withoutWrites: [1_500, 900, 1_600],
        withWrites: [1_300, 1_450, 1_500],
        discarded: [
          { writing: false, requestsPerSecond: 950, stolenPercent: 12 },
          { writing: false, requestsPerSecond: 920, stolenPercent: 13 },
        ],
        disturbedKept: true,
      }),
    ).toBe(
      'req/s ohne Schreiben 1500, 900, 1600 (Median 1500), mit 1300, 1450, 1500 (Median 1450); noch einmal gemessen (Host-Steal): ohne 950 req/s bei 12.0 %, ohne 920 req/s bei 13.0 %; auch die letzte Wiederholung gestört: nicht bewertet',
    )
  })

  it('measures a run again when the host took more than 3 % of the machine, not at 3 % or unknown', () => {
    expect(disturbed({ stolenPercent: 3.01 })).toBe(true)
    expect(disturbed({ stolenPercent: 3 })).toBe(false)
    expect(disturbed({ stolenPercent: 0 })).toBe(false)
    expect(disturbed({})).toBe(false)
  })
})

describe('the writer process (decision 081)', () => {
  it('changes the lines in turn in its own process, and carries their versions and notes over', async () => {
    const notes: string[] = []
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const { note, version } = JSON.parse(Buffer.concat(chunks).toString()) as {
          note: string
          version: number
        }
        notes.push(`${request.method} ${request.url} ${note}`)
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ version: version + 1 }))
      })
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    const lines = [
      { distribution: 'V1', guid: 'a', version: 1 },
      { distribution: 'V1', guid: 'b', version: 7 },
    ]
    try {
      const writer = await startWriter(`http://127.0.0.1:${port}`, 'token', lines, 50)
      await setTimeout(300)
      const figures = await writer.stop()
      expect(figures.failed).toBe(0)
      expect(figures.writes).toBe(notes.length)
      expect(figures.writes).toBeGreaterThanOrEqual(2)
      expect(figures.cpuMsPerWrite).toBeGreaterThan(0)
      // the lines in turn, each write with the version the one before it left
      const perLine = (guid: string) => notes.filter((note) => note.includes(`/${guid} `)).length
      expect(lines[0]!.version).toBe(1 + perLine('a'))
      expect(lines[1]!.version).toBe(7 + perLine('b'))
      expect(notes[0]).toBe(
        'PATCH /api/persistence/operating-costs/V1/working-expenses/a Schreiber 1',
      )
      // a second writer goes on with the next note
      const next = await startWriter(`http://127.0.0.1:${port}`, 'token', lines, 50)
      await setTimeout(100)
      await next.stop()
      const numbers = notes.map((note) => Number(note.split(' ').at(-1))).sort((a, b) => a - b)
      expect(numbers).toEqual(numbers.map((_, index) => index + 1))
    } finally {
      server.close()
    }
  })
})
