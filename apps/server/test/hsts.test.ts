/**
 * `Strict-Transport-Security` only on answers to requests that came over TLS: over plain HTTP the
 * header means nothing to a browser and tells the operator a wrong story. Behind a TLS-ending
 * proxy the request is HTTPS when a trusted proxy says so in `X-Forwarded-Proto`; the same header
 * from any other client changes nothing.
 */
import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../src/platform/config'
import { useTestContext, type TestContext } from './helper'

const HSTS = 'strict-transport-security'

const health = (ctx: TestContext, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/api/health/live', remoteAddress, headers })

describe('Strict-Transport-Security behind the proxies of TRUST_PROXY', () => {
  const { ctx } = useTestContext([], () => ({
    config: {
      trustProxy: loadConfig({
        ...process.env,
        TRUST_PROXY: '10.0.0.0/8',
        DATA_DIR: tmpdir(),
        JWT_SECRET: 'x'.repeat(32),
      }).trustProxy,
    },
  }))

  it('is not sent over plain HTTP', async () => {
    for (const remoteAddress of ['127.0.0.1', '203.0.113.7', '10.1.2.3']) {
      const response = await health(ctx, remoteAddress)
      expect(response.statusCode).toBe(200)
      expect(response.headers[HSTS], remoteAddress).toBeUndefined()
    }
    // a trusted proxy that says the client spoke plain HTTP
    const plain = await health(ctx, '10.1.2.3', { 'x-forwarded-proto': 'http' })
    expect(plain.headers[HSTS]).toBeUndefined()
  })

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    const response = await health(ctx, '10.1.2.3', { 'x-forwarded-proto': 'https' })
    expect(response.statusCode).toBe(200)
    expect(response.headers[HSTS]).toBe('max-age=31536000; includeSubDomains')
    // also on an error answer
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/gibt-es-nicht',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.headers[HSTS]).toBe('max-age=31536000; includeSubDomains')
  })

  it('is not sent when a client outside TRUST_PROXY claims HTTPS', async () => {
    for (const remoteAddress of ['203.0.113.7', '127.0.0.1']) {
      const response = await health(ctx, remoteAddress, { 'x-forwarded-proto': 'https' })
      expect(response.statusCode).toBe(200)
      expect(response.headers[HSTS], remoteAddress).toBeUndefined()
    }
  })
})
