/**
 * Decision 061: a distribution's costs in and out as a bved DTK file (B and K records).
 *
 * In: the file is read against the distribution (its property's billing number, its period, the
 * cost types of its value lists with their key of table K), each line is checked by the rules of a
 * typed line, and either shown (`dryRun`) or written in one transaction, all or none, through
 * `addExpenses` (audited, in the changes feed). The fuel of the first B record and its stocks set
 * the CO2 split's energy carrier and quantity. A file taken over once into a distribution (by its
 * SHA-256) adds nothing a second time.
 *
 * Out: the distribution's lines as a DTK file, one B record per fuel and one K record per line.
 */
import { createHash } from 'node:crypto'
import {
  bvedCostSummary,
  bvedFileName,
  bvedFuelKeyOf,
  EXPENSE_TYPES,
  FUEL_COST_TYPES,
  isBvedCostReadingClean,
  isZeroTotal,
  readBvedCosts,
  readBvedFile,
  sameCostTypeLines,
  secondLineQuestion,
  writeBvedFile,
  writeRecord,
  ZERO_AMOUNT_QUESTION,
  type BvedCostLine,
  type BvedCostPreview,
  type BvedCostReading,
  type BvedCostTarget,
  type BvedCostType,
  type BvedRecord,
  type EnergyCarrierCode,
  type ExpenseType,
  type PeriodLine,
} from '@portal/domain'
import { and, asc, eq } from 'drizzle-orm'
import { conflict, HttpError, notFound, unprocessable } from '../../platform/http-errors'
import type { Executor } from '../../platform/persistence/database'
import {
  bvedCostImports,
  connections,
  operatingCostsExpenses,
} from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'
import { inTransaction } from '../../platform/persistence/transaction'
import { addExpenses } from './add-expenses'
import { DISTRIBUTION_NOT_FOUND_MESSAGE } from './distribution-status'
import { listLines } from './expense-questions'
import { checkExpenseLine, lockOpenDistribution } from './expense-rules'
import { findVisibleDistribution, type DistributionRow } from './repositories/operating-costs'
import { updateCo2Split } from './update-co2-split'
import { costTypes, keysAndObjects, VALUE_LIST_TABLE_OF } from './value-list'

/** A DTK file of a property's year holds some dozen records of 1 KB: 2 MB is far beyond any. */
export const BVED_FILE_MAX_BYTES = 2 * 1024 * 1024
export const BVED_FILE_INVALID_MESSAGE =
  'Die Datei enthält Fehler; übernommen wurde nichts. Die Vorschau nennt jeden Fehler an seiner Zeile.'
export const BVED_NO_PROPERTY_NUMBER_MESSAGE =
  'Die Liegenschaft hat keine Liegenschaftsnummer des Abrechnungsunternehmens; ohne sie lässt sich keine bved-Datei schreiben.'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

async function propertyNumberOf(tx: Executor, row: DistributionRow): Promise<string | null> {
  const [property] = await tx
    .select({ number: connections.bvedPropertyNumber })
    .from(connections)
    .where(eq(connections.connection, row.propertyConnection))
  return property?.number ?? null
}

/** What a file is read against: the property's number, the period, the cost types with keys. */
async function costTarget(tx: Executor, row: DistributionRow): Promise<BvedCostTarget> {
  const types: BvedCostType[] = []
  for (const kind of EXPENSE_TYPES) {
    const table = VALUE_LIST_TABLE_OF[kind]
    for (const type of await costTypes(tx, row, table)) {
      const offered = await keysAndObjects(tx, row, table, type.key)
      const key = offered.find((entry) => entry.obj === 'SCHLUESSEL')
      if (!key) continue
      types.push({
        bvedCode: type.bvedCode ?? null,
        tariffComponent: type.key,
        kind,
        name: type.name,
        key: key.key,
      })
    }
  }
  return {
    propertyNumber: await propertyNumberOf(tx, row),
    connection: row.connection,
    from: row.from,
    until: row.until,
    costTypes: types,
  }
}

/**
 * The preview: the file's reading, each line also checked by the server's rules of a typed line
 * (value lists, relations, the period), and the questions a typed line would ask.
 */
async function preview(
  tx: Executor,
  user: SessionUser,
  row: DistributionRow,
  file: { fileName: string; bytes: Uint8Array },
): Promise<{ answer: BvedCostPreview; lines: BvedCostLine[] }> {
  const reading = readBvedCosts(readBvedFile(file.bytes), await costTarget(tx, row))
  const recorded: Record<ExpenseType, PeriodLine[]> = {
    heating: await listLines(tx, row.operatingCostsDistribution, 'heating'),
    working: await listLines(tx, row.operatingCostsDistribution, 'working'),
  }
  // each record as read, with the lines the server's rules refuse moved to its errors
  const checked: BvedCostReading = { ...reading, records: [] }
  const records: BvedCostPreview['records'] = []
  for (const record of reading.records) {
    const errors = [...record.errors]
    const kept: BvedCostLine[] = []
    const shown: BvedCostPreview['records'][number]['lines'] = []
    for (const line of record.lines) {
      const { input } = line
      try {
        await checkExpenseLine(tx, user, row, line.kind, input, new Set(Object.keys(input)))
      } catch (error) {
        if (!(error instanceof HttpError)) throw error
        errors.push({ line: record.line, message: `Zeile ${record.line}: ${error.detail}` })
        continue
      }
      const questions: string[] = []
      if (isZeroTotal(input)) questions.push(ZERO_AMOUNT_QUESTION)
      const same = sameCostTypeLines(recorded[line.kind], input)
      if (same.length > 0) questions.push(secondLineQuestion(input.tariffComponent, same))
      recorded[line.kind].push({ ...input, guid: `${record.line}` })
      kept.push(line)
      shown.push({
        kind: line.kind,
        costTypeName: line.costTypeName,
        tariffComponent: input.tariffComponent,
        key: input.key,
        from: input.from,
        until: input.until,
        quantity: input.quantity ?? null,
        unit: input.unit ?? null,
        energyCarrier: input.energyCarrier ?? null,
        amountTransactionCurrency: input.amountTransactionCurrency,
        apportionableAmount: input.apportionableAmount,
        deductibleAmount: input.deductibleAmount ?? null,
        amountNet: input.amountNet ?? null,
        note: input.note ?? null,
        questions,
      })
    }
    checked.records.push({ ...record, lines: kept, errors })
    records.push({
      line: record.line,
      type: record.type,
      label: record.label,
      lines: shown,
      errors,
    })
  }
  return {
    lines: checked.records.flatMap((record) => record.lines),
    answer: {
      fileName: file.fileName,
      dryRun: true,
      alreadyImported: false,
      clean: isBvedCostReadingClean(checked),
      summary: bvedCostSummary(checked),
      records,
      errors: reading.errors,
      co2: reading.fuel,
      created: 0,
    },
  }
}

/**
 * POST bved-costs: the preview (`dryRun`), or the take-over of every line in one transaction; 422
 * when the file has an error (nothing is written), 409 when the distribution is not open.
 */
export async function takeOverBvedCosts(
  db: Executor,
  user: SessionUser,
  id: string,
  file: { fileName: string; bytes: Uint8Array },
  options: { dryRun: boolean },
): Promise<BvedCostPreview> {
  return inTransaction(db, async (tx) => {
    const row = await lockOpenDistribution(tx, user, id)
    const digest = sha256(file.bytes)
    const [before] = await tx
      .select({ id: bvedCostImports.id })
      .from(bvedCostImports)
      .where(
        and(eq(bvedCostImports.operatingCostsDistribution, id), eq(bvedCostImports.sha256, digest)),
      )
    const { answer, lines } = await preview(tx, user, row, file)
    if (before) return { ...answer, dryRun: options.dryRun, alreadyImported: true }
    if (options.dryRun) return answer
    if (!answer.clean) throw unprocessable(BVED_FILE_INVALID_MESSAGE, 'BVED_FILE_INVALID')
    let created = 0
    for (const kind of EXPENSE_TYPES) {
      const inputs = lines
        .filter((line) => line.kind === kind)
        // the preview showed each question; taking the file over answers them
        .map((line) => ({ ...line.input, confirmSecondLine: true, confirmZeroAmount: true }))
      if (inputs.length === 0) continue
      created += (await addExpenses(tx, user, id, kind, inputs)).length
    }
    if (answer.co2) {
      const { energyCarrier, quantity } = answer.co2
      await updateCo2Split(tx, user, id, {
        energyCarrier,
        ...(quantity === null ? {} : { quantity }),
      })
    }
    await tx.insert(bvedCostImports).values({
      operatingCostsDistribution: id,
      companyCode: row.companyCode,
      propertyConnection: row.propertyConnection,
      sha256: digest,
      fileName: file.fileName,
      lines: created,
      importedBy: user.userName,
    })
    return { ...answer, dryRun: false, created }
  })
}

/** The customer's number at the billing company: the digits of the distribution's partner. */
const customerNumberOf = (row: DistributionRow) =>
  ((row.businessPartner ?? '').replace(/\D/g, '') || '0').slice(-10)

/**
 * GET bved-costs: the distribution's recorded lines as a DTK file (one B record per fuel, one K
 * record per line), with the standard's file name. 409 without the property's billing number.
 */
export async function bvedCostFile(
  db: Executor,
  user: SessionUser,
  id: string,
  now: Date,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const row = await findVisibleDistribution(db, user, id)
  if (!row) throw notFound(DISTRIBUTION_NOT_FOUND_MESSAGE)
  return distributionCostFile(db, row, now)
}

/**
 * A distribution's recorded lines as a DTK file, whoever asks (the user's route checks what he
 * sees; the provider sees every distribution); 409 `BVED_NO_PROPERTY_NUMBER` without the
 * property's number.
 */
export async function distributionCostFile(
  db: Executor,
  row: DistributionRow,
  now: Date,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const id = row.operatingCostsDistribution
  const propertyNumber = await propertyNumberOf(db, row)
  if (propertyNumber === null)
    throw conflict(BVED_NO_PROPERTY_NUMBER_MESSAGE, 'BVED_NO_PROPERTY_NUMBER')
  const target = await costTarget(db, row)
  const lines = await db
    .select()
    .from(operatingCostsExpenses)
    .where(eq(operatingCostsExpenses.operatingCostsDistribution, id))
    .orderBy(
      asc(operatingCostsExpenses.kind),
      asc(operatingCostsExpenses.createdAt),
      asc(operatingCostsExpenses.guid),
    )
  const header = {
    argeVersion: '03.05',
    customerNumber: customerNumberOf(row),
    propertyNumber,
  }
  const carriers = [
    ...new Set(
      lines
        .filter((line) => FUEL_COST_TYPES.includes(line.tariffComponent) && line.energyCarrier)
        .map((line) => line.energyCarrier as EnergyCarrierCode),
    ),
  ]
  if (carriers.length > 2) {
    throw conflict(
      'Eine bved-Datei kennt höchstens zwei Brennstoffe je Liegenschaft; die Verteilung hat mehr.',
      'BVED_TOO_MANY_FUELS',
    )
  }
  const slotOf = (carrier: string | null) =>
    String(carriers.indexOf(carrier as EnergyCarrierCode) + 1 || 1)
  const records: BvedRecord[] = carriers.map((carrier, index) =>
    writeRecord('B', {
      ...header,
      currency: 'EUR',
      billingPeriodStart: row.from,
      billingPeriodEnd: row.until,
      fuelKey: bvedFuelKeyOf(carrier),
      fuelSlot: String(index + 1),
    }),
  )
  const nameOf = new Map(target.costTypes.map((type) => [type.tariffComponent, type]))
  for (const line of lines) {
    const type = nameOf.get(line.tariffComponent)
    const code = type?.bvedCode ?? (line.kind === 'heating' ? '228' : '242')
    records.push(
      writeRecord('K', {
        ...header,
        costTypeKey: code,
        // the variable text of 228 and 242 names the cost type (25 characters)
        costTypeText: type?.bvedCode ? null : (type?.name ?? line.tariffComponent).slice(0, 25),
        costScope: line.kind === 'heating' ? 'E' : 'B',
        invoiceDate: line.until ?? row.until,
        quantity: line.quantity,
        amountGross: line.amountTransactionCurrency,
        amountNet: line.amountNet,
        taxServiceKey: '00',
        fuelSlot: slotOf(line.energyCarrier),
      }),
    )
  }
  return { fileName: bvedFileName('K', now), bytes: writeBvedFile(records) }
}
