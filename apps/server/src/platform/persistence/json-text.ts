/**
 * Answers written as JSON text by PostgreSQL (decision 026): the hot reads send the text
 * the database wrote, with no mapping of rows in JavaScript. The text is byte-equal to what the
 * response schema's serializer (fast-json-stringify) writes for the same values: objects compact,
 * in the schema's order, so they are concatenated here rather than built with `json_build_object`
 * (whose text has `" : "`); every value goes through `to_json(…)::text`, PostgreSQL's JSON escaping,
 * which writes what `JSON.stringify` writes for any text a database can hold.
 */
import { sql, type SQL } from 'drizzle-orm'

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
