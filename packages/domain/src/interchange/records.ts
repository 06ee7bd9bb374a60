/**
 * The fields of an interchange record, read off the catalogue: each field's type of `fields.ts`,
 * which a null field may leave out (null) and a defaulted one too (the column's default).
 */
import type { z } from 'zod'
import type { CatalogueEntity, Field } from '../catalogue'
import {
  amount,
  boolean,
  code,
  date,
  digits,
  integer,
  key,
  optional,
  quantity,
  serialId,
  sha256,
  text,
  timestamp,
  uuid,
} from './fields'

function valueSchema(field: Field): z.ZodType {
  switch (field.kind) {
    case 'text':
      return text(field.length)
    case 'digits':
      return digits(field.length!)
    case 'key':
      return key()
    case 'code':
      return code(field.codes!)
    case 'date':
      return date()
    case 'timestamp':
      return timestamp()
    case 'amount':
      return amount()
    case 'quantity':
      return quantity()
    case 'integer':
      return integer(field.range)
    case 'serial':
      return serialId()
    case 'boolean':
      return boolean()
    case 'uuid':
      return uuid()
    case 'sha256':
      return sha256()
  }
}

/** The schema of a field of a record. */
export function recordFieldSchema(field: Field): z.ZodType {
  const schema = valueSchema(field)
  if (field.isNullable) return optional(schema)
  return field.defaultValue === undefined ? schema : schema.optional()
}

/** The fields of a record of `entity`, in the catalogue's order. */
export function recordShape(entity: CatalogueEntity): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(entity.fields).map(([name, field]) => [name, recordFieldSchema(field)]),
  )
}
