/** An entity of the catalogue: its table and its plain fields, and what is read off them. */
import type { ExampleValue, Field } from './field'

export type Fields = Record<string, Field>

export interface CatalogueEntity<F extends Fields = Fields> {
  /** The SQL name of the entity's table. */
  table: string
  /** The plain fields by their wire name, in the order of the interchange format. */
  fields: F
}

export function entity<const F extends Fields>(table: string, fields: F): CatalogueEntity<F> {
  return { table, fields }
}

/** A wire name in snake_case, as Drizzle's `casing: 'snake_case'` names its column. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

/** The SQL name of a field's column. */
export function columnNameOf(name: string, field: Field): string {
  return field.columnName ?? snakeCase(name)
}

/** The fields of the entity's `*-search` route, in the catalogue's order. */
export function searchableProperties(entity: CatalogueEntity): string[] {
  return Object.keys(entity.fields).filter((name) => entity.fields[name]!.isSearchable)
}

/** The fields an interchange record may leave out although they are not null. */
export function defaultedFields(entity: CatalogueEntity): string[] {
  return Object.keys(entity.fields).filter(
    (name) => entity.fields[name]!.defaultValue !== undefined,
  )
}

/** A record of the entity made of its fields' examples. */
export function exampleRecord(entity: CatalogueEntity): Record<string, ExampleValue> {
  return Object.fromEntries(Object.entries(entity.fields).map(([name, f]) => [name, f.example]))
}
