/**
 * One field of a bved record: its text read into a value and a value formatted into its text, by
 * the rules of the specification's "Feldinhalte". A blank field is "nicht belegt" (null) whatever
 * its kind, which is how a file tells "not filled" from zero. Every refusal is a German sentence
 * that names the rule, for the codec to prefix with the line and the field.
 */
import { calendarDateViolation, isCalendarDate } from '../validation/values'
import type {
  BvedAlphanumericField,
  BvedCodeField,
  BvedFixedField,
  BvedNumericField,
  BvedUnparsedField,
  BvedValueField,
} from './layouts'
import { nonLatin9Characters } from './latin9'

/** A value read from a field or formatted into one, or the rule it breaks. */
export type FieldOutcome<T> = { ok: true; result: T } | { ok: false; problem: string }

const success = <T>(result: T): FieldOutcome<T> => ({ ok: true, result })
const failure = <T>(problem: string): FieldOutcome<T> => ({ ok: false, problem })

const REQUIRED_FIELD_EMPTY_MESSAGE =
  'Muss-Felder müssen in jedem Fall gefüllt werden; das Feld ist leer.'
const REQUIRED_VALUE_MISSING_MESSAGE =
  'Muss-Felder müssen in jedem Fall gefüllt werden; der Wert fehlt.'
const NOT_ZERO_PADDED_MESSAGE =
  'Numerische Felder sind rechtsbündig mit führenden Nullen aufgefüllt'

const LONGEST_SHOWN = 40

/** A found text in quotes, shortened so that a message about 1897 free positions stays short. */
function shown(text: string): string {
  return text.length > LONGEST_SHOWN ? `'${text.slice(0, LONGEST_SHOWN)}…'` : `'${text}'`
}

const isBlank = (text: string) => /^ *$/.test(text)
/** Without its trailing blanks; not `trimEnd`, which also removes the no-break space 0xA0. */
const withoutTrailingBlanks = (text: string) => text.replace(/ +$/, '')

/**
 * Years are written with two digits (TTMMJJ). 70–99 are 1970–1999 and 00–69 are 2000–2069: the
 * standard dates from 2007, and no billing date before 1970 or after 2069 is to be expected.
 */
export const BVED_FIRST_YEAR = 1970
export const BVED_LAST_YEAR = 2069

/** C0 controls, DEL and the C1 controls 0x80–0x9F, which ISO 8859-15 keeps as controls. */
const isControlCharacter = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f)

function controlCharacterProblem(text: string, start: number): string | null {
  let index = 0
  while (index < text.length && !isControlCharacter(text.charCodeAt(index))) index++
  if (index === text.length) return null
  const code = text.charCodeAt(index)
  const hex = code.toString(16).toUpperCase().padStart(2, '0')
  const windowsHint =
    code >= 0x80
      ? ' Der Zeichensatz ist ISO 8859-15; ist die Datei in Windows-1252 geschrieben (€ als 0x80)?'
      : ''
  return `Alphanumerische Felder enthalten keine Steuerzeichen; Stelle ${start + index} enthält das Zeichen 0x${hex}.${windowsHint}`
}

function readAlphanumeric(field: BvedAlphanumericField, text: string): FieldOutcome<string | null> {
  const control = controlCharacterProblem(text, field.start)
  if (control) return failure(control)
  if (text.startsWith(' ')) {
    return failure(
      `Alphanumerische Felder sind linksbündig; gefunden wurde ${shown(withoutTrailingBlanks(text))}.`,
    )
  }
  return success(withoutTrailingBlanks(text))
}

function readCode(text: string): FieldOutcome<string | null> {
  if (text.includes(' '))
    return failure(`${NOT_ZERO_PADDED_MESSAGE}; gefunden wurde ${shown(text)}.`)
  if (!/^\d+$/.test(text)) {
    return failure(
      `Schlüssel, Nummern und Kennzeichen enthalten nur Ziffern, ohne Vorzeichen; gefunden wurde ${shown(text)}.`,
    )
  }
  return success(text)
}

/** Digits with `decimals` implied decimals as a decimal text: ('-', '000012345', 2) → '-123.45'. */
function decimalText(sign: '' | '-', digits: string, decimals: number): string {
  const whole = digits.slice(0, digits.length - decimals).replace(/^0+/, '') || '0'
  return decimals === 0 ? `${sign}${whole}` : `${sign}${whole}.${digits.slice(-decimals)}`
}

function readNumeric(field: BvedNumericField, text: string): FieldOutcome<string | null> {
  if (text.includes(' '))
    return failure(`${NOT_ZERO_PADDED_MESSAGE}; gefunden wurde ${shown(text)}.`)
  const match = /^(-?)(\d+)$/.exec(text)
  if (!match) {
    return failure(
      `Numerische Felder enthalten nur Ziffern, eine negative Zahl ein Minuszeichen in der ersten Stelle (z. B. -00000123); gefunden wurde ${shown(text)}.`,
    )
  }
  const [, sign = '', digits = ''] = match
  return success(decimalText(sign === '-' ? '-' : '', digits, field.decimals))
}

function yearOfTwoDigits(twoDigits: number): number {
  return twoDigits < BVED_FIRST_YEAR % 100 ? 2000 + twoDigits : 1900 + twoDigits
}

function readDate(text: string): FieldOutcome<string | null> {
  const match = /^(\d\d)(\d\d)(\d\d)$/.exec(text)
  if (!match) return failure(`Datumsfelder haben die Form TTMMJJ; gefunden wurde ${shown(text)}.`)
  const [, day = '', month = '', year = ''] = match
  const iso = `${yearOfTwoDigits(Number(year))}-${month}-${day}`
  if (!isCalendarDate(iso)) {
    return failure(
      `Das Datum ${day}.${month}.${year} gibt es nicht; gefunden wurde ${shown(text)}.`,
    )
  }
  return success(iso)
}

/**
 * The value of a field's text: alphanumeric without its trailing blanks, a code with its leading
 * zeros, a number as a decimal text with its implied decimals ('-123.45', '0.00'), a date as
 * 'YYYY-MM-DD'; null when the field is blank.
 */
export function readFieldValue(field: BvedValueField, text: string): FieldOutcome<string | null> {
  if (isBlank(text)) return field.required ? failure(REQUIRED_FIELD_EMPTY_MESSAGE) : success(null)
  switch (field.kind) {
    case 'alphanumeric':
      return readAlphanumeric(field, text)
    case 'code':
      return readCode(text)
    case 'numeric':
      return readNumeric(field, text)
    case 'date':
      return readDate(text)
    case 'unparsed':
      return readUnparsed(field, text)
  }
}

/** The text as it stands, blanks included (decision 064); only control characters are refused. */
function readUnparsed(field: BvedUnparsedField, text: string): FieldOutcome<string | null> {
  const control = controlCharacterProblem(text, field.start)
  return control ? failure(control) : success(text)
}

/** Why a text cannot be written into a field: a character outside ISO 8859-15, or a control. */
function writtenTextProblem(field: BvedValueField, value: string): string | null {
  const foreign = nonLatin9Characters(value)
  if (foreign.length > 0) {
    const list = foreign.map((character) => `'${character}'`).join(', ')
    return `Der Zeichensatz ist ISO 8859-15; er hat ${list} nicht.`
  }
  return controlCharacterProblem(value, field.start)
}

function formatUnparsed(field: BvedUnparsedField, value: string): FieldOutcome<string> {
  const problem = writtenTextProblem(field, value)
  if (problem) return failure(problem)
  if (value.length > field.length) {
    return failure(`Das Feld hat ${field.length} Stellen; der Wert hat ${value.length} Zeichen.`)
  }
  return success(value.padEnd(field.length))
}

/** Why a fixed field's text is not its content, or null when it is. */
export function fixedFieldProblem(field: BvedFixedField, text: string): string | null {
  if (text === field.content) return null
  if (isBlank(field.content)) {
    return `Freie Stellen enthalten nur Leerzeichen; gefunden wurde ${shown(text.trim())}.`
  }
  return `Das Feld enthält immer ${shown(field.content)}; gefunden wurde ${shown(text)}.`
}

function formatAlphanumeric(field: BvedAlphanumericField, value: string): FieldOutcome<string> {
  const problem = writtenTextProblem(field, value)
  if (problem) return failure(problem)
  if (value.startsWith(' ')) {
    return failure(
      'Alphanumerische Felder sind linksbündig; der Wert beginnt mit einem Leerzeichen.',
    )
  }
  const content = withoutTrailingBlanks(value)
  if (content.length > field.length) {
    return failure(`Das Feld hat ${field.length} Stellen; der Wert hat ${content.length} Zeichen.`)
  }
  return success(content.padEnd(field.length, ' '))
}

function formatCode(field: BvedCodeField, value: string): FieldOutcome<string> {
  if (!/^\d+$/.test(value) || value.length > field.length) {
    return failure(
      `Das Feld hat ${field.length} Stellen für Ziffern ohne Vorzeichen; der Wert ist ${shown(value)}.`,
    )
  }
  return success(value.padStart(field.length, '0'))
}

/** The smallest and the largest value a numeric field can hold, as decimal texts. */
function numericRange(field: BvedNumericField): { min: string; max: string } {
  return {
    min: decimalText('-', '9'.repeat(field.length - 1), field.decimals),
    max: decimalText('', '9'.repeat(field.length), field.decimals),
  }
}

function formatNumeric(field: BvedNumericField, value: string): FieldOutcome<string> {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value)
  if (!match) {
    return failure(
      `Bitte eine Dezimalzahl mit Punkt angeben, z. B. '-123.45'; der Wert ist ${shown(value)}.`,
    )
  }
  const [, sign = '', whole = '', fraction = ''] = match
  if (fraction.length > field.decimals) {
    const allowed =
      field.decimals === 0 ? 'keine Nachkommastellen' : `${field.decimals} Nachkommastellen`
    return failure(`Das Feld hat ${allowed}; der Wert ${value} hat ${fraction.length}.`)
  }
  const digits = `${whole}${fraction.padEnd(field.decimals, '0')}`.replace(/^0+/, '')
  const width = field.length - sign.length
  if (digits.length > width) {
    const { min, max } = numericRange(field)
    return failure(
      `Der Wert ${value} passt nicht in die ${field.length} Stellen des Feldes; möglich sind ${min} bis ${max}.`,
    )
  }
  return success(`${sign}${digits.padStart(width, '0')}`)
}

function formatDate(value: string): FieldOutcome<string> {
  const violation = calendarDateViolation(value)
  if (violation) return failure(violation)
  const [year = '', month = '', day = ''] = value.split('-')
  if (Number(year) < BVED_FIRST_YEAR || Number(year) > BVED_LAST_YEAR) {
    return failure(
      `TTMMJJ hat zweistellige Jahre; darstellbar sind ${BVED_FIRST_YEAR} bis ${BVED_LAST_YEAR}, der Wert ist ${value}.`,
    )
  }
  return success(`${day}${month}${year.slice(2)}`)
}

/**
 * The text of a value in its field: alphanumeric left-aligned and padded with blanks, codes and
 * numbers right-aligned with leading zeros and a negative number's '-' in the first position,
 * decimals implied, dates as TTMMJJ; blanks for null. A value that does not fit is refused.
 */
export function formatFieldValue(
  field: BvedValueField,
  value: string | null,
): FieldOutcome<string> {
  if (value === null || isBlank(value)) {
    return field.required
      ? failure(REQUIRED_VALUE_MISSING_MESSAGE)
      : success(' '.repeat(field.length))
  }
  switch (field.kind) {
    case 'alphanumeric':
      return formatAlphanumeric(field, value)
    case 'code':
      return formatCode(field, value)
    case 'numeric':
      return formatNumeric(field, value)
    case 'date':
      return formatDate(value)
    case 'unparsed':
      return formatUnparsed(field, value)
  }
}
