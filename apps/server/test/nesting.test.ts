/**
 * Deeply nested JSON is refused with 400 before anything walks it: 8,000 `[` in the unauthenticated
 * sign-in once overflowed the stack of the text check and answered 500. Over real HTTP, the JSON
 * bodies of the API, the JSON in the legacy form field and in the upload's `activity` field.
 */
import type { AddressInfo } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../src/platform/auth/demo-password'
import { multipart } from './fixtures/files'
import { useTestContext } from './helper'

const TOO_DEEP = {
  code: 'TOO_DEEPLY_NESTED',
  detail: 'Die Anfrage ist zu tief verschachtelt (höchstens 32 Ebenen).',
}

const arrays = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth)
const objects = (depth: number, inner = '1') => '{"a":'.repeat(depth) + inner + '}'.repeat(depth)
/** Arrays and objects in turn. */
const mixed = (depth: number) => '[{"a":'.repeat(depth / 2) + '1' + '}]'.repeat(depth / 2)

describe('deeply nested JSON', () => {
  const { ctx, as } = useTestContext(['verwalter', 'eigentuemer'])
  let base: string
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  })

  const post = async (url: string, body: string | Buffer, headers: Record<string, string>) => {
    const response = await fetch(`${base}${url}`, { method: 'POST', headers, body })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const json = { 'content-type': 'application/json' }
  const signIn = (body: string) => post('/api/token', body, json)
  const search = (body: string) =>
    post('/api/persistence/connections-search?limit=5', body, { ...json, ...as.verwalter })

  it('refuses 8,000 nested arrays in the unauthenticated sign-in with 400', async () => {
    expect(await signIn(arrays(8_000))).toEqual({ status: 400, body: TOO_DEEP })
    expect(await signIn(`{"username":${arrays(8_000)},"password":"x"}`)).toEqual({
      status: 400,
      body: TOO_DEEP,
    })
    expect(await signIn(objects(2_500))).toEqual({ status: 400, body: TOO_DEEP })
  })

  it('refuses 8,000 and 100,000 nested arrays and objects in a signed-in JSON route with 400', async () => {
    for (const depth of [8_000, 100_000]) {
      for (const body of [arrays(depth), objects(depth), mixed(depth)]) {
        expect(await search(body), `${depth}: ${body.slice(0, 12)}`).toEqual({
          status: 400,
          body: TOO_DEEP,
        })
      }
      expect(await search(`{"filters":${arrays(depth)}}`)).toEqual({ status: 400, body: TOO_DEEP })
    }
  })

  it('refuses deep nesting in JSON a route parses itself (legacy form field, upload field)', async () => {
    const legacy = await post('/api/legacy', `json=${arrays(5_000)}`, {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(legacy).toEqual({ status: 400, body: { ...TOO_DEEP, field: 'json' } })
    const upload = multipart({ activity: objects(10_000) })
    const response = await post('/api/persistence/activities', upload.payload, {
      ...as.eigentuemer,
      ...upload.headers,
    })
    expect(response).toEqual({ status: 400, body: { ...TOO_DEEP, field: 'activity' } })
  })

  it('takes 32 levels, refuses 33, and does not count brackets inside strings', async () => {
    // 32 levels pass the check: the sign-in's own validation answers
    const deepest = await signIn(`{"username":${arrays(31)},"password":"x"}`)
    expect(deepest.status).toBe(400)
    expect(deepest.body.code).toBe('VALIDATION_FAILED')
    expect(await signIn(`{"username":${arrays(32)},"password":"x"}`)).toEqual({
      status: 400,
      body: TOO_DEEP,
    })
    // brackets in strings (also after an escaped quote) are text
    const name = JSON.stringify(`\\"${'[{'.repeat(20)}`)
    const wrong = await signIn(`{"username":${name},"password":"falsch-falsch"}`)
    expect(wrong.status).toBe(401)
  })

  it('answers normally nested bodies as before', async () => {
    const response = await search(
      JSON.stringify({ filters: [{ property: 'companyCode', type: 'eq', value: '1000' }] }),
    )
    expect(response.status).toBe(200)
    const signedIn = await signIn(
      JSON.stringify({ username: 'verwalter', password: DEMO_PASSWORD }),
    )
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.token).toEqual(expect.any(String))
  })
})
