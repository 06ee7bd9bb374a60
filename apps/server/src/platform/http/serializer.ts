/**
 * The response serializer of every route (decision 010): the route's zod response schema is converted
 * once to JSON Schema (`z.toJSONSchema`, output side) and compiled with fast-json-stringify, which
 * writes only the properties the schema names, so nothing leaks that the schema does not declare.
 *
 * fast-json-stringify coerces rather than checks (a null in a non-nullable string becomes "", a
 * number in a string field "5"); it throws only on a missing required property or a value it cannot
 * convert. So that a response that breaks its schema is never sent silently broken, each answer is
 * first checked by an Ajv validator compiled from the same JSON Schema (a fraction of zod's cost).
 * Either failure throws; the error handler answers 500 with the generic German message and logs the
 * cause. Validator and stringifier are compiled on a route's first answer, so that building the app
 * (once per test file) stays cheap.
 *
 * A schema that JSON Schema cannot express (transforms, dates, custom types …) keeps the zod
 * serializer of fastify-type-provider-zod, for that route and status only; `zodSerializedRoutes`
 * lists them (tested, and logged at start-up).
 */
import { Ajv, type ValidateFunction } from 'ajv'
import type { FastifySerializerCompiler } from 'fastify'
import fastJson from 'fast-json-stringify'
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

type JsonSchema = Record<string, unknown>
type RouteSchema = z.ZodType | { properties: z.ZodType }

/** A route and status whose answer keeps the zod serializer, and why. */
export interface ZodSerializedRoute {
  method: string
  url: string
  httpStatus: string
  reason: string
}

/** Thrown when an answer does not match the route's response schema; never shown to the caller. */
export class ResponseSchemaError extends Error {
  constructor(method: string, url: string, httpStatus: string, details: string) {
    super(`Die Antwort von ${method} ${url} (${httpStatus}) verletzt ihr Schema: ${details}`)
    this.name = 'ResponseSchemaError'
  }
}

/** The JSON Schema of a zod response schema (what the caller receives), or the reason it has none. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'throw',
    cycles: 'throw',
    reused: 'inline',
  })
}

/**
 * The schema both steps use: zod strips unknown properties instead of rejecting them, so
 * `additionalProperties: false` must fail neither the check nor fast-json-stringify's choice of a
 * union member (which rejects an object with an extra property). Without it fast-json-stringify
 * still writes declared properties only.
 */
function strippingSchema(schema: JsonSchema): JsonSchema {
  return JSON.parse(
    JSON.stringify(schema, (key, value: unknown) =>
      key === '$schema' || (key === 'additionalProperties' && value === false) ? undefined : value,
    ),
  ) as JsonSchema
}

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false })

/** The zod schema of a response, given directly or as `{properties}` (as the zod provider allows). */
function zodSchemaOf(schema: RouteSchema): z.ZodType {
  if (schema instanceof z.ZodType) return schema
  if ('properties' in schema && schema.properties instanceof z.ZodType) return schema.properties
  throw new Error('kein zod-Schema')
}

/**
 * Builds the serializer compiler for `app.setSerializerCompiler`; `zodSerializedRoutes` collects
 * the routes that fall back to the zod serializer.
 */
export function createFastSerializerCompiler(zodSerializedRoutes: ZodSerializedRoute[] = []) {
  const compile: FastifySerializerCompiler<RouteSchema> = (route) => {
    const { method, url } = route
    const httpStatus = route.httpStatus ?? 'default'
    let jsonSchema: JsonSchema
    let stringify: (data: unknown) => string
    try {
      jsonSchema = strippingSchema(responseJsonSchema(zodSchemaOf(route.schema)))
      stringify = fastJson(jsonSchema) as (data: unknown) => string
    } catch (error) {
      zodSerializedRoutes.push({ method, url, httpStatus, reason: (error as Error).message })
      return zodSerializerCompiler(route)
    }
    let validate: ValidateFunction | undefined
    return (data: unknown) => {
      validate ??= ajv.compile(jsonSchema)
      if (!validate(data)) {
        throw new ResponseSchemaError(method, url, httpStatus, ajv.errorsText(validate.errors))
      }
      return stringify(data)
    }
  }
  return compile
}
