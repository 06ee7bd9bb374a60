/**
 * Product against reference (decision 010): the equality check of their answers and the ratios of
 * their runs. The check asks both servers the same requests as every demo user, the way autocannon
 * asks (no compression), and compares the bodies byte for byte and the headers without those that
 * differ by nature (date, connection, the CSP nonces).
 */
import http from 'node:http'
import type { RecordedCall } from './portal'
import type { ReferenceCheck } from './report'
import type { ReferenceRatios, RunFigures } from './targets'

/** The first byte offset where `a` and `b` differ (the shorter length if one is the other's start), or -1. */
export function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return i
  return a.length === b.length ? -1 : length
}

/** Product / reference: req/s (≥ 1 when the product serves more) and p50 (≤ 1 when it is faster). */
export function referenceRatios(product: RunFigures, reference: RunFigures): ReferenceRatios {
  const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? a / b : Number.NaN)
  return {
    requestsPerSecond: ratio(product.requestsPerSecond, reference.requestsPerSecond),
    p50: ratio(product.latencyMs.p50, reference.latencyMs.p50),
  }
}

/**
 * Headers that differ between two answers to the same request whatever the server, and the
 * product's `etag`: the reference keeps and validates nothing (it is the floor without a cache),
 * so it has no validator to send; the product's 304s are reported on their own.
 */
const VARYING_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'etag'])

/** Lower-case names, values as sent, without the varying headers and with the nonces blanked. */
export function comparableHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase()
    if (VARYING_HEADERS.has(key) || value === undefined) continue
    result[key] = [value]
      .flat()
      .join(', ')
      .replace(/'nonce-[^']*'/g, "'nonce-…'")
  }
  return result
}

/** The names of the headers that one answer lacks or that differ in value, sorted. */
export function headerDifferences(
  product: Record<string, string>,
  reference: Record<string, string>,
): string[] {
  const names = new Set([...Object.keys(product), ...Object.keys(reference)])
  return [...names].filter((name) => product[name] !== reference[name]).sort()
}

export interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/** One request as autocannon sends it (no Accept-Encoding), the answer's bytes as they came. */
export function rawRequest(baseUrl: string, token: string, call: RecordedCall): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` }
    if (call.body !== undefined) headers['content-type'] = call.contentType ?? 'application/json'
    const request = http.request(
      new URL(call.path, baseUrl),
      { method: call.method, headers },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: comparableHeaders(response.headers),
            body: Buffer.concat(chunks),
          }),
        )
      },
    )
    request.on('error', reject)
    request.end(call.body)
  })
}

/**
 * Every request of a scenario, as every user, to both servers: equal when every status and body
 * is; the first body that differs is named (user, request, first differing byte). Header
 * differences are listed with the user and request of their first occurrence.
 */
export async function compareAnswers(
  productUrl: string,
  referenceUrl: string,
  requests: readonly RecordedCall[],
  users: readonly { userName: string; token: string }[],
): Promise<ReferenceCheck> {
  const check: ReferenceCheck = { equal: true, answers: 0, bytes: 0, headerDifferences: [] }
  for (const user of users) {
    for (const call of requests) {
      const product = await rawRequest(productUrl, user.token, call)
      const reference = await rawRequest(referenceUrl, user.token, call)
      check.answers++
      check.bytes += product.body.length
      const offset = firstDifference(product.body, reference.body)
      if (offset !== -1 || product.status !== reference.status) {
        check.equal = false
        check.mismatch = {
          user: user.userName,
          request: `${call.method} ${call.path}`,
          offset: Math.max(offset, 0),
          productStatus: product.status,
          referenceStatus: reference.status,
          productBytes: product.body.length,
          referenceBytes: reference.body.length,
        }
        return check
      }
      for (const name of headerDifferences(product.headers, reference.headers)) {
        const known = check.headerDifferences.some((d) => d.startsWith(`${name}:`))
        if (!known) {
          check.headerDifferences.push(
            `${name}: Produkt ${product.headers[name] ?? '–'}, Referenz ${reference.headers[name] ?? '–'} (${user.userName}, ${call.method} ${call.path})`,
          )
        }
      }
    }
  }
  return check
}
