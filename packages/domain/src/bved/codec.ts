/**
 * Reads and writes the fixed-width files of the ARGE HeiWaKo Standard-Datenaustausch (bved):
 * ISO 8859-15, one record per line, each line ended by CR LF, each record as long as its type's
 * layout says. Reading never guesses: a line that breaks a rule is named with the rule and left
 * out of the records, so that nothing half-read reaches the billing. A record keeps its text, and
 * writing writes that text, so a file read and written again is the same file byte for byte.
 */
import { fixedFieldProblem, formatFieldValue, readFieldValue } from './field-values'
import type { BvedField, BvedLayout, BvedRecordType, BvedVersion } from './layouts'
import {
  BVED_FILE_KINDS,
  BVED_LAYOUTS,
  BVED_RECORD_TYPES,
  BVED_VERSION_FIELDS,
  isBvedRecordType,
} from './layouts'
import { decodeLatin9, encodeLatin9, nonLatin9Characters } from './latin9'

/** A field as errors name it: its German name, key and 1-based first and last position. */
export interface BvedFieldRef {
  name: string
  key: string
  start: number
  end: number
}

/** A broken rule, with the field when it is one field's; `message` says it all in German. */
export interface BvedProblem {
  field?: BvedFieldRef
  message: string
}

/** A broken rule of a file: `line` is 1-based, and the message begins with "Zeile n". */
export interface BvedError extends BvedProblem {
  line: number
}

export type BvedValues = Readonly<Record<string, string | null>>

export interface BvedRecord {
  type: BvedRecordType
  /** The record as it stands in the file, without CR LF: what `writeBvedFile` writes. */
  text: string
  /** The reading of `text`, by field key; fixed fields (Satzart, Frei …) have no value. */
  values: BvedValues
}

export interface BvedReadRecord extends BvedRecord {
  /** The record's 1-based line in the file. */
  line: number
}

export interface BvedReadResult {
  records: BvedReadRecord[]
  errors: BvedError[]
}

/** Thrown by the writers: every value or record that does not fit, each with its rule. */
export class BvedWriteError extends Error {
  readonly problems: readonly BvedProblem[]

  constructor(problems: readonly BvedProblem[]) {
    super(problems.map((problem) => problem.message).join('\n'))
    this.name = 'BvedWriteError'
    this.problems = problems
  }
}

const CR_LF = '\r\n'

function fieldRef(field: BvedField): BvedFieldRef {
  return {
    name: field.name,
    key: field.key,
    start: field.start,
    end: field.start + field.length - 1,
  }
}

/** "Feld Betrag (Stellen 41–52)" or "Feld Satzende (Stelle 128)". */
function fieldLabel(field: BvedField): string {
  const end = field.start + field.length - 1
  const positions = field.length === 1 ? `Stelle ${field.start}` : `Stellen ${field.start}–${end}`
  return `Feld ${field.name} (${positions})`
}

const fieldProblem = (field: BvedField, rule: string): BvedProblem => ({
  field: fieldRef(field),
  message: `${fieldLabel(field)}: ${rule}`,
})

const lineError = (line: number, rule: string): BvedError => ({
  line,
  message: `Zeile ${line}: ${rule}`,
})

const atLine = (line: number, problem: BvedProblem): BvedError => ({
  ...problem,
  line,
  message: `Zeile ${line}, ${problem.message}`,
})

const fieldText = (field: BvedField, text: string) =>
  text.slice(field.start - 1, field.start - 1 + field.length)

/** The values of a record's text that has its layout's length, or the fields that break a rule. */
function readFields(
  layout: BvedLayout,
  text: string,
): { values: BvedValues; problems: BvedProblem[] } {
  const values: Record<string, string | null> = {}
  const problems: BvedProblem[] = []
  for (const field of layout.fields) {
    if (field.kind === 'fixed') {
      const problem = fixedFieldProblem(field, fieldText(field, text))
      if (problem) problems.push(fieldProblem(field, problem))
      continue
    }
    const outcome = readFieldValue(field, fieldText(field, text))
    if (outcome.ok) values[field.key] = outcome.result
    else problems.push(fieldProblem(field, outcome.problem))
  }
  return { values, problems }
}

const SUPPORTED_TYPES = `${BVED_RECORD_TYPES.slice(0, -1).join(', ')} und ${BVED_RECORD_TYPES.at(-1)}`

/**
 * Reads the records of lines, in order; the first record's type decides the file (DTM: L and M,
 * DTK: B and K, DTA: A, DTD: D), and a record of another file's type is refused.
 */
class RecordReader {
  private fileType: BvedRecordType | null = null

  constructor(private readonly version: BvedVersion) {}

  read(text: string, line: number): { record: BvedReadRecord } | { errors: BvedError[] } {
    const letter = text.charAt(0)
    if (letter === '') return { errors: [lineError(line, 'Die Zeile ist leer.')] }
    if (!isBvedRecordType(letter)) {
      return {
        errors: [
          lineError(
            line,
            `Die Satzart ${shownLetter(letter)} ist unbekannt; gelesen werden die Satzarten ${SUPPORTED_TYPES}.`,
          ),
        ],
      }
    }
    const fileProblem = this.fileProblem(letter)
    if (fileProblem) return { errors: [lineError(line, fileProblem)] }
    const layout = BVED_LAYOUTS[this.version][letter]
    if (text.length !== layout.length) {
      return {
        errors: [
          lineError(
            line,
            `Ein Satz der Satzart ${letter} hat ${layout.length} Zeichen (ohne CR LF); diese Zeile hat ${text.length}.`,
          ),
        ],
      }
    }
    const { values, problems } = readFields(layout, text)
    if (problems.length > 0) return { errors: problems.map((problem) => atLine(line, problem)) }
    return { record: { type: letter, text, values, line } }
  }

  private fileProblem(type: BvedRecordType): string | null {
    this.fileType ??= type
    const kinds = BVED_FILE_KINDS[this.version]
    const file = kinds[this.fileType]
    if (file.types.includes(type)) return null
    const own = kinds[type]
    return `Ein Satz der Satzart ${type} gehört in die Datei ${own.prefix} (${own.content}), nicht in diese Datei ${file.prefix} (${file.content}) mit Sätzen der Satzart ${this.fileType}.`
  }
}

/** A type letter as messages show it: visible characters quoted, blanks and controls as codes. */
function shownLetter(letter: string): string {
  const code = letter.charCodeAt(0)
  return code > 0x20 && (code < 0x7f || code > 0x9f)
    ? `'${letter}'`
    : `0x${code.toString(16).toUpperCase().padStart(2, '0')}`
}

/**
 * The version whose layouts read a file (decision 064): 3.10 when its first record's version field
 * (positions 2–6, the same in every version) says '03.10', else 3.05, whose readers then name the
 * version they found where it matters.
 */
export function bvedFileVersion(bytes: Uint8Array): BvedVersion {
  return versionOfRecord(String.fromCharCode(...bytes.subarray(0, 6)))
}

const versionOfRecord = (text: string): BvedVersion =>
  text.slice(1, 6) === BVED_VERSION_FIELDS['3.10'] ? '3.10' : '3.05'

/**
 * The records of a bved file and every broken rule, each with its line. A line must end with CR
 * LF, the last one too; a line that breaks a rule yields errors and no record. The layouts are
 * those of the file's version (`bvedFileVersion`) unless `version` names one.
 */
export function readBvedFile(
  bytes: Uint8Array,
  version: BvedVersion = bvedFileVersion(bytes),
): BvedReadResult {
  const text = decodeLatin9(bytes)
  const reader = new RecordReader(version)
  const records: BvedReadRecord[] = []
  const errors: BvedError[] = []
  let from = 0
  for (let line = 1; from < text.length; line++) {
    const lineFeed = text.indexOf('\n', from)
    if (lineFeed === -1) {
      errors.push(
        lineError(line, 'Die Zeile ist nicht mit CR LF abgeschlossen; jeder Satz endet mit CR LF.'),
      )
      break
    }
    const segment = text.slice(from, lineFeed)
    from = lineFeed + 1
    if (!segment.endsWith('\r')) {
      errors.push(
        lineError(line, 'Die Zeile endet mit LF ohne CR davor; jeder Satz endet mit CR LF.'),
      )
      continue
    }
    const recordText = segment.slice(0, -1)
    if (recordText.includes('\r')) {
      errors.push(
        lineError(line, 'Die Zeile enthält ein CR ohne LF danach; jeder Satz endet mit CR LF.'),
      )
      continue
    }
    const outcome = reader.read(recordText, line)
    if ('record' in outcome) records.push(outcome.record)
    else errors.push(...outcome.errors)
  }
  return { records, errors }
}

/**
 * A record of a type from values by field key: each formatted by its field's rules (see
 * `formatFieldValue`), a missing key or null as a blank field, fixed fields from the layout.
 * Throws `BvedWriteError` naming every value that does not fit and every key the layout lacks.
 */
export function writeRecord(
  type: BvedRecordType,
  values: Readonly<Record<string, string | null | undefined>>,
  version: BvedVersion = '3.05',
): BvedRecord {
  const layout = BVED_LAYOUTS[version][type]
  const problems: BvedProblem[] = []
  const valueKeys = new Set(
    layout.fields.filter((field) => field.kind !== 'fixed').map((field) => field.key),
  )
  for (const key of Object.keys(values)) {
    if (!valueKeys.has(key)) {
      problems.push({ message: `Das Feld '${key}' gibt es in der Satzart ${type} nicht.` })
    }
  }
  let text = ''
  for (const field of layout.fields) {
    if (field.kind === 'fixed') {
      text += field.content
      continue
    }
    const outcome = formatFieldValue(field, values[field.key] ?? null)
    if (outcome.ok) text += outcome.result
    else problems.push(fieldProblem(field, outcome.problem))
  }
  if (problems.length > 0) throw new BvedWriteError(problems)
  return { type, text, values: readFields(layout, text).values }
}

/**
 * The bytes of a file of records: each record's text in ISO 8859-15, followed by CR LF. Each text
 * is read again as it would be from the file, so that no broken record and no record of another
 * file's type is written; `BvedWriteError` names them with their line.
 */
export function writeBvedFile(
  records: readonly BvedRecord[],
  version: BvedVersion = versionOfRecord(records[0]?.text ?? ''),
): Uint8Array {
  const reader = new RecordReader(version)
  const problems: BvedError[] = []
  records.forEach((record, index) => {
    const line = index + 1
    const foreign = nonLatin9Characters(record.text)
    if (foreign.length > 0) {
      const list = foreign.map((character) => `'${character}'`).join(', ')
      problems.push(lineError(line, `Der Zeichensatz ist ISO 8859-15; er hat ${list} nicht.`))
      return
    }
    const outcome = reader.read(record.text, line)
    if ('errors' in outcome) problems.push(...outcome.errors)
  })
  if (problems.length > 0) throw new BvedWriteError(problems)
  return encodeLatin9(records.map((record) => `${record.text}${CR_LF}`).join(''))
}
