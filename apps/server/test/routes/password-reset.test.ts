import { createServer, type Server, type Socket } from 'node:net'
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import type { MailMessage } from '../../src/platform/mailer'
import {
  PASSWORD_RESET_REQUESTED_MESSAGE,
  requestPasswordReset,
} from '../../src/modules/accounts/password-reset'
import { passwordResetTokens, users } from '../../src/platform/persistence/schema'
import { createTestContext, useTestContext, type TestContext } from '../helper'

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

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('password reset tells nobody who has an account (decision 002)', () => {
  const { ctx } = useTestContext()

  it('waits for the same work for an existing and an unknown user: the link is stored and mailed after the answer', async () => {
    // Not a stopwatch (that fails on a busy machine): the answer may only wait for the lookup that
    // both cases share. With a queue that holds what is to run after the answer, the call for an
    // existing user has written no link and sent no mail when it returns, and has queued exactly
    // one task; the call for an unknown user queues nothing. Running the task then does both.
    const owner = await ownerOf(ctx)
    const queued: (() => Promise<void>)[] = []
    const later = { enqueue: (_what: string, task: () => Promise<void>) => void queued.push(task) }
    const sent: MailMessage[] = []
    const mailer = { send: async (message: MailMessage) => void sent.push(message) }
    const links = async () => (await ctx.database.db.select().from(passwordResetTokens)).length
    const before = await links()

    await requestPasswordReset(ctx.database.db, later, mailer, 'https://portal.example', {
      businessPartner: owner.businessPartner,
      mail: 'niemand@example.org',
    })
    expect(queued).toHaveLength(0)

    await requestPasswordReset(ctx.database.db, later, mailer, 'https://portal.example', owner)
    expect(queued).toHaveLength(1)
    expect(await links()).toBe(before)
    expect(sent).toEqual([])

    await queued[0]!()
    expect(await links()).toBe(before + 1)
    expect(sent.map((message) => message.to)).toEqual([owner.mail])
  })
})

describe('password reset with a failing mail server (decision 002)', () => {
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
