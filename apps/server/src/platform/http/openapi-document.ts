/**
 * What the API document needs beyond the routes' zod schemas, so that integrators' tools accept it
 * (Redocly's recommended rules) and generate usable clients: a stable `operationId` and a German
 * `summary` per operation, every error answer with the `{detail, code, field?}` schema, types
 * beside every `nullable`, a server and a license.
 */
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { ERROR_STATUS_DESCRIPTIONS, errorStatusesOf } from './openapi-operations'

type TransformInput = Parameters<typeof jsonSchemaTransform>[0]

const errorSchema = (description: string) => ({
  description,
  type: 'object',
  required: ['detail', 'code'],
  properties: {
    detail: { type: 'string', description: 'Die Meldung auf Deutsch, für den Benutzer.' },
    code: { type: 'string', description: 'Der maschinenlesbare Fehlercode.' },
    field: {
      type: 'string',
      description: 'Der Pfad der Eingabe, um die es geht (z. B. `reason`, `filters.0.value`).',
    },
  },
})

/** Fastify's `/a/:id` as the document's `/a/{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

/** The zod transform, then the error answers of an operation its route names (`operationId`). */
export function documentTransform(input: TransformInput) {
  const transformed = jsonSchemaTransform(input)
  const { errors: ownErrors = [], ...schema } = transformed.schema as Record<string, unknown> & {
    errors?: readonly number[]
  }
  if (typeof schema.operationId !== 'string') return { ...transformed, schema }
  const isPublic = input.route.config?.public === true
  const errors = Object.fromEntries(
    errorStatusesOf(openApiPath(input.url), ownErrors, isPublic).map((status) => [
      status,
      errorSchema(ERROR_STATUS_DESCRIPTIONS[status] ?? 'Fehler'),
    ]),
  )
  const answers = (schema.response ?? {}) as Record<string, unknown>
  // the routes that answer bytes (a file, an asset) declare no schema for them
  const bytes = Object.keys(answers).some((status) => status.startsWith('2'))
    ? {}
    : {
        produces: ['application/octet-stream'],
        200: { description: 'Die Bytes der Datei.', type: 'string', format: 'binary' },
      }
  const { produces, ...success } = bytes
  return {
    ...transformed,
    schema: {
      ...schema,
      ...(produces ? { produces } : {}),
      response: { ...answers, ...success, ...errors },
    },
  }
}

/**
 * OpenAPI 3.0 allows `nullable` only beside a `type`: a nullable union (`anyOf` without a type) gets
 * `nullable` on its members instead.
 */
function typeNullables(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) typeNullables(item)
    return
  }
  if (typeof node !== 'object' || node === null) return
  const schema = node as Record<string, unknown>
  if (schema.nullable === true && schema.type === undefined) {
    const members = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined
    delete schema.nullable
    for (const member of members ?? []) member.nullable = true
  }
  for (const value of Object.values(schema)) typeNullables(value)
}

/** The whole document: nullable types fixed, the server and the license set. */
export function documentObject(publicUrl: string) {
  return ({ openapiObject }: { openapiObject: Record<string, unknown> }) => {
    typeNullables(openapiObject.paths)
    typeNullables(openapiObject.components)
    return {
      ...openapiObject,
      info: {
        ...(openapiObject.info as object),
        // the portal's own terms of use are the terms of this interface
        license: { name: 'Nutzungsbedingungen des Kundenportals', url: `${publicUrl}/terms` },
      },
      servers: [{ url: publicUrl, description: 'Dieses Kundenportal' }],
    }
  }
}
