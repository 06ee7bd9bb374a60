import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/platform/config'
import { useTestContext, type TestContext } from './helper'

const RESET = '/api/processes/customer-portal/password-reset'
/** The reset limit: five calls a minute per client address. */
const RESET_LIMIT = 5

const reset = (ctx: TestContext, remoteAddress: string, forwardedFor: string) =>
  ctx.app.inject({
    method: 'POST',
    url: RESET,
    payload: { businessPartner: 'P0', mail: 'niemand@example.org' },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  })

/** How many of `count` calls answer 200, each with the `X-Forwarded-For` made for its number. */
async function letThrough(
  ctx: TestContext,
  count: number,
  remoteAddress: string,
  forwardedFor: (i: number) => string,
) {
  let ok = 0
  for (let i = 0; i < count; i++) {
    const response = await reset(ctx, remoteAddress, forwardedFor(i))
    expect([200, 429]).toContain(response.statusCode)
    if (response.statusCode === 200) ok++
  }
  return ok
}

const rotated = (i: number) => `198.51.${i >> 8}.${i & 255}`

/** The configuration read from the environment with `TRUST_PROXY` set to `value`. */
const loadWithTrustProxy = (value: string, dataDir = tmpdir()) =>
  loadConfig({ ...process.env, TRUST_PROXY: value, DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) })

/** The test context of a `describe` block, behind the proxies `TRUST_PROXY=value` trusts. */
const contextTrusting = (value: string) =>
  useTestContext([], () => ({ config: { trustProxy: loadWithTrustProxy(value).trustProxy } })).ctx

describe('TRUST_PROXY as a list of proxy addresses', () => {
  const ctx = contextTrusting('127.0.0.1, 10.0.0.0/8')

  it('limits a client outside the list by its own address however it rotates X-Forwarded-For', async () => {
    const ok = await letThrough(ctx, 91, '203.0.113.7', rotated)
    console.log(`TRUST_PROXY list: ${ok} of 91 rotated calls from an unlisted address answered 200`)
    expect(ok).toBeLessThanOrEqual(RESET_LIMIT)
  })

  it('limits each client behind a listed proxy by the client address', async () => {
    // twenty clients behind the proxy: each has its own limit, none is refused
    expect(await letThrough(ctx, 20, '10.1.2.3', (i) => `192.0.2.${i}`)).toBe(20)
    // one client behind the proxy: limited, whatever it puts in front of the proxy's entry
    const ok = await letThrough(ctx, 20, '10.1.2.3', (i) => `${rotated(i)}, 192.0.2.200`)
    expect(ok).toBe(RESET_LIMIT)
  })
})

describe('TRUST_PROXY as a hop count', () => {
  const ctx = contextTrusting('1')

  it('takes the last hop of X-Forwarded-For as the client', async () => {
    // the proxy appends the address it saw: rotating the entries before it changes nothing
    const ok = await letThrough(ctx, 91, '10.9.9.9', (i) => `${rotated(i)}, 192.0.2.77`)
    console.log(`TRUST_PROXY=1: ${ok} of 91 calls with rotated earlier hops answered 200`)
    expect(ok).toBe(RESET_LIMIT)
    // distinct last hops are distinct clients
    expect(await letThrough(ctx, 10, '10.9.9.9', (i) => `192.0.2.${100 + i}`)).toBe(10)
  })
})

describe('TRUST_PROXY at start', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-config-'))
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))
  const load = (value: string) => loadWithTrustProxy(value, dataDir)

  it('refuses true with a German message naming the alternatives', () => {
    expect(() => load('true')).toThrow(/TRUST_PROXY=true.*X-Forwarded-For.*TRUST_PROXY=1/s)
  })

  it('refuses an entry that is neither an address nor a network', () => {
    expect(() => load('10.0.0.0/8, proxy.example.org')).toThrow(/proxy\.example\.org/)
    expect(() => load('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/)
  })

  it('trusts no proxy when unset, empty, false or 0', () => {
    for (const value of ['', 'false', '0']) expect(load(value).trustProxy).toBe(false)
    expect(
      loadConfig({ ...process.env, DATA_DIR: dataDir, TRUST_PROXY: undefined }).trustProxy,
    ).toBe(false)
  })
})
