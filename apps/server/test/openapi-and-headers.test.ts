import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTestContext, signInRequest, useTestContext } from './helper'

const { ctx } = useTestContext()

describe('OpenAPI document', () => {
  it('documents every route at /api/docs/json', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const document = response.json<{
      openapi: string
      paths: Record<string, Record<string, unknown>>
    }>()
    expect(document.openapi).toMatch(/^3\./)
    // /metrics is the operator's Prometheus endpoint, not part of the API
    const routes = ctx.app.routeTable.filter(
      (r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs') && r.url !== '/metrics',
    )
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}')
      expect(
        document.paths[path]?.[route.method.toLowerCase()],
        `${route.method} ${path}`,
      ).toBeDefined()
    }
  })

  it('answers the page for /api/docs/static/index.html with a query in at most two hops', async () => {
    for (const start of [
      '/api/docs/static/index.html?x=1',
      '/api/docs/static/index.html?url=/api/docs/json#/session',
      '/api/docs/static/index.html',
      '/api/docs',
    ]) {
      let url = start
      let response = await ctx.app.inject({ method: 'GET', url })
      const visited = [url]
      while (response.statusCode >= 300 && response.statusCode < 400 && visited.length <= 3) {
        const next = new URL(String(response.headers.location), `http://portal.test${url}`)
        url = `${next.pathname}${next.search}`
        visited.push(url)
        response = await ctx.app.inject({ method: 'GET', url })
      }
      expect(response.statusCode, visited.join(' -> ')).toBe(200)
      expect(visited.length, visited.join(' -> ')).toBeLessThanOrEqual(2)
      expect(response.headers['content-type']).toMatch(/text\/html/)
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
    // a plain-HTTP request: HSTS only over TLS (hsts.test.ts)
    expect(response.headers['strict-transport-security']).toBeUndefined()
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

describe('Cache-Control', () => {
  /** Public answers that hold no personal data and are the same for everyone: revalidated. */
  const REVALIDATED = new Set(['GET /api/configuration/customer', 'GET /api/configuration/faq'])

  it('every JSON answer of the API says no-store, also errors and the sign-in', async () => {
    const auth = await ctx.login('verwalter')
    const routes = ctx.app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS' &&
        !r.url.startsWith('/api/docs/static') &&
        // sign the walk's user out; they answer 204 without a body
        r.url !== '/api/token/revoke' &&
        r.url !== '/api/token/revoke-all',
    )
    expect(routes.length).toBeGreaterThan(40)
    let succeeded = 0
    for (const route of routes) {
      const key = `${route.method} ${route.url}`
      const url = route.url.replace(/:(\w+)/g, '1').replace('*', 'x')
      for (const headers of [auth, {}]) {
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        })
        if (!String(response.headers['content-type']).includes('json')) continue
        if (response.statusCode < 300) succeeded += 1
        const expected = REVALIDATED.has(key) ? 'no-cache' : 'no-store'
        expect(response.headers['cache-control'], `${key}: ${response.statusCode}`).toBe(expected)
      }
    }
    expect(succeeded).toBeGreaterThan(5)

    const signIn = await signInRequest(ctx.app, { username: 'verwalter', password: 'Portal#2024!' })
    expect(signIn.statusCode).toBe(200)
    expect(signIn.headers['cache-control']).toBe('no-store')
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/gibt-es-nicht' })
    expect(unknown.headers['cache-control']).toBe('no-store')
  })

  it('the hashed files of the portal stay cacheable', async () => {
    const portalDist = await mkdtemp(path.join(tmpdir(), 'portal-dist-'))
    await mkdir(path.join(portalDist, 'assets'))
    await writeFile(path.join(portalDist, 'index.html'), '<!doctype html><title>Portal</title>')
    await writeFile(path.join(portalDist, 'assets', 'index-Bx3k9a.js'), 'export {}')
    const withPortal = await createTestContext({ portalDist })
    try {
      const asset = await withPortal.app.inject({ method: 'GET', url: '/assets/index-Bx3k9a.js' })
      expect(asset.statusCode).toBe(200)
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const page = await withPortal.app.inject({ method: 'GET', url: '/' })
      expect(page.headers['cache-control']).toBe('no-cache')
    } finally {
      await withPortal.close()
      await rm(portalDist, { recursive: true, force: true })
    }
  })
})
