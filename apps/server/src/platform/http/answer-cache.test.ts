/**
 * One computation per miss (decision 053): the answer cache on a route of its own, whose handler waits
 * until the test lets it answer, so that every request is under way before the first answer exists.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import answerCachePlugin from './answer-cache'
import type { AnswerOutcome, PortalMetrics } from './metrics'

const REQUESTS = 6

/** A gate the handler waits at: `open` lets every waiting and later computation answer. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

describe('answer cache: one computation per miss', () => {
  let app: FastifyInstance
  let outcomes: AnswerOutcome[]
  let computations: number
  let arrived: number
  let answerGate: ReturnType<typeof gate>
  let status: number

  beforeEach(async () => {
    outcomes = []
    computations = 0
    arrived = 0
    answerGate = gate()
    status = 200
    app = Fastify({ logger: false })
    app.decorate('metrics', {
      signInFailed: () => {},
      uploadAnswered: () => {},
      answerServed: (outcome) => outcomes.push(outcome),
    } satisfies PortalMetrics)
    // what the token check sets: who asks and the data version of the same statement
    app.addHook('onRequest', async (request: FastifyRequest) => {
      request.user = { userId: 'u1', userName: 'verwalter', companyCode: '1000' } as never
      request.dataVersion = String(request.headers['x-version'] ?? '7')
    })
    // registered before the cache's: counts the requests that reached it
    app.addHook('preValidation', async () => {
      arrived += 1
    })
    await app.register(answerCachePlugin)
    app.post('/answer', { config: { cachedAnswer: { per: 'scope' } } }, async (_request, reply) => {
      computations += 1
      await answerGate.opened
      return reply.code(status).send({ computation: computations })
    })
    await app.ready()
  })
  afterEach(() => app.close())

  /** Starts `count` identical requests and opens the gate once all are waiting at the cache. */
  async function concurrently(count: number, headers: Record<string, string> = {}) {
    const answers = Array.from({ length: count }, () =>
      app.inject({ method: 'POST', url: '/answer', payload: { q: 1 }, headers }),
    )
    while (arrived < count) await new Promise((resolve) => setImmediate(resolve))
    // the cache's hook follows the counting one without any I/O between
    await new Promise((resolve) => setImmediate(resolve))
    answerGate.open()
    return Promise.all(answers)
  }

  it('computes an answer once for requests that ask for it at the same time', async () => {
    const answers = await concurrently(REQUESTS)
    expect(computations).toBe(1)
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(REQUESTS).fill(200))
    expect(new Set(answers.map((answer) => answer.body))).toEqual(
      new Set([JSON.stringify({ computation: 1 })]),
    )
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1)
    expect(outcomes.sort()).toEqual(['computed', ...Array(REQUESTS - 1).fill('shared')])
  })

  it('lets each waiter compute its own when the first computation keeps no answer', async () => {
    status = 503
    const answers = await concurrently(3)
    expect(answers.map((answer) => answer.statusCode)).toEqual([503, 503, 503])
    expect(computations).toBe(3)
    expect(outcomes).toEqual(['computed', 'computed', 'computed'])
  })

  it('does not share an answer across data versions', async () => {
    const first = app.inject({
      method: 'POST',
      url: '/answer',
      payload: { q: 1 },
      headers: { 'x-version': '7' },
    })
    const second = app.inject({
      method: 'POST',
      url: '/answer',
      payload: { q: 1 },
      headers: { 'x-version': '8' },
    })
    while (arrived < 2) await new Promise((resolve) => setImmediate(resolve))
    await new Promise((resolve) => setImmediate(resolve))
    answerGate.open()
    const answers = await Promise.all([first, second])
    expect(computations).toBe(2)
    expect(answers[0].headers.etag).not.toBe(answers[1].headers.etag)
  })

  it('serves a kept answer afterwards and a 304 to its ETag', async () => {
    const [computed] = await concurrently(1)
    const kept = await app.inject({ method: 'POST', url: '/answer', payload: { q: 1 } })
    expect(kept.body).toBe(computed!.body)
    const unchanged = await app.inject({
      method: 'POST',
      url: '/answer',
      payload: { q: 1 },
      headers: { 'if-none-match': String(computed!.headers.etag) },
    })
    expect(unchanged.statusCode).toBe(304)
    expect(computations).toBe(1)
    expect(outcomes).toEqual(['computed', 'kept', 'not_modified'])
  })
})
