/**
 * The JSON Schema of every file of the interchange format, generated from the zod schemas (zod's
 * `z.toJSONSchema`); `npm run interchange:schemas` writes them to docs/interchange/schemas/, and a
 * test keeps the committed files equal to these.
 */
import { z } from 'zod'
import { IsoDateSchema, TimestampSchema } from '../validation/values'
import { INTERCHANGE_ENTITY_LIST, type InterchangeEntity } from './entities'

/** The folder of the committed JSON Schema files, from the repository's root. */
export const JSON_SCHEMA_FOLDER = 'docs/interchange/schemas'

/** 'contracts.ndjson' -> 'contracts.schema.json' */
export function jsonSchemaFileName(entity: InterchangeEntity): string {
  return entity.file.replace(/\.ndjson$/, '.schema.json')
}

/** The JSON Schema of one record of `entity`. */
export function interchangeJsonSchema(entity: InterchangeEntity): Record<string, unknown> {
  const schema = z.toJSONSchema(entity.schema, {
    io: 'input',
    // the calendar checks are refinements, which JSON Schema cannot express: name the formats
    override: (context) => {
      if (context.zodSchema === IsoDateSchema) context.jsonSchema.format = 'date'
      if (context.zodSchema === TimestampSchema) context.jsonSchema.format = 'date-time'
    },
  })
  const key = entity.key.join(', ')
  return {
    ...schema,
    $id: `${jsonSchemaFileName(entity)}`,
    title: `${entity.title} (${entity.file})`,
    description: `${entity.description} Schlüssel: ${key}.`,
    examples: [entity.example],
  }
}

/** Every entity's JSON Schema as JSON text, by its file name. */
export function interchangeJsonSchemaFiles(): Map<string, string> {
  return new Map(
    INTERCHANGE_ENTITY_LIST.map((entity) => [
      jsonSchemaFileName(entity),
      `${JSON.stringify(interchangeJsonSchema(entity), null, 2)}\n`,
    ]),
  )
}
