/**
 * The builder of the catalogue's fields: one call per kind with the field's example, then what sets
 * the field apart: `nullable()`, `searchable()`, `defaulted(…)`, `column(…)`. The interchange
 * format, the API's wire shapes and the search routes read the result.
 */
import type { IntegerRange } from '../validation/values'

/**
 * What a field holds, and so its column type and its JSON: text (any text), key (a record's key or
 * a reference to one, not empty), code (a value of a code table), date ('YYYY-MM-DD'), timestamp
 * (ISO), amount (numeric(15, 2) as a decimal text), quantity (numeric(14, 3) as a decimal text),
 * integer, serial (the number of a numbered row, bigserial), boolean, uuid, sha256 (64 hex digits),
 * digits (a number of exactly `length` digits kept as text, leading zeros included: a reference
 * number of the bved exchange).
 */
export type FieldKind =
  | 'text'
  | 'digits'
  | 'key'
  | 'code'
  | 'date'
  | 'timestamp'
  | 'amount'
  | 'quantity'
  | 'integer'
  | 'serial'
  | 'boolean'
  | 'uuid'
  | 'sha256'

/** A column's default: a value, or an SQL expression such as now(). */
export type ColumnDefault = string | number | boolean | { sql: string }

/** The default of a timestamp column that records when the row was written. */
export const NOW: ColumnDefault = { sql: 'now()' }

/** An example value as JSON writes it. */
export type ExampleValue = string | number | boolean | null

interface FieldData<K extends FieldKind, N extends boolean> {
  kind: K
  example: ExampleValue
  isNullable: N
  isSearchable: boolean
  defaultValue: ColumnDefault | undefined
  columnName: string | undefined
  codes: readonly [string, ...string[]] | undefined
  range: Partial<IntegerRange> | undefined
  length: number | undefined
}

/** One plain field of an entity. */
export class Field<K extends FieldKind = FieldKind, N extends boolean = boolean> {
  readonly kind: K
  /** The value the interchange format's example record shows. */
  readonly example: ExampleValue
  readonly isNullable: N
  /** A filter and sort property of the entity's `*-search` route. */
  readonly isSearchable: boolean
  /**
   * The column's default, for a field that is not null and that an interchange record may leave
   * out: a new row gets the default, an existing one keeps its value.
   */
  readonly defaultValue: ColumnDefault | undefined
  /** The column's SQL name where it is not the field's name in snake_case. */
  readonly columnName: string | undefined
  /** The values of a code. */
  readonly codes: readonly [string, ...string[]] | undefined
  /** The range of an integer, where it is narrower than the column's. */
  readonly range: Partial<IntegerRange> | undefined
  /** The number of digits of a `digits` field; the longest a `text` may be, where it is limited. */
  readonly length: number | undefined

  constructor(data: FieldData<K, N>) {
    this.kind = data.kind
    this.example = data.example
    this.isNullable = data.isNullable
    this.isSearchable = data.isSearchable
    this.defaultValue = data.defaultValue
    this.columnName = data.columnName
    this.codes = data.codes
    this.range = data.range
    this.length = data.length
  }

  /** The field may be null; an interchange record may leave it out. */
  nullable(): Field<K, true> {
    return new Field({ ...this.data(), isNullable: true })
  }

  searchable(): Field<K, N> {
    return new Field({ ...this.data(), isSearchable: true })
  }

  /** Not null, but with the column's default `value` when an interchange record leaves it out. */
  defaulted(value: ColumnDefault): Field<K, N> {
    return new Field({ ...this.data(), defaultValue: value })
  }

  /** A text of at most `length` characters (the width of a field of a file it is exchanged in). */
  maxLength(length: number): Field<K, N> {
    return new Field({ ...this.data(), length })
  }

  /** The column's SQL name, where it is not the field's name in snake_case. */
  column(name: string): Field<K, N> {
    return new Field({ ...this.data(), columnName: name })
  }

  private data(): FieldData<K, N> {
    return { ...this }
  }
}

function field<K extends FieldKind>(
  kind: K,
  example: ExampleValue,
  more: Partial<FieldData<K, false>> = {},
): Field<K, false> {
  return new Field({
    kind,
    example,
    isNullable: false,
    isSearchable: false,
    defaultValue: undefined,
    columnName: undefined,
    codes: undefined,
    range: undefined,
    length: undefined,
    ...more,
  })
}

export const text = (example: ExampleValue) => field('text', example)
export const key = (example: ExampleValue) => field('key', example)
export const digits = (length: number, example: ExampleValue) =>
  field('digits', example, { length })
export const code = (codes: readonly [string, ...string[]], example: ExampleValue) =>
  field('code', example, { codes })
export const date = (example: ExampleValue) => field('date', example)
export const timestamp = (example: ExampleValue) => field('timestamp', example)
export const amount = (example: ExampleValue) => field('amount', example)
export const quantity = (example: ExampleValue) => field('quantity', example)
export const integer = (example: ExampleValue, range?: Partial<IntegerRange>) =>
  field('integer', example, { range })
export const serial = (example: ExampleValue) => field('serial', example)
export const boolean = (example: ExampleValue) => field('boolean', example)
export const uuid = (example: ExampleValue) => field('uuid', example)
export const sha256 = (example: ExampleValue) => field('sha256', example)
