/**
 * The checks of an import before anything is written: every record against its entity's schema,
 * no key twice, every reference to a record of the import or of the database (of the same company
 * code or property where the format says so), every attachment's file against its record. Keeps
 * only keys (and, for referenced entities, each key's company code and property), never records,
 * so that it checks millions of readings in little memory.
 */
import { createHash } from 'node:crypto'
import {
  interchangeRecordErrors,
  INTERCHANGE_ENTITY_LIST,
  type InterchangeEntityName,
  type InterchangeReference,
} from '@portal/domain/interchange'
import { sql } from 'drizzle-orm'
import type { Executor } from '../../../platform/persistence/database'
import { detectUploadType } from '../../../platform/files/detect-type'
import { quoteIdentifier, interchangeTable, type InterchangeTable } from './tables'

/** One reason an import is refused: where (file, line, field) and the German rule. */
export interface ImportIssue {
  /** Relative to the import's folder (the archive); '' for the folder as a whole. */
  file: string
  /** 1-based line of the file; null for the file as a whole. */
  line: number | null
  /** The field of the record; '' for the record or the file as a whole. */
  field: string
  message: string
}

/** 'contracts.ndjson, Zeile 5, Feld pointOfDelivery: …' */
export function formatIssue(issue: ImportIssue): string {
  const where = [
    issue.file,
    issue.line === null ? null : `Zeile ${issue.line}`,
    issue.field ? `Feld ${issue.field}` : null,
  ].filter(Boolean)
  return where.length > 0 ? `${where.join(', ')}: ${issue.message}` : issue.message
}

type Key = string | number

interface Location {
  file: string
  line: number
  field: string
}

interface ReferenceUse extends Location {
  /** The referencing record's company code and property (see `scopeOf`). */
  scope: string
  same: InterchangeReference['same']
}

/** The lines of one file that refer to a key: how many, the first and the last. */
interface LinesOfFile {
  count: number
  first: number
  last: number
}

interface PendingReference {
  first: ReferenceUse
  /** How many records refer to the key. */
  count: number
  /** Uses that expect another scope than the first, checked as well. */
  others: ReferenceUse[]
  /** The referring lines after the first, per file (a few files at most). */
  lines: Map<string, LinesOfFile>
  /** Referred to as a property (propertyConnection, parentConnection). */
  property: boolean
}

const PROPERTY_FIELDS = new Set(['propertyConnection', 'parentConnection'])

/** Files named in a folded issue; more are counted. */
const FOLDED_FILES = 5

const lineCount = new Intl.NumberFormat('de-DE')

/** 'units.ndjson Zeilen 2–98', 'units.ndjson Zeile 4', 'units.ndjson 12 Zeilen zwischen 2 und 98' */
function linesText(file: string, lines: LinesOfFile): string {
  if (lines.count === 1) return `${file} Zeile ${lines.first}`
  if (lines.last - lines.first + 1 === lines.count) {
    return `${file} Zeilen ${lines.first}–${lines.last}`
  }
  return `${file} ${lineCount.format(lines.count)} Zeilen zwischen ${lines.first} und ${lines.last}`
}

/**
 * The issue of a missing record: the first line that refers to it carries it, and the other
 * references are folded into it, per file with their lines (decision 041), instead of one issue each.
 */
function missingMessage(
  entity: InterchangeEntityName,
  key: string,
  uses: PendingReference,
  sentence: string,
): string {
  const what =
    entity === 'connections' && uses.property
      ? 'die fehlende Liegenschaft'
      : 'den fehlenden Datensatz'
  const more = uses.count - 1
  if (more === 0) return `${sentence}.`
  const files = [...uses.lines].map(([file, lines]) => linesText(file, lines))
  const shown = files.slice(0, FOLDED_FILES)
  if (files.length > FOLDED_FILES) shown.push(`${files.length - FOLDED_FILES} weitere Dateien`)
  const references =
    more === 1 ? 'ein weiterer Verweis' : `${lineCount.format(more)} weitere Verweise`
  return `${sentence}; dazu ${references} auf ${what} ${key} (${shown.join(', ')}).`
}

const SEPARATOR = '\u0001'

/** A record's company code and property in one string, compared as a whole or by its start. */
function scopeOf(record: Record<string, unknown>): string {
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return `${text(record.companyCode)}${SEPARATOR}${text(record.propertyConnection)}`
}

/** The entities another one refers to with a scope: their keys' scopes are kept. */
const SCOPED_TARGETS = new Set<InterchangeEntityName>(
  INTERCHANGE_ENTITY_LIST.flatMap((entity) =>
    entity.references.flatMap((reference) => (reference.same ? [reference.entity] : [])),
  ),
)

/** The keys a DB lookup sends per statement. */
const LOOKUP_KEYS = 5_000

export class InterchangeChecker {
  readonly issues: ImportIssue[] = []
  /** The keys of the import per entity (ids of numbered rows as numbers). */
  readonly keys = new Map<InterchangeEntityName, Set<Key>>()
  /** The company codes of the import's company-codes file. */
  readonly companyCodes = new Set<string>()
  private readonly scopes = new Map<InterchangeEntityName, Map<string, string>>()
  private readonly pending = new Map<InterchangeEntityName, Map<string, PendingReference>>()
  /** The issues that are the cause of others (a missing record): listed before the rest. */
  readonly causes = new Set<ImportIssue>()
  private omitted = 0

  constructor(private readonly errorLimit: number) {}

  /** Whether the limit of collected issues is reached: the caller stops reading. */
  get full(): boolean {
    return this.issues.length >= this.errorLimit
  }

  /** How many issues were not collected because the limit was reached. */
  get omittedIssues(): number {
    return this.omitted
  }

  report(issue: ImportIssue): void {
    if (this.full) this.omitted++
    else this.issues.push(issue)
  }

  keysOf(entity: InterchangeEntityName): Set<Key> {
    let keys = this.keys.get(entity)
    if (!keys) this.keys.set(entity, (keys = new Set()))
    return keys
  }

  /**
   * Checks one record of `table` found at `file`:`line`; answers whether its fields are valid (its
   * references are decided later). Its key is kept even when the record is broken, so that one
   * broken record does not break the references to it as well.
   */
  check(table: InterchangeTable, value: unknown, file: string, line: number): boolean {
    const entity = table.entity
    const errors = interchangeRecordErrors(entity, value)
    for (const error of errors) this.report({ file, line, ...error })
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
    const record = value as Record<string, unknown>
    const key = this.keyOf(table, record)
    if (key !== undefined) {
      const keys = this.keysOf(entity.name)
      if (keys.has(key)) {
        this.report({
          file,
          line,
          field: entity.key.join(', '),
          message: `Der Schlüssel ${entity.key.map((f) => `${f} ${JSON.stringify(record[f])}`).join(', ')} kommt in ${file} mehrfach vor.`,
        })
        return false
      }
      keys.add(key)
      if (SCOPED_TARGETS.has(entity.name) && typeof key === 'string') {
        let scopes = this.scopes.get(entity.name)
        if (!scopes) this.scopes.set(entity.name, (scopes = new Map<string, string>()))
        scopes.set(key, scopeOf(record))
      }
      if (entity.name === 'companyCodes') this.companyCodes.add(String(key))
    }
    if (errors.length > 0) return false
    // the hot path of millions of readings: no allocation for a reference that is in order
    const scope = scopeOf(record)
    const companyPrefix = scope.slice(0, scope.indexOf(SEPARATOR) + 1)
    for (const reference of entity.references) {
      // a valid record's references are texts or null
      const targetKey = record[reference.field]
      if (typeof targetKey !== 'string') continue
      const found = this.keys.get(reference.entity)?.has(targetKey) === true
      if (found) {
        if (!reference.same) continue
        const target = this.scopes.get(reference.entity)?.get(targetKey)
        const fits =
          target === undefined ||
          (reference.same === 'property' ? target === scope : target.startsWith(companyPrefix))
        if (fits) continue
      }
      const use: ReferenceUse = { file, line, field: reference.field, scope, same: reference.same }
      // not (yet) in the import: decided at the end, from the whole import or the database
      if (found)
        this.checkScope(reference.entity, targetKey, use, this.scopes.get(reference.entity))
      else this.defer(reference.entity, targetKey, use)
    }
    return true
  }

  /**
   * Decides the references whose record was not in the import when they were read: now from the
   * whole import, otherwise from the database. With `prune`, a record of the database that the
   * import's company codes would lose does not count.
   */
  async resolve(
    db: Executor,
    prune: { present: Set<InterchangeEntityName> } | null,
  ): Promise<void> {
    for (const [entity, pending] of this.pending) {
      const inImport = this.keysOf(entity)
      const scopes = this.scopes.get(entity)
      const missing: string[] = []
      for (const [key, uses] of pending) {
        if (!inImport.has(key)) {
          missing.push(key)
          continue
        }
        for (const use of [uses.first, ...uses.others]) this.checkScope(entity, key, use, scopes)
      }
      const stored = await this.lookUp(db, interchangeTable(entity), missing)
      for (const key of missing) {
        const uses = pending.get(key)!
        const found = stored.get(key)
        const file = interchangeTable(entity).entity.file
        if (found === undefined) {
          // one issue per missing record, at the first line that refers to it, listed first
          const issue = {
            ...location(uses.first),
            message: missingMessage(
              entity,
              key,
              uses,
              `"${key}" fehlt: weder in ${file} noch in der Datenbank`,
            ),
          }
          this.report(issue)
          this.causes.add(issue)
          continue
        }
        const companyCode = found.split(SEPARATOR)[0]!
        if (prune?.present.has(entity) && this.companyCodes.has(companyCode)) {
          const issue = {
            ...location(uses.first),
            message: missingMessage(
              entity,
              key,
              uses,
              `"${key}" fehlt in ${file} und würde mit --prune entfernt`,
            ),
          }
          this.report(issue)
          this.causes.add(issue)
          continue
        }
        for (const use of [uses.first, ...uses.others]) {
          this.checkScope(entity, key, use, new Map([[key, found]]))
        }
      }
    }
    this.pending.clear()
  }

  private keyOf(table: InterchangeTable, record: Record<string, unknown>): Key | undefined {
    const fields = table.entity.key
    if (fields.length === 1) {
      const value = record[fields[0]!]
      if (typeof value !== 'string' && typeof value !== 'number') return undefined
      if (!table.serialKey) return String(value)
      const id = Number(value)
      return Number.isSafeInteger(id) ? id : undefined
    }
    const parts = fields.map((field) => record[field])
    if (parts.some((part) => typeof part !== 'string' && typeof part !== 'number')) {
      return undefined
    }
    return parts.map(String).join(SEPARATOR)
  }

  private defer(entity: InterchangeEntityName, key: string, use: ReferenceUse): void {
    let pending = this.pending.get(entity)
    if (!pending) this.pending.set(entity, (pending = new Map<string, PendingReference>()))
    const known = pending.get(key)
    if (!known) {
      const property = PROPERTY_FIELDS.has(use.field)
      pending.set(key, { first: use, count: 1, others: [], lines: new Map(), property })
      return
    }
    known.count++
    if (PROPERTY_FIELDS.has(use.field)) known.property = true
    const lines = known.lines.get(use.file)
    if (!lines) known.lines.set(use.file, { count: 1, first: use.line, last: use.line })
    else if (lines.last !== use.line) {
      // a record referring twice (propertyConnection and parentConnection) is one line
      lines.count++
      lines.last = use.line
    }
    const otherScope = use.scope !== known.first.scope || use.same !== known.first.same
    // a few per key at most in valid data; kept bounded in broken data
    if (use.same && otherScope && known.others.length < 10) known.others.push(use)
  }

  private checkScope(
    entity: InterchangeEntityName,
    key: string,
    use: ReferenceUse,
    scopes: Map<string, string> | undefined,
  ): void {
    if (!use.same) return
    const target = scopes?.get(key)
    if (target === undefined) return
    const [companyCode, property] = target.split(SEPARATOR)
    const [ownCompanyCode] = use.scope.split(SEPARATOR)
    const file = interchangeTable(entity).entity.file
    if (companyCode !== ownCompanyCode) {
      this.report({
        ...location(use),
        message: `"${key}" aus ${file} gehört zum Buchungskreis ${companyCode}, dieser Datensatz zu ${ownCompanyCode}.`,
      })
    } else if (use.same === 'property' && target !== use.scope) {
      this.report({
        ...location(use),
        message: `"${key}" aus ${file} gehört zur Liegenschaft ${property}, dieser Datensatz zu ${use.scope.split(SEPARATOR)[1]}.`,
      })
    }
  }

  /** The scopes of those `keys` the database holds for `table` (a text key). */
  private async lookUp(
    db: Executor,
    table: InterchangeTable,
    keys: readonly string[],
  ): Promise<Map<string, string>> {
    const found = new Map<string, string>()
    if (keys.length === 0) return found
    const key = quoteIdentifier(table.keyColumns[0]!.column)
    const has = (field: string) => table.columns.find((c) => c.field === field)
    const companyCode = has('companyCode') ? 'company_code' : "''"
    const property = has('propertyConnection') ? 'property_connection' : "''"
    for (let start = 0; start < keys.length; start += LOOKUP_KEYS) {
      const batch = JSON.stringify(keys.slice(start, start + LOOKUP_KEYS))
      const result = await db.execute(
        sql`select ${sql.raw(`${key}::text as key, ${companyCode} as company_code, ${property} as property`)} from ${sql.raw(quoteIdentifier(table.name))} where ${sql.raw(key)}::text in (select jsonb_array_elements_text(${batch}::jsonb))`,
      )
      const rows = (result as { rows: { key: string; company_code: string; property: string }[] })
        .rows
      for (const row of rows) found.set(row.key, `${row.company_code}${SEPARATOR}${row.property}`)
    }
    return found
  }

  /**
   * Checks an attachment's bytes against its record: there, as large as `size`, with the SHA-256
   * `sha256`, and of the type `mediaType` by their content.
   */
  checkContent(
    record: Record<string, unknown>,
    content: Uint8Array | undefined,
    file: string,
    line: number,
  ): void {
    const at = { file, line, field: 'contentFile' }
    const contentFile = String(record.contentFile)
    if (content === undefined) {
      this.report({ ...at, message: `Die Datei ${contentFile} fehlt im Ordner des Imports.` })
      return
    }
    if (content.byteLength !== record.size) {
      this.report({
        ...at,
        field: 'size',
        message: `Die Datei ${contentFile} hat ${content.byteLength} Bytes, nicht ${String(record.size)}.`,
      })
      return
    }
    const sha256 = createHash('sha256').update(content).digest('hex')
    if (sha256 !== record.sha256) {
      this.report({
        ...at,
        field: 'sha256',
        message: `Die SHA-256-Prüfsumme der Datei ${contentFile} ist ${sha256}.`,
      })
      return
    }
    const detected = detectUploadType(content, String(record.fileName))
    if (detected?.mediaType !== record.mediaType) {
      this.report({
        ...at,
        field: 'mediaType',
        message: detected
          ? `Der Inhalt der Datei ${contentFile} ist ${detected.mediaType}.`
          : `Der Inhalt der Datei ${contentFile} ist keiner der erlaubten Dateitypen.`,
      })
    }
  }
}

function location(use: ReferenceUse): Location {
  return { file: use.file, line: use.line, field: use.field }
}
