/**
 * The CO2 split of a heating distribution on the server (decision 032): the inputs come
 * from the fuel lines (carrier, quantity, delivery), the property's master data (living or heated
 * area, building use) and what a user corrected from the invoice; the rules are the domain's
 * `co2Split`. What the user corrected is stored by `update-co2-split.ts`.
 */
import {
  assumedEnergyCarrier,
  checkLandlordLine,
  co2Split,
  FUEL_COST_TYPES,
  isCo2CostType,
  isEnergyCarrierCode,
  signOfAmount,
  sumAmounts,
  type Co2AreaKind,
  type Co2FuelInput,
  type Co2Restriction,
  type Co2SplitAnswer,
  type Co2SplitCorrections,
  type EnergyCarrierCode,
} from '@portal/domain'
import { and, eq, inArray } from 'drizzle-orm'
import { notFound } from '../../platform/http-errors'
import type { Executor } from '../../platform/persistence/database'
import { findVisibleDistribution, type DistributionRow } from './repositories/operating-costs'
import {
  co2SplitInputs,
  objectAttributes,
  operatingCostsExpenses,
} from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'
import { DISTRIBUTION_NOT_FOUND_MESSAGE } from './distribution-status'

type InputsRow = typeof co2SplitInputs.$inferSelect

export const NO_CORRECTIONS: Co2SplitCorrections = {
  quantity: null,
  energyCarrier: null,
  emissionsKgInvoice: null,
  co2CostInvoice: null,
  areaKind: null,
  restriction: null,
  primaryEnergyFactor: null,
}

export function correctionsOf(row: InputsRow | undefined): Co2SplitCorrections {
  if (!row) return NO_CORRECTIONS
  return {
    quantity: row.quantity,
    energyCarrier: isEnergyCarrierCode(row.energyCarrier) ? row.energyCarrier : null,
    emissionsKgInvoice: row.emissionsKgInvoice,
    co2CostInvoice: row.co2CostInvoice,
    areaKind: row.areaKind === 'WF' || row.areaKind === 'HF' ? row.areaKind : null,
    restriction:
      row.restriction === 'none' ||
      row.restriction === 'half' ||
      row.restriction === 'noSplit' ||
      row.restriction === 'weg'
        ? row.restriction
        : null,
    primaryEnergyFactor: row.primaryEnergyFactor,
  }
}

/** The split of a distribution the caller may see (and may have locked). */
export async function co2SplitOf(db: Executor, row: DistributionRow): Promise<Co2SplitAnswer> {
  const id = row.operatingCostsDistribution
  const [lines, attributes, [stored]] = await Promise.all([
    db
      .select({
        tariffComponent: operatingCostsExpenses.tariffComponent,
        quantity: operatingCostsExpenses.quantity,
        unit: operatingCostsExpenses.unit,
        energyCarrier: operatingCostsExpenses.energyCarrier,
        from: operatingCostsExpenses.from,
        until: operatingCostsExpenses.until,
        amount: operatingCostsExpenses.amountTransactionCurrency,
      })
      .from(operatingCostsExpenses)
      .where(
        and(
          eq(operatingCostsExpenses.operatingCostsDistribution, id),
          eq(operatingCostsExpenses.kind, 'heating'),
        ),
      )
      .orderBy(operatingCostsExpenses.createdAt, operatingCostsExpenses.guid),
    db
      .select({ name: objectAttributes.name, value: objectAttributes.value })
      .from(objectAttributes)
      .where(
        and(
          eq(objectAttributes.companyCode, row.companyCode),
          eq(objectAttributes.objectType, 'ANSCHLUSS'),
          eq(objectAttributes.objectKey, row.connection),
          inArray(objectAttributes.name, ['WF', 'HF', 'GNA']),
        ),
      ),
    db.select().from(co2SplitInputs).where(eq(co2SplitInputs.operatingCostsDistribution, id)),
  ])
  const corrections = correctionsOf(stored)
  const attribute = (name: string) => attributes.find((a) => a.name === name)?.value ?? null

  const fuelLines = lines.filter(
    (line) => FUEL_COST_TYPES.includes(line.tariffComponent) && line.quantity !== null,
  )
  const energyCarrierAssumed =
    corrections.energyCarrier === null &&
    fuelLines.some((line) => !isEnergyCarrierCode(line.energyCarrier))
  let fuels: Co2FuelInput[] = fuelLines.map((line) => ({
    energyCarrier:
      corrections.energyCarrier ??
      (isEnergyCarrierCode(line.energyCarrier)
        ? line.energyCarrier
        : assumedEnergyCarrier(line.unit)),
    quantity: line.quantity!,
    from: line.from ?? row.from,
    until: line.until ?? row.until,
  }))
  if (corrections.quantity !== null) {
    const carrier: EnergyCarrierCode =
      corrections.energyCarrier ?? fuels[0]?.energyCarrier ?? 'ERDGAS_H'
    fuels = [
      { energyCarrier: carrier, quantity: corrections.quantity, from: row.from, until: row.until },
    ]
  }

  const areaKind: Co2AreaKind = corrections.areaKind ?? (attribute('WF') === null ? 'HF' : 'WF')
  const restriction: Co2Restriction = corrections.restriction ?? 'none'
  const residential = attribute('GNA') !== 'G'
  const split = co2Split({
    fuels,
    emissionsKgInvoice: corrections.emissionsKgInvoice,
    co2CostInvoice: corrections.co2CostInvoice,
    areaKind,
    areaSquareMetres: attribute(areaKind),
    from: row.from,
    until: row.until,
    residential,
    restriction,
  })

  const co2Lines = lines.filter((line) => isCo2CostType(line.tariffComponent))
  const single = new Set(split.fuels.map((fuel) => fuel.energyCarrier)).size === 1
  const first = split.fuels[0]
  return {
    operatingCostsDistribution: id,
    energyCarrier: single && first ? first.energyCarrier : null,
    quantity: single ? sumAmounts(split.fuels.map((fuel) => fuel.quantity)) : null,
    quantityUnit: single && first ? first.quantityUnit : null,
    heatingValueBasis: single && first ? first.heatingValueBasis : null,
    emissionFactor: single && first ? first.emissionFactor : null,
    energyCarrierAssumed,
    fuels: split.fuels,
    emissionsKg: split.emissionsKg,
    emissionsSource: split.emissionsSource,
    areaKind,
    areaSquareMetres: split.areaSquareMetres,
    days: split.days,
    kgPerSquareMetreYear: split.kgPerSquareMetreYear,
    residential,
    restriction,
    stage: split.stage,
    landlordPercent: split.landlordPercent,
    co2Cost: split.co2Cost,
    co2CostSource: split.co2CostSource,
    landlordAmount: split.landlordAmount,
    tenantAmount: split.tenantAmount,
    expectedLandlordLine:
      split.landlordAmount === null
        ? null
        : signOfAmount(split.landlordAmount) === 0
          ? '0.00'
          : `-${split.landlordAmount}`,
    enteredLandlordLine:
      co2Lines.length === 0 ? null : sumAmounts(co2Lines.map((line) => line.amount)),
    missing: split.missing,
    steps: split.steps,
    corrections,
    version: stored?.version ?? 0,
  }
}

/** GET: the split of a visible distribution (404 otherwise). */
export async function readCo2Split(
  db: Executor,
  user: SessionUser,
  id: string,
): Promise<Co2SplitAnswer> {
  const row = await findVisibleDistribution(db, user, id)
  if (!row) throw notFound(DISTRIBUTION_NOT_FOUND_MESSAGE)
  return co2SplitOf(db, row)
}

/** The German message of a landlord's CO2 line that differs from the computed split. */
export const co2LineDiffersMessage = (expected: string) =>
  `Der Betrag weicht vom berechneten Vermieteranteil nach CO2KostAufG ab (erwartet ${expected}). Bitte korrigieren Sie den Betrag oder geben Sie eine Begründung an.`

/**
 * The landlord's CO2 line against the split (decision 032): answers the expected line when the
 * distribution's CO2 lines, with `line` in place of `replacing` (a change) or added to them, would
 * not sum to the expected credit; null when they do or the split is incomplete.
 */
export async function co2LineMismatch(
  tx: Executor,
  row: DistributionRow,
  amount: string | null,
  replacing: string | null,
): Promise<string | null> {
  const split = await co2SplitOf(tx, row)
  if (split.landlordAmount === null || amount === null) return null
  const others = await tx
    .select({
      guid: operatingCostsExpenses.guid,
      amount: operatingCostsExpenses.amountTransactionCurrency,
      tariffComponent: operatingCostsExpenses.tariffComponent,
    })
    .from(operatingCostsExpenses)
    .where(
      and(
        eq(operatingCostsExpenses.operatingCostsDistribution, row.operatingCostsDistribution),
        eq(operatingCostsExpenses.kind, 'heating'),
      ),
    )
  const entered = sumAmounts([
    ...others
      .filter((other) => isCo2CostType(other.tariffComponent) && other.guid !== replacing)
      .map((other) => other.amount),
    amount,
  ])
  const check = checkLandlordLine(entered, split.landlordAmount)
  return check.matches ? null : check.expected
}
