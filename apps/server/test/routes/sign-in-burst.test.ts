import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Passwords from '../../src/platform/auth/passwords'
import { DEMO_PASSWORD } from '../../src/platform/auth/demo-password'
import { signInRequest, useTestContext } from '../helper'

/** Every argon2 verification the server runs, counted, with how many ran at once. */
const verifications = vi.hoisted(() => ({ count: 0, running: 0, mostAtOnce: 0 }))

vi.mock('../../src/platform/auth/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof Passwords>()
  return {
    ...actual,
    async verifyPassword(passwordHash: string, password: string) {
      verifications.count++
      verifications.running++
      verifications.mostAtOnce = Math.max(verifications.mostAtOnce, verifications.running)
      try {
        return await actual.verifyPassword(passwordHash, password)
      } finally {
        verifications.running--
      }
    },
  }
})

const { ctx } = useTestContext()
beforeEach(() => {
  Object.assign(verifications, { count: 0, running: 0, mostAtOnce: 0 })
})

const signInAs = (username: string, password: string, remoteAddress: string) =>
  signInRequest(ctx.app, { username, password }, remoteAddress)

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1
    return counts
  }, {})

describe('a burst of parallel sign-ins (decision 002)', () => {
  it('verifies at most ten of 200 parallel wrong passwords for one user name and refuses the right one inside the burst', async () => {
    const burst = Array.from({ length: 200 }, (_, i) =>
      // the right password in the middle of the burst, every attempt from its own address
      signInAs('verwalter', i === 100 ? DEMO_PASSWORD : 'falsch', `10.20.${i >> 8}.${i & 255}`),
    )
    const answers = await Promise.all(burst)
    const statuses = answers.map((answer) => answer.statusCode)
    expect(verifications.count).toBeLessThanOrEqual(10)
    expect(statuses[100]).toBe(429)
    expect(answers[100]!.json<{ detail: string }>().detail).toMatch(/Zu viele Versuche/)
    expect(tally(statuses)[200]).toBeUndefined()
    expect(tally(statuses)[401]).toBeLessThanOrEqual(10)
    console.log(
      `200 parallel wrong sign-ins for one name: ${verifications.count} verified`,
      tally(statuses),
    )
  })

  it('verifies at most ten of 200 parallel sign-ins from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => signInAs(`rate${i}`, 'falsch', '10.21.0.1')),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(verifications.count).toBeLessThanOrEqual(10)
    expect(tally(statuses)[401]).toBeLessThanOrEqual(10)
    expect((tally(statuses)[401] ?? 0) + (tally(statuses)[429] ?? 0)).toBe(200)
    console.log(
      `200 parallel sign-ins from one address: ${verifications.count} verified`,
      tally(statuses),
    )
  })

  it('runs few verifications at once, queues a bounded number and keeps the health check answering', async () => {
    // distinct names and addresses: the throttle lets every one through, the bound must hold
    const burst = Array.from({ length: 200 }, (_, i) =>
      signInAs(`spread${i}`, 'falsch', `10.22.${i >> 8}.${i & 255}`),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    const started = performance.now()
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' })
    const healthMs = performance.now() - started
    const answers = await Promise.all(burst)
    const statuses = answers.map((answer) => answer.statusCode)
    console.log(
      `200 parallel sign-ins of distinct names and addresses: at most ${verifications.mostAtOnce} verifications at once, ${verifications.count} verified, health ${healthMs.toFixed(0)} ms`,
      tally(statuses),
    )
    expect(health.statusCode).toBe(200)
    expect(verifications.mostAtOnce).toBeLessThanOrEqual(4)
    expect(Object.keys(tally(statuses)).sort()).toEqual(['401', '503'])
    const busy = answers.find((answer) => answer.statusCode === 503)!
    expect(busy.json()).toEqual({
      detail: expect.stringMatching(/ausgelastet/) as string,
      code: 'SERVER_BUSY',
    })
    expect(busy.headers['retry-after']).toBeDefined()
  })

  it('still signs the right password in after a burst of others', async () => {
    const response = await signInAs('eigentuemer', DEMO_PASSWORD, '10.23.0.1')
    expect(response.statusCode).toBe(200)
    expect(verifications.count).toBe(1)
  })
})
