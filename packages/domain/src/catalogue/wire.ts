/**
 * The API's wire shapes of the catalogue's fields (`schemas/`): in an answer, amounts, dates and
 * codes are strings, integers and the numbers of numbered rows numbers, null where the field may be
 * null. A wire shape names the fields it carries, in its own order, or the fields it leaves out of
 * the entity's, in the catalogue's order.
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
  return shapeOf(entity, names, overrides) as {
    [P in N[number]]: P extends keyof O ? O[P] : WireSchema<F[P]>
  }
}

function shapeOf(
  entity: CatalogueEntity,
  names: readonly string[],
  overrides: Partial<Record<string, z.ZodType>> | undefined,
): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {}
  for (const name of names) {
    shape[name] = overrides?.[name] ?? wireSchema(entity.fields[name]!)
  }
  return shape
}

type WireShapeWithout<
  F extends Fields,
  X extends keyof F & string,
  O extends Partial<Record<string, z.ZodType>>,
> = { [P in Exclude<keyof F & string, X>]: P extends keyof O ? O[P] : WireSchema<F[P]> }

/**
 * The zod shape of every field of `entity` but `omitted` in an answer, in the catalogue's order;
 * `overrides` as for `wireShape`.
 */
export function wireShapeWithout<
  F extends Fields,
  const X extends readonly (keyof F & string)[],
  O extends Partial<Record<Exclude<keyof F & string, X[number]>, z.ZodType>> = Record<never, never>,
>(entity: CatalogueEntity<F>, omitted: X, overrides?: O): WireShapeWithout<F, X[number], O> {
  const names = Object.keys(entity.fields).filter((name) => !omitted.includes(name))
  return shapeOf(entity, names, overrides) as WireShapeWithout<F, X[number], O>
}
