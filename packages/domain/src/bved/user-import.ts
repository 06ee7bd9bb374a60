/**
 * The tenant change reports a bved DTM file (L and M records) becomes for one property (decision
 * 063): each M record compared with the contracts of its unit, matched by the unit's billing
 * number. A user the portal knows changes nothing; a new user becomes the report the tenant change
 * form makes, with the day before his move-in as the previous tenant's move-out. What the form
 * cannot express (a move-out without a successor, a vacancy) is refused at its field. Pure: the
 * server reads the property's units, contracts and open reports, and writes the reports.
 */
import { dayBefore, formatDate } from '../format/date'
import { formatDecimal } from '../format/amount'
import type { UnitContract } from '../consumption/consumption-users'
import type { BvedUserRowKind } from '../schemas/bved-users'
import { TenantChangeSchema, type TenantChange } from '../schemas/files'
import type { BvedError, BvedFieldRef, BvedReadRecord, BvedReadResult } from './codec'
import { BVED_LAYOUTS, type BvedValueField } from './layouts'

/** A usage unit of the property as the file is read against it. */
export interface BvedUserUnit {
  pointOfDelivery: string
  /** The unit's reference ('NE-0005'). */
  reference: string
  /** The billing company's 4-digit unit number; null without one. */
  bvedUnitNumber: string | null
  /** Where the unit lies: its street and house number, and its building's postcode and town. */
  address: { street: string; houseNumber: string; postalCode: string; town: string }
  /** The unit's contracts, vacancies (account type VKT) included. */
  contracts: readonly UnitContract[]
  /** The move-out dates (AUSZUG) of the unit's tenant change reports still open. */
  openReports: readonly string[]
}

/** What a DTM file is read against: the property and its units. */
export interface BvedUserTarget {
  /** The billing company's 9-digit number of the property; null without one. */
  propertyNumber: string | null
  units: readonly BvedUserUnit[]
}

export interface BvedUserRow {
  line: number
  /** The record's unit number (Wohnungsnummer). */
  unitNumber: string | null
  /** The unit it names; null when no unit of the property has the number. */
  unit: { pointOfDelivery: string; reference: string } | null
  /** The user's name as the file gives it (Nutzer Name 1 to 4). */
  name: string
  occupancyStart: string | null
  occupancyEnd: string | null
  kind: BvedUserRowKind
  /** The report a `tenantChange` becomes, as the form would send it. */
  report: TenantChange | null
  /** Why nothing is reported, in German (an `unchanged` or a `moveOut` row). */
  note: string | null
  errors: BvedError[]
}

export interface BvedUserReading {
  rows: BvedUserRow[]
  /** Errors of lines that are no M record (the L record, wrong length, other files' records). */
  errors: BvedError[]
}

/** Kennzeichen Leerstand (M field 67): 1 is a vacancy. */
const VACANCY = '1'
/** The account type of a vacancy's contract. */
const VACANCY_ACCOUNT_TYPE = 'VKT'
/** The versions a DTM file may name (decision 064: no 3.05 field of L and M moves in 3.10). */
const READ_VERSIONS = new Set(['03.05', '03.10', '3.05', '3.10'])

export const BVED_NAME_MESSAGE =
  'Der Name des Nutzers lässt sich nicht in Vor- und Nachname teilen; bitte „Nachname, Vorname“ angeben.'
export const BVED_STREET_MESSAGE =
  'Straße und Hausnummer lassen sich nicht trennen; erwartet wird „Straße Hausnummer“, z. B. „Hauptstraße 12a“.'
export const BVED_VACANCY_MESSAGE =
  'Ein Leerstand ist kein Mieterwechsel, den das Formular melden kann; er ist im Portal nicht als Leerstand der Nutzeinheit hinterlegt. Bitte melden Sie den nächsten Mieter, sobald er feststeht.'

type UserValues = Readonly<
  Record<
    | 'argeVersion'
    | 'propertyNumber'
    | 'unitNumber'
    | 'billingPeriodStart'
    | 'billingPeriodEnd'
    | 'tenantName1'
    | 'tenantName2'
    | 'tenantName3'
    | 'tenantName4'
    | 'tenantStreet'
    | 'tenantPostalCode'
    | 'tenantTown'
    | 'occupancyStart'
    | 'occupancyEnd'
    | 'vacancyFlag',
    string | null
  >
>

const valuesOf = (record: BvedReadRecord) => record.values as unknown as UserValues

function fieldOf(type: 'L' | 'M', key: string): BvedFieldRef {
  const field = BVED_LAYOUTS['3.05'][type].fields.find(
    (candidate): candidate is BvedValueField => candidate.kind !== 'fixed' && candidate.key === key,
  )
  if (!field) throw new RangeError(`Feld ${key} fehlt in Satzart ${type}`)
  return { name: field.name, key, start: field.start, end: field.start + field.length - 1 }
}

function recordError(record: BvedReadRecord, key: string | null, message: string): BvedError {
  const field = key === null ? undefined : fieldOf(record.type === 'L' ? 'L' : 'M', key)
  const positions = field
    ? field.start === field.end
      ? `Stelle ${field.start}`
      : `Stellen ${field.start}–${field.end}`
    : ''
  const at = field ? `, Feld ${field.name} (${positions})` : ''
  return {
    line: record.line,
    ...(field ? { field } : {}),
    message: `Zeile ${record.line}${at}: ${message}`,
  }
}

/**
 * Decision 063: the first and the last name of a free-form user name (M fields 8–11 carry names
 * without salutation, p. 7): 'Nachname, Vorname' split at its comma, otherwise the last word is
 * the last name and the words before it the first name. Null when it cannot be split: a single
 * word, a blank, or an empty side of the comma.
 */
export function splitUserName(name: string | null): { first: string; last: string } | null {
  const text = (name ?? '').trim().replace(/\s+/g, ' ')
  const comma = text.indexOf(',')
  if (comma >= 0) {
    const last = text.slice(0, comma).trim()
    const first = text.slice(comma + 1).trim()
    return last && first ? { first, last } : null
  }
  const words = text.split(' ').filter(Boolean)
  if (words.length < 2) return null
  return { first: words.slice(0, -1).join(' '), last: words.at(-1)! }
}

/**
 * Decision 063: street and house number of "Straßenname, Leerstelle, Hausnummer" (M field 12):
 * the house number is the trailing number with its letter or range ('12', '12a', '12 b',
 * '12-14'). Null when the text ends in no number.
 */
export function splitStreet(text: string | null): { street: string; houseNumber: string } | null {
  const match = /^(.*?\S)\s+(\d+(?:\s?[a-zA-Z])?(?:\s?[-/]\s?\d+(?:\s?[a-zA-Z])?)?)$/.exec(
    (text ?? '').trim(),
  )
  if (!match) return null
  return { street: match[1]!, houseNumber: match[2]!.replace(/\s/g, '') }
}

/** The report's fields whose form errors belong to a field of the M record. */
const SOURCE_FIELDS: Readonly<Record<string, string>> = {
  NAME1: 'tenantName1',
  NAME2: 'tenantName1',
  STRASSE: 'tenantStreet',
  HAUSNR: 'tenantStreet',
  PLZ: 'tenantPostalCode',
  ORT: 'tenantTown',
  AUSZUG: 'occupancyStart',
}

/** The names of the form's fields, for the errors the form's schema reports. */
const FORM_FIELD_NAMES: Readonly<Record<string, string>> = {
  NAME1: 'Vorname',
  NAME2: 'Nachname',
  STRASSE: 'Straße',
  HAUSNR: 'Hausnummer',
  PLZ: 'Postleitzahl',
  ORT: 'Ort',
  AUSZUG: 'Auszugsdatum des Vormieters',
}

/** The report a new user's M record becomes, checked by the form's schema, or its errors. */
function reportOf(
  record: BvedReadRecord,
  unit: BvedUserUnit,
  options: { fileName?: string },
): { report?: TenantChange; errors: BvedError[] } {
  const v = valuesOf(record)
  const errors: BvedError[] = []
  const name = splitUserName(v.tenantName1)
  if (!name) errors.push(recordError(record, 'tenantName1', BVED_NAME_MESSAGE))
  const ownAddress = [v.tenantStreet, v.tenantPostalCode, v.tenantTown].some(
    (value) => value !== null,
  )
  let address = {
    STRASSE: unit.address.street,
    HAUSNR: unit.address.houseNumber,
    PLZ: unit.address.postalCode,
    ORT: unit.address.town,
  }
  if (ownAddress) {
    const street =
      v.tenantStreet === null ? { street: '', houseNumber: '' } : splitStreet(v.tenantStreet)
    if (!street) errors.push(recordError(record, 'tenantStreet', BVED_STREET_MESSAGE))
    address = {
      STRASSE: street?.street ?? '',
      HAUSNR: street?.houseNumber ?? '',
      PLZ: v.tenantPostalCode ?? '',
      ORT: v.tenantTown ?? '',
    }
  }
  const moreNames = [v.tenantName2, v.tenantName3, v.tenantName4].filter(
    (value): value is string => value !== null,
  )
  const source = `Übernommen aus der bved-Nutzerdatei${options.fileName ? ` ${options.fileName}` : ''}, Zeile ${record.line}.`
  const draft = {
    customerType: 'private',
    salutation: 'O',
    NAME1: name?.first ?? '',
    NAME2: name?.last ?? '',
    AUSZUG: dayBefore(v.occupancyStart!),
    ...address,
    information:
      moreNames.length > 0 ? `${source} Weitere Namen: ${moreNames.join('; ')}.` : source,
  }
  const parsed = TenantChangeSchema.safeParse(draft)
  if (parsed.success) return errors.length > 0 ? { errors } : { report: parsed.data, errors }
  for (const issue of parsed.error.issues) {
    const formField = String(issue.path[0])
    const source = SOURCE_FIELDS[formField] ?? null
    // a name or street that could not be split is named once, by its own message
    if (source !== null && errors.some((error) => error.field?.key === source)) continue
    const label = FORM_FIELD_NAMES[formField]
    errors.push(recordError(record, source, label ? `${label}: ${issue.message}` : issue.message))
  }
  return { errors }
}

/** The checks every record of a DTM file shares: its version and its property. */
function headerErrors(record: BvedReadRecord, target: BvedUserTarget): BvedError[] {
  const v = valuesOf(record)
  const errors: BvedError[] = []
  if (!READ_VERSIONS.has(v.argeVersion ?? '')) {
    errors.push(
      recordError(
        record,
        'argeVersion',
        `Gelesen werden die Versionen 3.05 und 3.10; die Datei nennt „${v.argeVersion ?? ''}“.`,
      ),
    )
  }
  if (target.propertyNumber === null) {
    errors.push(
      recordError(
        record,
        'propertyNumber',
        'Die Liegenschaft hat keine Liegenschaftsnummer des Abrechnungsunternehmens; ohne sie lässt sich die Datei nicht zuordnen.',
      ),
    )
  } else if (v.propertyNumber !== target.propertyNumber) {
    errors.push(
      recordError(
        record,
        'propertyNumber',
        `Der Satz gehört zur Liegenschaft ${v.propertyNumber ?? '–'}, diese Liegenschaft hat die Nummer ${target.propertyNumber}.`,
      ),
    )
  }
  return errors
}

const shownPeriod = (from: string, until: string) => `${formatDate(from)}–${formatDate(until)}`

/**
 * The contract an occupancy is: the one of its kind (a vacancy's or a user's) moved in on its
 * first day, or the one it continues.
 */
function matchingContract(
  unit: BvedUserUnit,
  start: string,
  billingStart: string,
  vacancy: boolean,
): UnitContract | undefined {
  const contracts = unit.contracts.filter(
    (contract) => (contract.contractAccountType === VACANCY_ACCOUNT_TYPE) === vacancy,
  )
  const exact = contracts.find((contract) => contract.from === start)
  if (exact) return exact
  // "Wenn kein Nutzerwechsel erfolgt ist, muss das Feld den Abrechnungszeitraum enthalten" (p. 13):
  // a user who moved in before the period starts it on its first day
  if (start !== billingStart) return undefined
  return contracts.find(
    (contract) => contract.from <= start && (contract.until === null || contract.until >= start),
  )
}

const latestContract = (unit: BvedUserUnit) =>
  [...unit.contracts].sort((a, b) => a.from.localeCompare(b.from)).at(-1)

/** A row whose record is read; its kind is settled once the file's other records are known. */
interface Pending {
  row: BvedUserRow
  record: BvedReadRecord
  unit: BvedUserUnit | null
}

/** The L record's checks; the billing period the M records after it lie in, when it has none. */
function readL(
  record: BvedReadRecord,
  target: BvedUserTarget,
  first: BvedReadRecord | null,
): { errors: BvedError[]; period: { start: string; end: string } | null } {
  if (first) {
    return {
      errors: [
        recordError(
          record,
          null,
          `Die Datei hat schon in Zeile ${first.line} einen L-Satz; eine Nutzerdatei wird je Liegenschaft übernommen.`,
        ),
      ],
      period: null,
    }
  }
  const v = valuesOf(record)
  const errors = headerErrors(record, target)
  const start = v.billingPeriodStart!
  const end = v.billingPeriodEnd!
  if (end < start) {
    errors.push(
      recordError(
        record,
        'billingPeriodEnd',
        `Der Abrechnungszeitraum endet am ${formatDate(end)}, vor seinem Beginn am ${formatDate(start)}.`,
      ),
    )
  }
  return { errors, period: errors.length === 0 ? { start, end } : null }
}

/** The shown name of an M record: its names 1 to 4 as given. */
const shownName = (v: UserValues) =>
  [v.tenantName1, v.tenantName2, v.tenantName3, v.tenantName4].filter(Boolean).join(' · ')

/**
 * An M record's own checks and first reading: its unit, its period within the billing period,
 * and whether it is a user the portal knows, a move-out of the current user, or a new user.
 */
function readM(
  record: BvedReadRecord,
  target: BvedUserTarget,
  period: { start: string; end: string } | null,
  hasL: boolean,
): Pending & { status: 'known' | 'moveOut' | 'new' | 'error'; known?: UnitContract } {
  const v = valuesOf(record)
  const unit =
    v.unitNumber === null
      ? undefined
      : target.units.find((candidate) => candidate.bvedUnitNumber === v.unitNumber)
  const row: BvedUserRow = {
    line: record.line,
    unitNumber: v.unitNumber,
    unit: unit ? { pointOfDelivery: unit.pointOfDelivery, reference: unit.reference } : null,
    name: shownName(v),
    occupancyStart: v.occupancyStart,
    occupancyEnd: v.occupancyEnd,
    kind: 'error',
    report: null,
    note: null,
    errors: headerErrors(record, target),
  }
  const failed = () => ({ row, record, unit: unit ?? null, status: 'error' as const })
  if (!hasL) {
    row.errors.push(
      recordError(
        record,
        null,
        'Vor dem M-Satz fehlt der L-Satz der Liegenschaft mit ihrem Abrechnungszeitraum.',
      ),
    )
  }
  if (!unit) {
    row.errors.push(
      recordError(
        record,
        'unitNumber',
        `Die Liegenschaft hat keine Nutzeinheit mit der Wohnungsnummer ${v.unitNumber ?? ''}.`,
      ),
    )
  }
  const start = v.occupancyStart!
  const end = v.occupancyEnd!
  if (end < start) {
    row.errors.push(
      recordError(
        record,
        'occupancyEnd',
        `Der Wohnzeitraum endet am ${formatDate(end)}, vor seinem Beginn am ${formatDate(start)}.`,
      ),
    )
  } else if (period && (start < period.start || end > period.end)) {
    row.errors.push(
      recordError(
        record,
        start < period.start ? 'occupancyStart' : 'occupancyEnd',
        `Der Wohnzeitraum ${shownPeriod(start, end)} liegt nicht im Abrechnungszeitraum ${shownPeriod(period.start, period.end)} des L-Satzes.`,
      ),
    )
  }
  if (row.errors.length > 0 || !unit) return failed()
  if (!period) {
    row.note = 'Nicht geprüft: der L-Satz der Datei hat Fehler.'
    return failed()
  }

  const vacancy = v.vacancyFlag === VACANCY
  const known = matchingContract(unit, start, period.start, vacancy)
  const latest = latestContract(unit)
  if (known) {
    const movesOut = known === latest && end < period.end && known.until !== end
    return { row, record, unit, status: movesOut ? 'moveOut' : 'known', known }
  }
  if (vacancy) {
    row.errors.push(recordError(record, 'vacancyFlag', BVED_VACANCY_MESSAGE))
    return failed()
  }
  if (latest && start < latest.from) {
    row.errors.push(
      recordError(
        record,
        'occupancyStart',
        `Der Wohnzeitraum beginnt am ${formatDate(start)}, vor dem Einzug des jetzigen Nutzers am ${formatDate(latest.from)}, und mit keinem Vertrag der Nutzeinheit; die Datei passt nicht zu den Verträgen im Portal.`,
      ),
    )
    return failed()
  }
  return { row, record, unit, status: 'new' }
}

const moveOutWithoutSuccessor = (end: string) =>
  `Der Auszug am ${formatDate(end)} lässt sich ohne Nachfolger nicht als Mieterwechsel melden: die Meldung nennt den neuen Mieter. Melden Sie den Mieterwechsel, sobald der Nachfolger feststeht.`

/**
 * The rows of a DTM file read by the codec, one per M record, for one property (decision 063).
 * `fileName` goes into each report's further information, for the provider to find the file.
 */
export function readBvedUsers(
  file: BvedReadResult,
  target: BvedUserTarget,
  options: { fileName?: string } = {},
): BvedUserReading {
  const errors: BvedError[] = [...file.errors]
  if (file.records.length === 0 && file.errors.length === 0) {
    errors.push({ line: 1, message: 'Zeile 1: Die Datei enthält keinen Satz.' })
  }
  let lRecord: BvedReadRecord | null = null
  let period: { start: string; end: string } | null = null
  const read: ReturnType<typeof readM>[] = []
  for (const record of file.records) {
    if (record.type === 'L') {
      const outcome = readL(record, target, lRecord)
      errors.push(...outcome.errors)
      if (!lRecord) {
        lRecord = record
        period = outcome.period
      }
      continue
    }
    if (record.type !== 'M') {
      errors.push(
        recordError(
          record,
          null,
          `Erwartet wird eine Nutzerdatei (DTM) mit L- und M-Sätzen; ein ${record.type}-Satz gehört in eine andere Datei.`,
        ),
      )
      continue
    }
    read.push(readM(record, target, period, lRecord !== null))
  }
  if (file.records.length > 0 && !lRecord) {
    errors.push({
      line: 1,
      message: 'Zeile 1: Eine Nutzerdatei (DTM) beginnt mit dem L-Satz der Liegenschaft; er fehlt.',
    })
  }

  // per unit: at most one new user, whose move-in fits the move-out of the user before him
  const newUsers = new Map<string, Pending>()
  for (const entry of read) {
    if (entry.status !== 'new') continue
    const before = newUsers.get(entry.unit!.pointOfDelivery)
    if (before) {
      entry.row.errors.push(
        recordError(
          entry.record,
          'occupancyStart',
          `Für die Nutzeinheit steht schon in Zeile ${before.record.line} ein neuer Nutzer; je Datei wird ein Mieterwechsel je Nutzeinheit übernommen.`,
        ),
      )
      entry.status = 'error'
      continue
    }
    newUsers.set(entry.unit!.pointOfDelivery, entry)
  }
  for (const entry of read) {
    const v = valuesOf(entry.record)
    const end = v.occupancyEnd!
    const successor = entry.unit ? newUsers.get(entry.unit.pointOfDelivery) : undefined
    const successorStart = successor ? valuesOf(successor.record).occupancyStart! : null
    if (entry.status === 'known') {
      // the current user's record still living there while the new one moves in
      if (successor && entry.known === latestContract(entry.unit!) && end >= successorStart!) {
        successor.row.errors.push(
          recordError(
            successor.record,
            'occupancyStart',
            `Der Wohnzeitraum überschneidet sich mit dem des bisherigen Nutzers in Zeile ${entry.record.line} (bis ${formatDate(end)}).`,
          ),
        )
      }
      entry.row.kind = 'unchanged'
      const known = entry.known!
      entry.row.note =
        known.contractAccountType === VACANCY_ACCOUNT_TYPE
          ? `Wie im Portal: Leerstand seit ${formatDate(known.from)}.`
          : `Wie im Portal: Vertrag seit ${formatDate(known.from)} (${known.name}).`
    } else if (entry.status === 'moveOut') {
      if (!successor) {
        entry.row.errors.push(
          recordError(entry.record, 'occupancyEnd', moveOutWithoutSuccessor(end)),
        )
      } else if (end !== dayBefore(successorStart!)) {
        entry.row.errors.push(
          recordError(
            entry.record,
            'occupancyEnd',
            `Der Auszug am ${formatDate(end)} passt nicht zum Einzug des Nachfolgers am ${formatDate(successorStart)} (Zeile ${successor.record.line}); gemeldet wird der Tag vor dem Einzug als Auszug.`,
          ),
        )
      } else {
        entry.row.kind = 'moveOut'
        entry.row.note = `Auszug am ${formatDate(end)}: gemeldet mit dem neuen Nutzer in Zeile ${successor.record.line}.`
      }
    }
  }
  for (const entry of read) {
    if (entry.status !== 'new' || entry.row.errors.length > 0) continue
    const v = valuesOf(entry.record)
    const end = v.occupancyEnd!
    if (period && end < period.end) {
      // a new user who moves out again within the period would need his successor as well
      entry.row.errors.push(recordError(entry.record, 'occupancyEnd', moveOutWithoutSuccessor(end)))
      continue
    }
    const { report, errors: reportErrors } = reportOf(entry.record, entry.unit!, options)
    entry.row.errors.push(...reportErrors)
    if (!report) continue
    if (entry.unit!.openReports.includes(report.AUSZUG)) {
      entry.row.kind = 'unchanged'
      entry.row.note = `Bereits gemeldet: ein offener Mieterwechsel mit Auszug am ${formatDate(report.AUSZUG)}.`
      continue
    }
    entry.row.kind = 'tenantChange'
    entry.row.report = report
  }
  for (const entry of read) if (entry.row.errors.length > 0) entry.row.kind = 'error'
  return { rows: read.map((entry) => entry.row), errors }
}

/** Whether a reading can be taken over: no error in the file or any record. */
export const isBvedUserReadingClean = (reading: BvedUserReading) =>
  reading.errors.length === 0 && reading.rows.every((row) => row.errors.length === 0)

/** A German sentence of a reading's size: '5 Nutzersätze, 3 unverändert, 1 Mieterwechsel, 0 Fehler'. */
export function bvedUserSummary(reading: BvedUserReading): string {
  const count = (kind: BvedUserRowKind) => reading.rows.filter((row) => row.kind === kind).length
  const errorCount =
    reading.errors.length + reading.rows.reduce((sum, row) => sum + row.errors.length, 0)
  const plural = (value: number, one: string, many: string) =>
    `${formatDecimal(String(value), 0)} ${value === 1 ? one : many}`
  return [
    plural(reading.rows.length, 'Nutzersatz', 'Nutzersätze'),
    plural(count('unchanged'), 'unverändert', 'unverändert'),
    plural(count('tenantChange'), 'Mieterwechsel', 'Mieterwechsel'),
    plural(errorCount, 'Fehler', 'Fehler'),
  ].join(', ')
}
