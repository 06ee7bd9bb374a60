import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  compareAnswers,
  comparableHeaders,
  firstDifference,
  headerDifferences,
  referenceRatios,
} from './compare'
import type { RunFigures } from './targets'

const run = (requestsPerSecond: number, p50: number): RunFigures => ({
  requestsPerSecond,
  latencyMs: { p50, p90: p50 * 2, p99: p50 * 3, max: p50 * 4 },
  throughputBytesPerSecond: 0,
  requests: 1000,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
})

describe('firstDifference', () => {
  it('is -1 for equal bytes, else the first differing offset or the shorter length', () => {
    const bytes = (text: string) => Buffer.from(text)
    expect(firstDifference(bytes('{"a":1}'), bytes('{"a":1}'))).toBe(-1)
    expect(firstDifference(bytes(''), bytes(''))).toBe(-1)
    expect(firstDifference(bytes('{"a":1}'), bytes('{"a":2}'))).toBe(5)
    expect(firstDifference(bytes('{"a":1}'), bytes('{"a":1} '))).toBe(7)
    expect(firstDifference(bytes('ä'), bytes('a'))).toBe(0)
  })
})

describe('referenceRatios', () => {
  it('divides the product by the reference: req/s above 1 and p50 below 1 are the product ahead', () => {
    expect(referenceRatios(run(300, 30), run(750, 12))).toEqual({
      requestsPerSecond: 0.4,
      p50: 2.5,
    })
    expect(referenceRatios(run(1600, 5), run(800, 10))).toEqual({ requestsPerSecond: 2, p50: 0.5 })
  })

  it('gives no number when the reference measured nothing', () => {
    const ratios = referenceRatios(run(300, 30), run(0, 0))
    expect(ratios.requestsPerSecond).toBeNaN()
    expect(ratios.p50).toBeNaN()
  })
})

describe('headers', () => {
  it('leaves out what differs by nature and blanks the CSP nonces', () => {
    const headers = comparableHeaders({
      date: 'Mon, 23 Nov 2026 18:34:24 GMT',
      connection: 'keep-alive',
      'keep-alive': 'timeout=72',
      'Content-Type': 'application/json; charset=utf-8',
      'content-security-policy': "script-src 'self' 'nonce-abc';style-src 'self' 'nonce-def'",
    })
    expect(headers).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'content-security-policy': "script-src 'self' 'nonce-…';style-src 'self' 'nonce-…'",
    })
    expect(
      headerDifferences(
        { 'content-type': 'a', 'cache-control': 'no-store', 'x-frame-options': 'DENY' },
        { 'content-type': 'a', 'cache-control': 'private', 'x-extra': '1' },
      ),
    ).toEqual(['cache-control', 'x-extra', 'x-frame-options'])
  })
})

describe('compareAnswers', () => {
  /** Two servers that answer the same but for one path, where the second writes another byte. */
  const servers: http.Server[] = []
  const urls: string[] = []

  beforeAll(async () => {
    for (const variant of ['product', 'reference']) {
      const server = http.createServer((request, response) => {
        const differs = variant === 'reference' && request.url === '/differs'
        const body = `{"user":"${request.headers.authorization}","value":${differs ? 2 : 1}}`
        response.writeHead(200, {
          'content-type': 'application/json',
          'x-server': request.url === '/header' ? variant : 'same',
        })
        response.end(body)
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      servers.push(server)
      urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    }
  })

  afterAll(() => {
    for (const server of servers) server.close()
  })

  const users = [
    { userName: 'verwalter', token: 'a' },
    { userName: 'eigentuemer', token: 'b' },
  ]

  it('counts the answers of every request for every user when all are equal', async () => {
    const check = await compareAnswers(urls[0]!, urls[1]!, [{ method: 'GET', path: '/x' }], users)
    expect(check).toEqual({ equal: true, answers: 2, bytes: 58, headerDifferences: [] })
  })

  it('names user, request and the first differing byte, and stops there', async () => {
    const check = await compareAnswers(
      urls[0]!,
      urls[1]!,
      [
        { method: 'GET', path: '/x' },
        { method: 'POST', path: '/differs', body: '{}' },
      ],
      users,
    )
    expect(check.equal).toBe(false)
    expect(check.answers).toBe(2)
    expect(check.mismatch).toEqual({
      user: 'verwalter',
      request: 'POST /differs',
      offset: 27,
      productStatus: 200,
      referenceStatus: 200,
      productBytes: 29,
      referenceBytes: 29,
    })
  })

  it('lists a header that differs once, with where it was seen first', async () => {
    const check = await compareAnswers(
      urls[0]!,
      urls[1]!,
      [{ method: 'GET', path: '/header' }],
      users,
    )
    expect(check.equal).toBe(true)
    expect(check.headerDifferences).toEqual([
      'x-server: Produkt product, Referenz reference (verwalter, GET /header)',
    ])
  })
})
