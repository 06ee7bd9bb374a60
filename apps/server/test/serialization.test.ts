import { describe, expect, it } from 'vitest'
import { useTestContext } from './helper'

const { ctx } = useTestContext()

describe('response serialisation (decision 010)', () => {
  it('writes every answer with fast-json-stringify; these keep the zod serializer', () => {
    expect(
      ctx.app.zodSerializedRoutes.map((r) => `${r.method} ${r.url} ${r.httpStatus}: ${r.reason}`),
    ).toEqual([])
  })
})
