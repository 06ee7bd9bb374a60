/**
 * The field types of the interchange format (ARCHITECTURE 3.5), each with its German message. A
 * value that passes is one PostgreSQL accepts for its column, so that an import never fails in the
 * database on a value: dates and timestamps through the calendar checks of `validation/values.ts`,
 * amounts as decimal texts of the column's size, ids of numbered rows as texts of digits.
 */
import { z } from 'zod'
import {
  IsoDateSchema,
  SAFE_INTEGER_RANGE,
  TimestampSchema,
  integerSchema,
} from '../validation/values'

export const TEXT_MESSAGE = 'Bitte einen Text angeben.'
export const KEY_MESSAGE = 'Bitte einen Schlüssel als nicht leeren Text angeben.'
/** PostgreSQL's text cannot hold U+0000 (the same rule as for every API input). */
export const NUL_TEXT_MESSAGE = 'Der Text enthält ein unzulässiges Steuerzeichen (U+0000).'
export const SERIAL_ID_MESSAGE =
  'Bitte eine positive ganze Zahl als Text angeben (höchstens 9007199254740991), z. B. "42".'
export const UUID_MESSAGE = 'Bitte eine UUID angeben, z. B. "5eed0001-0000-4000-8000-00000000002a".'
export const BOOLEAN_MESSAGE = 'Bitte true oder false angeben.'
export const SHA256_MESSAGE =
  'Bitte die SHA-256-Prüfsumme als 64 Hexadezimalziffern in Kleinbuchstaben angeben.'

/** The message for a decimal text of a numeric column with the given digits. */
export function decimalMessage(integerDigits: number, fractionDigits: number): string {
  return `Bitte eine Dezimalzahl als Text mit höchstens ${integerDigits} Stellen vor und ${fractionDigits} nach dem Punkt angeben, z. B. "-1234.5".`
}

/** The message for a number of exactly `length` digits. */
export function digitsMessage(length: number): string {
  return `Bitte genau ${length} Ziffern als Text angeben, führende Nullen eingeschlossen, z. B. "${'0'.repeat(length - 1)}1".`
}

/** The message for a text longer than `length` characters. */
export function textLengthMessage(length: number): string {
  return `Bitte höchstens ${length} Zeichen angeben.`
}

/** The message for a value outside a code table. */
export function codeMessage(values: readonly string[]): string {
  return `Bitte einen dieser Werte angeben: ${values.join(', ')}.`
}

const hasNoNul = (value: string) => !value.includes('\u0000')

/** Any text (also empty) without U+0000; at most `maxLength` characters where it is given. */
export const text = (maxLength?: number) =>
  (maxLength === undefined
    ? z.string({ error: TEXT_MESSAGE })
    : z.string({ error: TEXT_MESSAGE }).max(maxLength, { error: textLengthMessage(maxLength) })
  ).refine(hasNoNul, { message: NUL_TEXT_MESSAGE })

/** A number of exactly `length` digits, kept as text with its leading zeros. */
export const digits = (length: number) =>
  z
    .string({ error: digitsMessage(length) })
    .regex(new RegExp(`^\\d{${length}}$`), { error: digitsMessage(length) })

/** The key of a record or a reference to one: a text that is not empty. */
export const key = () =>
  z
    .string({ error: KEY_MESSAGE })
    .min(1, { error: KEY_MESSAGE })
    .refine(hasNoNul, { message: NUL_TEXT_MESSAGE })

const SERIAL_ID = /^[1-9]\d{0,15}$/

/**
 * The id of a numbered row (readings, features, tariffs …): the provider's own number, as a text
 * of digits so that no JSON reader rounds it; it must stay the same from one import to the next.
 */
export const serialId = () =>
  z
    .string({ error: SERIAL_ID_MESSAGE })
    .regex(SERIAL_ID, { error: SERIAL_ID_MESSAGE })
    .refine((value) => Number(value) <= SAFE_INTEGER_RANGE.max, { message: SERIAL_ID_MESSAGE })
    .meta({ description: 'Die Nummer des Datensatzes beim Anbieter, als Text, z. B. "42"' })

export const uuid = () => z.guid({ error: UUID_MESSAGE })

/** A calendar date 'YYYY-MM-DD' that exists. */
export const date = () => IsoDateSchema

/** An ISO timestamp whose date and time exist; without a zone it is read as UTC. */
export const timestamp = () => TimestampSchema

/**
 * A decimal text of a `numeric(precision, scale)` column: '-12.5', never 12.5 or '1e3'. The same
 * rule as `isDecimalText`, as a pattern so that the JSON Schema carries it.
 */
export function decimal(integerDigits: number, fractionDigits: number) {
  const message = decimalMessage(integerDigits, fractionDigits)
  return z
    .string({ error: message })
    .regex(new RegExp(`^-?\\d{1,${integerDigits}}(?:\\.\\d{1,${fractionDigits}})?$`), {
      error: message,
    })
    .meta({ description: 'Dezimalzahl als Text mit Punkt, z. B. "-1234.5"' })
}

/** An amount of money: `numeric(15, 2)`. */
export const amount = () => decimal(13, 2)
/** A reading or a quantity: `numeric(14, 3)`. */
export const quantity = () => decimal(11, 3)

export const integer = integerSchema

export const boolean = () => z.boolean({ error: BOOLEAN_MESSAGE })

/** One of the values of a code table. */
export function code<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: codeMessage(values) })
}

export const sha256 = () =>
  z.string({ error: SHA256_MESSAGE }).regex(/^[0-9a-f]{64}$/, { error: SHA256_MESSAGE })

/** A field that may be null or left out (left out means null). */
export const optional = <T extends z.ZodType>(schema: T) => schema.nullable().optional()
