import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './helper'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

describe('response serialisation (decision 010)', () => {
  it('writes every answer with fast-json-stringify; these keep the zod serializer', () => {
    expect(
      ctx.app.zodSerializedRoutes.map((r) => `${r.method} ${r.url} ${r.httpStatus}: ${r.reason}`),
    ).toEqual([])
  })
})
