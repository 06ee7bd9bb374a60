import Fastify from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import errorsPlugin from './errors'
import { createFastSerializerCompiler, type ZodSerializedRoute } from './serializer'

const GENERIC_500 = {
  detail: 'Leider ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  code: 'INTERNAL_ERROR',
}

const Item = z.object({
  id: z.string(),
  amount: z.string().nullable(),
  count: z.number().int(),
  kind: z.enum(['A', 'B']),
  note: z.string().optional(),
  tags: z.record(z.string(), z.string()),
  detail: z.discriminatedUnion('type', [
    z.object({ type: z.literal('x'), x: z.number() }),
    z.object({ type: z.literal('y'), y: z.string() }),
  ]),
})
const good = {
  id: '1',
  amount: '12.50',
  count: 3,
  kind: 'A',
  tags: { a: 'b' },
  detail: { type: 'y', y: 'z' },
}

describe('fast-json-stringify serializer', () => {
  const fallbacks: ZodSerializedRoute[] = []
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>()
  let answer: unknown

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(createFastSerializerCompiler(fallbacks))
    await app.register(errorsPlugin)
    app.get('/item', { schema: { response: { 200: Item } } }, () => answer as z.output<typeof Item>)
    app.get('/transformed', { schema: { response: { 200: z.object({ at: z.date() }) } } }, () => ({
      at: new Date('2026-01-02T03:04:05Z'),
    }))
    await app.ready()
  })
  afterAll(() => app.close())

  const get = async (url = '/item') => {
    const response = await app.inject({ method: 'GET', url })
    return { status: response.statusCode, body: response.json<unknown>(), raw: response.body }
  }

  it('writes what the schema declares: null, optional, enum, record, discriminated union', async () => {
    answer = { ...good, note: 'n' }
    expect(await get()).toMatchObject({ status: 200, body: { ...good, note: 'n' } })
    answer = { ...good, amount: null, detail: { type: 'x', x: 1.5 } }
    expect((await get()).body).toEqual({ ...good, amount: null, detail: { type: 'x', x: 1.5 } })
  })

  it('drops a property the schema does not declare', async () => {
    answer = { ...good, passwordHash: 'secret', tags: { a: 'b' } }
    const { status, raw } = await get()
    expect(status).toBe(200)
    expect(raw).not.toContain('passwordHash')
    expect(raw).not.toContain('secret')
  })

  it('drops an undeclared property inside a union member too, as zod did', async () => {
    answer = { ...good, detail: { type: 'y', y: 'z', internal: 'secret' } }
    const { status, body, raw } = await get()
    expect(status).toBe(200)
    expect(body).toEqual(good)
    expect(raw).not.toContain('secret')
  })

  it.each([
    ['a missing required property', { ...good, id: undefined }],
    ['null where the schema has no null', { ...good, id: null }],
    ['a number where a string is declared', { ...good, id: 5 }],
    ['a decimal where an integer is declared', { ...good, count: 1.5 }],
    ['a value outside the enum', { ...good, kind: 'C' }],
    ['a branch of no union member', { ...good, detail: { type: 'z' } }],
  ])('answers 500 with the generic message for %s, never a broken body', async (_, broken) => {
    answer = broken
    const { status, body, raw } = await get()
    expect(status).toBe(500)
    expect(body).toEqual(GENERIC_500)
    expect(raw).not.toMatch(/stack|at \w+ \(/)
  })

  it('keeps the zod serializer where JSON Schema cannot express the answer', async () => {
    expect(fallbacks.map((f) => `${f.method} ${f.url} ${f.httpStatus}`)).toEqual([
      'GET /transformed 200',
      'HEAD /transformed 200',
    ])
    expect(await get('/transformed')).toEqual({
      status: 200,
      body: { at: '2026-01-02T03:04:05.000Z' },
      raw: '{"at":"2026-01-02T03:04:05.000Z"}',
    })
  })
})
