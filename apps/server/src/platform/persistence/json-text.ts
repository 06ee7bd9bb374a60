/**
 * Answers written as JSON text by PostgreSQL (decision 026): the hot reads send the text
 * the database wrote, with no mapping of rows in JavaScript. The text is byte-equal to what the
 * response schema's serializer (fast-json-stringify) writes for the same values: objects compact,
 * in the schema's order, so they are concatenated here rather than built with `json_build_object`
 * (whose text has `" : "`); every value goes through `to_json(…)::text`, PostgreSQL's JSON escaping,
 * which writes what `JSON.stringify` writes for any text a database can hold.
 */
import type { CatalogueEntity } from '@portal/domain'
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'

/** The JSON text of a value, or `null`. */
export const jsonValue = (expression: unknown): SQL =>
  sql`coalesce(to_json(${expression})::text, 'null')`

/** A numeric column as the API sends amounts: the exact decimal text as a JSON string, or `null`. */
export const jsonDecimal = (expression: unknown): SQL =>
  sql`coalesce(to_json(${expression}::text)::text, 'null')`

/** `{"name":value,…}` with the fields in the order given (the response schema's order). */
export function jsonObject(fields: [name: string, json: SQL][]): SQL {
  const parts = fields.map(([name, json], index) => {
    if (!/^\w+$/.test(name)) throw new Error(`Feldname ohne Maskierung nicht erlaubt: ${name}`)
    return sql`${sql.raw(`'${index === 0 ? '{' : ','}"${name}":'`)} || ${json}`
  })
  return sql`(${sql.join([...parts, sql.raw(`'}'`)], sql` || `)})`
}

/**
 * `[item,…]` of the rows `from` yields (a `from … where …` clause), in `orderBy`'s order; `[]`
 * when there are none.
 */
export function jsonArray(item: SQL, from: SQL, orderBy: SQL): SQL {
  return sql`('[' || coalesce((select string_agg(${item}, ',' order by ${orderBy}) ${from}), '') || ']')`
}

/**
 * A row of a catalogue entity's table as the answer schema whose `shape` is given writes it: its
 * fields in the schema's order, a plain field of the catalogue as its column's value (amounts and
 * quantities as exact decimal text), any other field as the JSON text `computed` gives it.
 */
export function jsonRecord(
  shape: Record<string, unknown>,
  entity: CatalogueEntity,
  table: PgTable,
  computed: Record<string, SQL> = {},
): SQL {
  const columns: Record<string, PgColumn> = getTableColumns(table)
  return jsonObject(
    Object.keys(shape).map((name) => {
      const field = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined
      const column = columns[name]
      if (Object.hasOwn(computed, name)) return [name, computed[name]!]
      if (!field || !column) {
        throw new Error(`Das Feld ${name} ist keine Spalte der Tabelle ${getTableName(table)}.`)
      }
      const decimal = field.kind === 'amount' || field.kind === 'quantity'
      return [name, decimal ? jsonDecimal(column) : jsonValue(column)]
    }),
  )
}
