import { createServer, type Server, type Socket } from 'node:net'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PASSWORD_RESET_REQUESTED_MESSAGE } from '../../src/processes/password-reset'
import { users } from '../../src/persistence/schema'
import { createTestContext, type TestContext } from '../helper'

const RESET = '/api/processes/customer-portal/password-reset'

/** Five reset calls a minute per address: every call of these tests comes from its own address. */
let nextAddress = 0
const freshAddress = () => {
  nextAddress++
  return `10.30.${nextAddress >> 8}.${nextAddress & 255}`
}

const requestReset = (ctx: TestContext, payload: { businessPartner: string; mail: string }) =>
  ctx.app.inject({ method: 'POST', url: RESET, payload, remoteAddress: freshAddress() })

async function ownerOf(ctx: TestContext) {
  const [owner] = await ctx.database.db
    .select({ businessPartner: users.businessPartner, mail: users.mail })
    .from(users)
    .where(eq(users.userName, 'eigentuemer'))
  return { businessPartner: owner!.businessPartner!, mail: owner!.mail }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('password reset tells nobody who has an account (issue 11)', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  const mailsInOutbox = async () => {
    try {
      return (await readdir(path.join(ctx.config.dataDir, 'outbox'))).length
    } catch {
      return 0
    }
  }

  it('answers an existing and an unknown user in the same time (medians of 30 within 20 %)', async () => {
    const owner = await ownerOf(ctx)
    const unknown = { businessPartner: owner.businessPartner, mail: 'niemand@example.org' }
    let mails = await mailsInOutbox()
    const timed = async (payload: typeof owner) => {
      const started = performance.now()
      const response = await requestReset(ctx, payload)
      const elapsed = performance.now() - started
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ successMessage: PASSWORD_RESET_REQUESTED_MESSAGE })
      if (payload === owner) {
        // the link is stored and mailed after the answer: wait for it, so that it does not slow
        // the next call
        mails++
        await vi.waitFor(async () => expect(await mailsInOutbox()).toBe(mails), { interval: 1 })
      }
      // the same pause after either, so that each call starts from a quiet server
      await new Promise((resolve) => setTimeout(resolve, 2))
      return elapsed
    }
    // warm-up: the first calls compile the route's code paths
    for (let i = 0; i < 10; i++) {
      await timed(owner)
      await timed(unknown)
    }
    const existingMs: number[] = []
    const unknownMs: number[] = []
    for (let i = 0; i < 30; i++) {
      // in the order ABBA, so that a drift of the machine's speed hits both alike
      if (i % 2 === 0) {
        existingMs.push(await timed(owner))
        unknownMs.push(await timed(unknown))
      } else {
        unknownMs.push(await timed(unknown))
        existingMs.push(await timed(owner))
      }
    }
    const existing = median(existingMs)
    const missing = median(unknownMs)
    console.log(
      `password reset medians over 30 calls: existing ${existing.toFixed(2)} ms, unknown ${missing.toFixed(2)} ms`,
    )
    expect(Math.max(existing, missing) / Math.min(existing, missing)).toBeLessThanOrEqual(1.2)
  })
})

describe('password reset with a failing mail server (issue 11)', () => {
  it('answers 200 with the same message when the SMTP server refuses the connection, and logs it', async () => {
    const ctx = await createTestContext({
      config: { smtpUrl: `smtp://127.0.0.1:${await closedPort()}` },
    })
    try {
      const logged = vi.spyOn(ctx.app.log, 'error')
      const response = await requestReset(ctx, await ownerOf(ctx))
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ successMessage: PASSWORD_RESET_REQUESTED_MESSAGE })
      await vi.waitFor(() =>
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ err: expect.anything() as unknown }),
          expect.stringMatching(/mail/i),
        ),
      )
    } finally {
      await ctx.close()
    }
  })

  it('answers without waiting for an SMTP server that does not answer', async () => {
    const sockets = new Set<Socket>()
    const silent: Server = createServer((socket) => sockets.add(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as { port: number }
    const ctx = await createTestContext({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } })
    try {
      const started = performance.now()
      const response = await requestReset(ctx, await ownerOf(ctx))
      expect(response.statusCode).toBe(200)
      expect(performance.now() - started).toBeLessThan(5_000)
      // the mail goes out after the answer: the server connects, the SMTP server stays silent
      await vi.waitFor(() => expect(sockets.size).toBe(1))
    } finally {
      for (const socket of sockets) socket.destroy()
      await ctx.close()
      await new Promise((resolve) => silent.close(resolve))
    }
  })
})
