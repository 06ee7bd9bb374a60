/**
 * The cost lines a bved DTK file (B and K records) becomes in one distribution (decision 061):
 * each K record one line of the cost type that carries its key of table K in the customer's value
 * list, each B record's stocks a line each, and the B record's fuel with its stocks the quantity
 * and the energy carrier of the CO2 split. Pure: the server checks the lines by the same rules as
 * typed ones and writes them; the preview shows this reading.
 */
import { FUEL_COST_TYPES } from '../costs/expenses'
import { ENERGY_CARRIERS, type EnergyCarrierCode } from '../costs/energy-carriers'
import {
  add,
  fraction,
  multiply,
  roundToDecimals,
  subtract,
  type Fraction,
} from '../costs/fraction'
import { formatDate } from '../format/date'
import { formatDecimal } from '../format/amount'
import { ExpenseInputSchema, type ExpenseInput } from '../schemas/costs'
import type { ExpenseType } from '../schemas/costs'
import type { BvedError, BvedFieldRef, BvedReadRecord, BvedReadResult } from './codec'
import { bvedFuel, type BvedFuel } from './fuels'
import { BVED_LAYOUTS, type BvedValueField } from './layouts'

/** A cost type of the distribution's value lists, with its key of table K where it has one. */
export interface BvedCostType {
  bvedCode: string | null
  tariffComponent: string
  kind: ExpenseType
  name: string
  /** The allocation key a line of the file gets: the cost type's first. */
  key: string
}

/** What the file is read against: the distribution and its property. */
export interface BvedCostTarget {
  /** The billing company's 9-digit number of the distribution's property; null without one. */
  propertyNumber: string | null
  /** The property's connection: the lines are allocated to it. */
  connection: string
  from: string
  until: string
  costTypes: readonly BvedCostType[]
}

export interface BvedCostLine {
  kind: ExpenseType
  costTypeName: string
  input: ExpenseInput
}

/** One record of the file, what it becomes, and why not. */
export interface BvedCostRecord {
  line: number
  type: string
  /** What the record is about, in German: 'Kostenart 221 · Wartungskosten'. */
  label: string
  lines: BvedCostLine[]
  errors: BvedError[]
}

/** The CO2 split's fuel from the file's first B record (decision 061). */
export interface BvedFuelFigures {
  energyCarrier: EnergyCarrierCode
  /** Opening stock + deliveries − closing stock, in the carrier's unit; null when one is unknown. */
  quantity: string | null
}

export interface BvedCostReading {
  records: BvedCostRecord[]
  /** Errors of lines that are no record (wrong length, unknown type …) and of the whole file. */
  errors: BvedError[]
  fuel: BvedFuelFigures | null
}

/** The keys of table K that a K record may not carry (page 8): stocks belong in the B record. */
const STOCK_KEYS = new Set(['200', '202'])
/** Keys whose cost type is named by the record's text (page 7, K field 7). */
const TEXT_KEYS = new Set(['228', '242', '254'])
/** The key of fuel deliveries; a B record's stocks become lines of its cost type. */
const DELIVERY_KEY = '201'
/** The key of the closing stock: its line is a credit of the cost type the customer gave it. */
const CLOSING_STOCK_KEY = '202'
/** Not apportionable (table K 260): the line's apportionable amount is 0. */
const NOT_APPORTIONABLE_KEY = '260'
/** Table L: the keys of § 35a EStG since 2009, whose wage share is the deductible amount. */
const TAX_SERVICE_KEYS = new Set(['11', '12', '13'])

const VERSION_FIELD = /^0?3\.\d\d$/

/** The values of a B or K record this reading uses (the codec reads every field of its layout). */
type CostValues = Readonly<
  Record<
    | 'amountGross'
    | 'amountNet'
    | 'billingPeriodEnd'
    | 'billingPeriodStart'
    | 'closingStockDate'
    | 'closingStockGross'
    | 'closingStockNet'
    | 'closingStockQuantity'
    | 'costTypeKey'
    | 'costTypeText'
    | 'currency'
    | 'fuelKey'
    | 'fuelSlot'
    | 'invoiceDate'
    | 'labourCostGross'
    | 'openingStockDate'
    | 'openingStockGross'
    | 'openingStockNet'
    | 'openingStockQuantity'
    | 'quantity'
    | 'taxServiceKey'
    | 'argeVersion'
    | 'propertyNumber',
    string | null
  >
>

const costValues = (record: BvedReadRecord) => record.values as unknown as CostValues

/** The field of a record type's layout by its key, for an error's positions. */
function fieldOf(type: 'B' | 'K', key: string): BvedFieldRef {
  const field = BVED_LAYOUTS['3.05'][type].fields.find(
    (candidate): candidate is BvedValueField => candidate.kind !== 'fixed' && candidate.key === key,
  )
  if (!field) throw new RangeError(`Feld ${key} fehlt in Satzart ${type}`)
  return { name: field.name, key, start: field.start, end: field.start + field.length - 1 }
}

function recordError(record: BvedReadRecord, key: string | null, message: string): BvedError {
  const type = record.type === 'B' ? 'B' : 'K'
  const field = key === null ? undefined : fieldOf(type, key)
  const at = field ? `, Feld ${field.name} (Stellen ${field.start}–${field.end})` : ''
  return {
    line: record.line,
    ...(field ? { field } : {}),
    message: `Zeile ${record.line}${at}: ${message}`,
  }
}

const shownDate = (iso: string) => formatDate(iso)
const shownPeriod = (from: string, until: string) => `${shownDate(from)}–${shownDate(until)}`

/** The checks every record of a DTK file shares: its version, its property, its currency. */
function headerErrors(record: BvedReadRecord, target: BvedCostTarget): BvedError[] {
  const errors: BvedError[] = []
  const version = costValues(record).argeVersion ?? ''
  if (!VERSION_FIELD.test(version)) {
    errors.push(
      recordError(
        record,
        'argeVersion',
        `Gelesen werden die Versionen 3.05 und 3.10; die Datei nennt „${version}“.`,
      ),
    )
  }
  if (target.propertyNumber === null) {
    errors.push(
      recordError(
        record,
        'propertyNumber',
        'Die Liegenschaft der Verteilung hat keine Liegenschaftsnummer des Abrechnungsunternehmens; ohne sie lässt sich die Datei nicht zuordnen.',
      ),
    )
  } else if (costValues(record).propertyNumber !== target.propertyNumber) {
    errors.push(
      recordError(
        record,
        'propertyNumber',
        `Der Satz gehört zur Liegenschaft ${costValues(record).propertyNumber ?? '–'}, die Verteilung zur Liegenschaft ${target.propertyNumber}.`,
      ),
    )
  }
  return errors
}

/** A quantity of the file in the carrier's unit, or null when it has no exact factor. */
function inCarrierUnit(quantity: string, fuel: BvedFuel | undefined): string | null {
  if (!fuel?.carrier || fuel.factor === null) return null
  return roundToDecimals(multiply(fraction(quantity), fraction(fuel.factor)), 3)
}

interface FuelSlot {
  record: BvedReadRecord
  fuel: BvedFuel | undefined
}

/** The cost type of a K record's key; for the text keys the one whose name the record gives. */
function costTypeOf(
  target: BvedCostTarget,
  key: string,
  text: string | null,
): BvedCostType | undefined {
  if (TEXT_KEYS.has(key)) {
    const wanted = (text ?? '').trim().toLocaleLowerCase('de')
    return target.costTypes.find((type) => type.name.toLocaleLowerCase('de') === wanted)
  }
  return target.costTypes.find((type) => type.bvedCode === key)
}

/** The input fields of a line whose rules break, by the record field they come from. */
const SOURCE_FIELDS: Readonly<Record<string, string>> = {
  amountTransactionCurrency: 'amountGross',
  apportionableAmount: 'amountGross',
  amountNet: 'amountNet',
  amountNetApportionable: 'amountNet',
  deductibleAmount: 'labourCostGross',
  quantity: 'quantity',
  tariffComponent: 'costTypeKey',
}

/** The line checked by the rules of a typed line (ExpenseInputSchema), or its errors. */
function checkedLine(
  record: BvedReadRecord,
  type: BvedCostType,
  draft: Record<string, unknown>,
): { line?: BvedCostLine; errors: BvedError[] } {
  const parsed = ExpenseInputSchema.safeParse(draft)
  if (parsed.success) {
    return { line: { kind: type.kind, costTypeName: type.name, input: parsed.data }, errors: [] }
  }
  const errors = parsed.error.issues.map((issue) => {
    const source = SOURCE_FIELDS[String(issue.path[0])]
    return recordError(record, record.type === 'K' ? (source ?? null) : null, issue.message)
  })
  return { errors }
}

/**
 * What every line of a file shares: allocated to the property by the cost type's first key, for
 * the distribution's period; a fuel line with its fuel's carrier, and its unit where it has a
 * quantity.
 */
function lineDraft(
  type: BvedCostType,
  target: BvedCostTarget,
  fuel: BvedFuel | undefined,
  quantity: string | null,
) {
  const isFuelLine = FUEL_COST_TYPES.includes(type.tariffComponent)
  const carrier = isFuelLine ? (fuel?.carrier ?? null) : null
  return {
    tariffComponent: type.tariffComponent,
    object: 'ANSCHLUSS',
    allocationRef: target.connection,
    key: type.key,
    from: target.from,
    until: target.until,
    quantity,
    unit: carrier && quantity !== null ? ENERGY_CARRIERS[carrier].quantityUnit : null,
    energyCarrier: carrier,
  }
}

/** The opening and the closing stock of a B record as lines of the fuel's cost types. */
function stockLines(
  record: BvedReadRecord,
  fuel: BvedFuel | undefined,
  target: BvedCostTarget,
): { lines: BvedCostLine[]; errors: BvedError[] } {
  const lines: BvedCostLine[] = []
  const errors: BvedError[] = []
  const v = costValues(record)
  const stocks = [
    {
      key: DELIVERY_KEY,
      date: v.openingStockDate,
      quantity: v.openingStockQuantity,
      gross: v.openingStockGross,
      net: v.openingStockNet,
      field: 'openingStockGross',
      what: 'Anfangsbestand',
      sign: '',
    },
    {
      key: CLOSING_STOCK_KEY,
      date: v.closingStockDate,
      quantity: v.closingStockQuantity,
      gross: v.closingStockGross,
      net: v.closingStockNet,
      field: 'closingStockGross',
      what: 'Restbestand',
      sign: '-',
    },
  ]
  for (const stock of stocks) {
    if (stock.gross === null || stock.gross === undefined) continue
    const type = target.costTypes.find((candidate) => candidate.bvedCode === stock.key)
    if (!type) {
      errors.push(
        recordError(
          record,
          stock.field,
          `Für den ${stock.what} ist in Ihrer Werteliste keine Kostenart mit dem Schlüssel ${stock.key} (Tabelle K) hinterlegt.`,
        ),
      )
      continue
    }
    const isFuelLine = FUEL_COST_TYPES.includes(type.tariffComponent)
    const negate = (amount: string | null | undefined) =>
      amount === null || amount === undefined || stock.sign === '' ? amount : `-${amount}`
    const quantity =
      isFuelLine && stock.quantity ? (inCarrierUnit(stock.quantity, fuel) ?? null) : null
    const checked = checkedLine(record, type, {
      ...lineDraft(type, target, fuel, quantity),
      amountTransactionCurrency: negate(stock.gross),
      apportionableAmount: negate(stock.gross),
      amountNet: negate(stock.net),
      amountNetApportionable: negate(stock.net),
      note: `${stock.what}${stock.date ? ` am ${shownDate(stock.date)}` : ''} (bved B-Satz)`,
    })
    errors.push(
      ...checked.errors.map((error) => ({
        ...error,
        message: error.message.replace(/^Zeile \d+/, `Zeile ${record.line} (${stock.what})`),
      })),
    )
    if (checked.line) lines.push(checked.line)
  }
  return { lines, errors }
}

function readB(record: BvedReadRecord, target: BvedCostTarget, slots: Map<string, FuelSlot>) {
  const v = costValues(record)
  const errors = headerErrors(record, target)
  if (v.currency !== 'EUR') {
    errors.push(
      recordError(
        record,
        'currency',
        `Beträge werden in EUR gelesen; die Datei nennt „${v.currency ?? ''}“.`,
      ),
    )
  }
  if (v.billingPeriodStart !== target.from || v.billingPeriodEnd !== target.until) {
    errors.push(
      recordError(
        record,
        'billingPeriodStart',
        `Der Abrechnungszeitraum ${shownPeriod(v.billingPeriodStart ?? '', v.billingPeriodEnd ?? '')} ist nicht der der Verteilung (${shownPeriod(target.from, target.until)}).`,
      ),
    )
  }
  const fuel = v.fuelKey ? bvedFuel(v.fuelKey) : undefined
  if (v.fuelKey && !fuel) {
    errors.push(
      recordError(record, 'fuelKey', `Den Brennstoff-Schlüssel ${v.fuelKey} hat Tabelle B nicht.`),
    )
  }
  const slot = v.fuelSlot ?? ''
  if (slots.has(slot)) {
    errors.push(
      recordError(
        record,
        'fuelSlot',
        `Die Brennstoffart ${slot} steht schon in Zeile ${slots.get(slot)!.record.line}.`,
      ),
    )
  } else {
    slots.set(slot, { record, fuel })
  }
  const hasStock = v.openingStockQuantity !== null || v.closingStockQuantity !== null
  if (fuel && hasStock && (fuel.carrier === null || fuel.factor === null)) {
    errors.push(
      recordError(
        record,
        'fuelKey',
        `Die Bestände von ${fuel.name} lassen sich nicht in die Einheit der CO2-Aufteilung umrechnen; bitte in ${fuel.carrier ? ENERGY_CARRIERS[fuel.carrier].quantityUnit : 'kWh'} liefern.`,
      ),
    )
  }
  const stocks = errors.length === 0 ? stockLines(record, fuel, target) : { lines: [], errors: [] }
  return {
    label: fuel ? `Brennstoff ${fuel.key} · ${fuel.name}` : 'Liegenschaftssatz ohne Brennstoff',
    lines: stocks.lines,
    errors: [...errors, ...stocks.errors],
  }
}

function readK(record: BvedReadRecord, target: BvedCostTarget, slots: Map<string, FuelSlot>) {
  const v = costValues(record)
  const key = v.costTypeKey ?? ''
  const errors = headerErrors(record, target)
  const type = costTypeOf(target, key, v.costTypeText)
  const label = `Kostenart ${key}${type ? ` · ${type.name}` : v.costTypeText ? ` · ${v.costTypeText}` : ''}`
  if (STOCK_KEYS.has(key)) {
    errors.push(
      recordError(
        record,
        'costTypeKey',
        `Der Schlüssel ${key} (Bestand) steht im B-Satz, nicht im K-Satz.`,
      ),
    )
  } else if (!type) {
    errors.push(
      recordError(
        record,
        TEXT_KEYS.has(key) ? 'costTypeText' : 'costTypeKey',
        TEXT_KEYS.has(key)
          ? `Zur Kostenart „${v.costTypeText ?? ''}“ gibt es in Ihrer Werteliste keine Kostenart dieses Namens.`
          : `Für den Schlüssel ${key} (Tabelle K) ist in Ihrer Werteliste keine Kostenart hinterlegt.`,
      ),
    )
  }
  if (v.amountGross === null) {
    errors.push(
      recordError(
        record,
        'amountGross',
        'Der Betrag (Brutto) fehlt; eine Kostenzeile braucht ihn.',
      ),
    )
  }
  if (errors.length > 0 || !type) return { label, lines: [], errors }
  const isFuelLine = FUEL_COST_TYPES.includes(type.tariffComponent)
  const fuel = isFuelLine ? slots.get(v.fuelSlot ?? '')?.fuel : undefined
  const quantity =
    v.quantity === null ? null : isFuelLine ? inCarrierUnit(v.quantity, fuel) : v.quantity
  if (isFuelLine && v.quantity !== null && quantity === null && fuel) {
    errors.push(
      recordError(
        record,
        'quantity',
        `Die Menge in ${fuel.name} lässt sich nicht in die Einheit der CO2-Aufteilung umrechnen.`,
      ),
    )
    return { label, lines: [], errors }
  }
  const deductible =
    v.labourCostGross !== null && TAX_SERVICE_KEYS.has(v.taxServiceKey ?? '')
      ? v.labourCostGross
      : null
  const notApportionable = key === NOT_APPORTIONABLE_KEY
  const checked = checkedLine(record, type, {
    ...lineDraft(type, target, fuel, quantity),
    amountTransactionCurrency: v.amountGross,
    apportionableAmount: notApportionable ? '0.00' : v.amountGross,
    deductibleAmount: deductible,
    amountNet: v.amountNet,
    amountNetApportionable: notApportionable || v.amountNet === null ? null : v.amountNet,
    note: [v.costTypeText, v.invoiceDate ? `Rechnung vom ${shownDate(v.invoiceDate)}` : null]
      .filter(Boolean)
      .join(' · '),
  })
  return { label, lines: checked.line ? [checked.line] : [], errors: checked.errors }
}

/**
 * The fuel of the CO2 split from the first fuel (Brennstoffart 1): its carrier, and its quantity
 * as opening stock + deliveries (K 201) − closing stock where the B record states both stocks.
 */
function fuelFigures(
  slots: Map<string, FuelSlot>,
  records: BvedCostRecord[],
): BvedFuelFigures | null {
  const first = slots.get('1')
  if (!first?.fuel?.carrier || first.fuel.factor === null) return null
  const v = costValues(first.record)
  if (v.openingStockQuantity === null || v.closingStockQuantity === null) {
    return { energyCarrier: first.fuel.carrier, quantity: null }
  }
  let total: Fraction = subtract(
    fraction(inCarrierUnit(v.openingStockQuantity, first.fuel)!),
    fraction(inCarrierUnit(v.closingStockQuantity, first.fuel)!),
  )
  for (const record of records) {
    if (record.type !== 'K') continue
    for (const line of record.lines) {
      if (FUEL_COST_TYPES.includes(line.input.tariffComponent) && line.input.quantity) {
        total = add(total, fraction(line.input.quantity))
      }
    }
  }
  return { energyCarrier: first.fuel.carrier, quantity: roundToDecimals(total, 3) }
}

/** The lines, errors and fuel of a DTK file read by the codec, for one distribution. */
export function readBvedCosts(file: BvedReadResult, target: BvedCostTarget): BvedCostReading {
  const errors: BvedError[] = [...file.errors]
  if (file.records.length === 0 && file.errors.length === 0) {
    errors.push({ line: 1, message: 'Zeile 1: Die Datei enthält keinen Satz.' })
  }
  const slots = new Map<string, FuelSlot>()
  const records: BvedCostRecord[] = []
  // the B records first: a K record's fuel line takes its carrier from its fuel's B record
  const ordered = [...file.records].sort(
    (a, b) => Number(b.type === 'B') - Number(a.type === 'B') || a.line - b.line,
  )
  for (const record of ordered) {
    if (record.type !== 'B' && record.type !== 'K') {
      records.push({
        line: record.line,
        type: record.type,
        label: `${record.type}-Satz`,
        lines: [],
        errors: [
          {
            line: record.line,
            message: `Zeile ${record.line}: Erwartet wird eine Kostendatei (DTK) mit B- und K-Sätzen; ein ${record.type}-Satz gehört in eine andere Datei.`,
          },
        ],
      })
      continue
    }
    const read = record.type === 'B' ? readB(record, target, slots) : readK(record, target, slots)
    records.push({ line: record.line, type: record.type, ...read })
  }
  records.sort((a, b) => a.line - b.line)
  return { records, errors, fuel: fuelFigures(slots, records) }
}

/** Whether a reading can be taken over: no error in the file or any record. */
export const isBvedCostReadingClean = (reading: BvedCostReading) =>
  reading.errors.length === 0 && reading.records.every((record) => record.errors.length === 0)

/** A German sentence of a reading's size: '3 Sätze, 4 Kostenzeilen, 1 Fehler'. */
export function bvedCostSummary(reading: BvedCostReading): string {
  const lines = reading.records.reduce((sum, record) => sum + record.lines.length, 0)
  const errorCount =
    reading.errors.length + reading.records.reduce((sum, record) => sum + record.errors.length, 0)
  const plural = (count: number, one: string, many: string) =>
    `${formatDecimal(String(count), 0)} ${count === 1 ? one : many}`
  return [
    plural(reading.records.length, 'Satz', 'Sätze'),
    plural(lines, 'Kostenzeile', 'Kostenzeilen'),
    plural(errorCount, 'Fehler', 'Fehler'),
  ].join(', ')
}
