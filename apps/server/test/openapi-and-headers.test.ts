import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './helper'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

describe('OpenAPI document', () => {
  it('documents every route at /api/docs/json', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const document = response.json<{
      openapi: string
      paths: Record<string, Record<string, unknown>>
    }>()
    expect(document.openapi).toMatch(/^3\./)
    const routes = ctx.app.routeTable.filter(
      (r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'),
    )
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}')
      expect(
        document.paths[path]?.[route.method.toLowerCase()],
        `${route.method} ${path}`,
      ).toBeDefined()
    }
  })

  it('serves the documentation page without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
  })
})

describe('security headers and errors', () => {
  it('sends a strict Content-Security-Policy and the other helmet headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['strict-transport-security']).toBeDefined()
  })

  it('answers unknown paths and malformed JSON with a German detail and no stack trace', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/gibt-es-nicht' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ detail: expect.any(String), code: 'NOT_FOUND' })

    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json<{ detail: string }>().detail).toMatch(/ungültig/)
    expect(malformed.body).not.toMatch(/at .*\.(ts|js):\d+/)
  })
})
