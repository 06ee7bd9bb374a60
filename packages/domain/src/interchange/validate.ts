/** Checks one record of the interchange format and names every broken field with its German rule. */
import type { InterchangeEntity } from './entities'

export const MISSING_FIELD_MESSAGE = 'Das Pflichtfeld fehlt.'
export const UNKNOWN_FIELD_MESSAGE = 'Dieses Feld gibt es in diesem Format nicht.'
export const NOT_AN_OBJECT_MESSAGE = 'Die Zeile ist kein JSON-Objekt.'
export const INVALID_JSON_MESSAGE = 'Die Zeile ist kein gültiges JSON.'

/** One broken field of a record: its name ('' for the record itself) and the rule it breaks. */
export interface FieldError {
  field: string
  message: string
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The broken fields of `value` as a record of `entity`, one error per field; [] when it is valid. */
export function interchangeRecordErrors(entity: InterchangeEntity, value: unknown): FieldError[] {
  if (!isObject(value)) return [{ field: '', message: NOT_AN_OBJECT_MESSAGE }]
  const result = entity.schema.safeParse(value)
  if (result.success) return []
  const errors = new Map<string, string>()
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const name of issue.keys) errors.set(name, UNKNOWN_FIELD_MESSAGE)
      continue
    }
    const field = issue.path.map(String).join('.')
    if (errors.has(field)) continue
    const [first] = issue.path
    const missing = typeof first === 'string' && issue.path.length === 1 && !(first in value)
    errors.set(field, missing ? MISSING_FIELD_MESSAGE : issue.message)
  }
  return [...errors].map(([field, message]) => ({ field, message }))
}
