/**
 * The API's wire shapes of the catalogue's fields (`schemas/`): in an answer, amounts, dates and
 * codes are strings, integers and the numbers of numbered rows numbers, null where the field may be
 * null. A wire shape names the fields it carries, in its own order.
 */
import { z } from 'zod'
import type { CatalogueEntity, Fields } from './entity'
import type { Field, FieldKind } from './field'

type WireValue<K extends FieldKind> = K extends 'integer' | 'serial'
  ? z.ZodNumber
  : K extends 'boolean'
    ? z.ZodBoolean
    : z.ZodString

/** The zod type of a field in an answer. */
export type WireSchema<F> =
  F extends Field<infer K, infer N>
    ? N extends true
      ? z.ZodNullable<WireValue<K>>
      : WireValue<K>
    : never

function wireValue(kind: FieldKind): z.ZodNumber | z.ZodBoolean | z.ZodString {
  if (kind === 'integer') return z.number().int()
  if (kind === 'serial') return z.number()
  if (kind === 'boolean') return z.boolean()
  return z.string()
}

/** The zod type of `field` in an answer. */
export function wireSchema<F extends Field>(field: F): WireSchema<F> {
  const value = wireValue(field.kind)
  return (field.isNullable ? value.nullable() : value) as WireSchema<F>
}

/**
 * The zod shape of the fields `names` of `entity` in an answer, in that order; `overrides` gives a
 * field another type than its kind's (kept as the API document has always described it).
 */
export function wireShape<
  F extends Fields,
  const N extends readonly (keyof F & string)[],
  O extends Partial<Record<N[number], z.ZodType>> = Record<never, never>,
>(
  entity: CatalogueEntity<F>,
  names: N,
  overrides?: O,
): { [P in N[number]]: P extends keyof O ? O[P] : WireSchema<F[P]> } {
  const shape: Record<string, z.ZodType> = {}
  for (const name of names) {
    shape[name] = overrides?.[name] ?? wireSchema(entity.fields[name]!)
  }
  return shape as { [P in N[number]]: P extends keyof O ? O[P] : WireSchema<F[P]> }
}
