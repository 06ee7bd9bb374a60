/**
 * The demo's bved files of demo property 1000000002, as the ERP software of the demo manager sends
 * them. The cost file (decision 061) for the open distribution (last year's, natural gas H): the
 * gas delivered, the heating's service and its emission measurement, fresh water, and the waste
 * disposal named by the variable text of key 242. The users' file (decision 063): every unit's
 * users of the last twelve months as the portal knows them, and one new user. Copies for
 * 15 January 2026 lie in the server's test data (`test/fixtures/bved/`); the end-to-end tests
 * write them for their day.
 */
import { bvedFileName, writeBvedFile, writeRecord, type BvedRecord } from '@portal/domain'
import {
  addDays,
  addMonths,
  endOfMonth,
  endOfYear,
  maxDate,
  minDate,
  startOfMonth,
} from './calendar'
import { DemoDataGenerator } from './generator'
import type { ContractModel, PropertyModel } from './generator-models'
import { propertyReferences, unitReferences } from './references'

/** The demo property the file is for: the second of company code 1000. */
export const DEMO_BVED_PROPERTY = '1000000002'
const PROPERTY_INDEX = 1

export function demoBvedCostFile(today: string): { fileName: string; bytes: Uint8Array } {
  const year = Number(today.slice(0, 4)) - 1
  const from = `${year}-01-01`
  const until = endOfYear(year)
  const header = {
    argeVersion: '03.05',
    customerNumber: '4711',
    propertyNumber: propertyReferences(PROPERTY_INDEX).bvedPropertyNumber,
  }
  const cost = (values: Record<string, string | null>) =>
    writeRecord('K', { ...header, taxServiceKey: '00', fuelSlot: '1', ...values })
  const records = [
    writeRecord('B', {
      ...header,
      currency: 'EUR',
      billingPeriodStart: from,
      billingPeriodEnd: until,
      fuelKey: '194',
      fuelSlot: '1',
    }),
    cost({
      costTypeKey: '201',
      costScope: 'E',
      invoiceDate: `${year + 1}-01-08`,
      quantity: '48250',
      amountGross: '5790.00',
      amountNet: '4865.55',
    }),
    cost({
      costTypeKey: '221',
      costScope: 'H',
      invoiceDate: `${year}-10-14`,
      amountGross: '357.00',
      amountNet: '300.00',
      taxServiceKey: '13',
      labourCostGross: '200.00',
    }),
    cost({
      costTypeKey: '224',
      costScope: 'H',
      invoiceDate: `${year}-11-03`,
      amountGross: '89.25',
    }),
    cost({
      costTypeKey: '237',
      costScope: 'K',
      invoiceDate: `${year + 1}-01-12`,
      amountGross: '1190.00',
    }),
    cost({
      costTypeKey: '242',
      costTypeText: 'Müllbeseitigung',
      costScope: 'B',
      invoiceDate: `${year}-12-01`,
      amountGross: '640.00',
    }),
  ]
  return {
    fileName: bvedFileName('K', new Date(`${today}T11:00:00Z`)),
    bytes: writeBvedFile(records),
  }
}

/** The demo property as the generator makes it for `today`: its units and their contracts. */
function demoProperty(today: string): PropertyModel {
  const generator = new DemoDataGenerator(today, 1, '')
  const key = `1000/${PROPERTY_INDEX}`
  // the generator makes one property a step; each is seeded on its own, so the first steps suffice
  const steps = generator.generate()
  while (!steps.next().done) {
    const property = generator.planProperties.get(key)
    if (property) return property
  }
  throw new Error(`Die Demo-Liegenschaft ${key} fehlt.`)
}

/** The new user of the demo's users' file. */
export const DEMO_BVED_NEW_USER = { lastName: 'Brandt', firstName: 'Johanna' }

/**
 * The demo manager's DTM file for demo property 1000000002: the L record with a billing period
 * of the twelve months up to the end of the current month, and for every unit an M record per
 * user of that period as the portal knows him (vacancies flagged), so that all of them are
 * unchanged; but in the first unit whose tenant has an active contract the tenant moves out at the
 * end of the last month and a new user (Johanna Brandt) moves in on the first of this one. Taken
 * over, it makes exactly one tenant change report: that unit, move-out the last day of the
 * previous month, the new user at the unit's address.
 */
export function demoBvedUserFile(today: string): {
  fileName: string
  bytes: Uint8Array
  /** The unit of the new user and the move-out date of the report he becomes. */
  change: { reference: string; pointOfDelivery: string; moveOut: string }
} {
  const property = demoProperty(today)
  const references = propertyReferences(PROPERTY_INDEX)
  const until = endOfMonth(today)
  const from = startOfMonth(addMonths(startOfMonth(today), -11))
  const moveIn = startOfMonth(today)
  const header = {
    argeVersion: '03.05',
    customerNumber: '4711',
    propertyNumber: references.bvedPropertyNumber,
  }
  const site = property.connection
  const records: BvedRecord[] = [
    writeRecord('L', {
      ...header,
      vatPresentation: '3',
      street: `${site.street} ${site.houseNumber}${site.houseNumberSuffix ?? ''}`,
      country: 'DEU',
      postalCode: site.postalCode,
      town: site.city,
      billingPeriodStart: from,
      billingPeriodEnd: until,
      rentLossRiskFlag: '0',
      labourCostFlag: '0',
      currency: 'EUR',
    }),
  ]
  const changed = property.units.find((unit) => {
    const current = unit.contracts.at(-1)
    return current?.status === 'A' && current.accountType !== 'VKT' && current.from < moveIn
  })
  if (!changed) throw new Error('Die Demo-Liegenschaft hat keinen aktiven Mieter.')
  for (const unit of property.units) {
    const numbers = unitReferences(references, unit.index)
    const user = (
      contract: ContractModel | null,
      start: string,
      end: string,
      name: string | null,
    ) =>
      writeRecord('M', {
        ...header,
        unitNumber: numbers.bvedUnitNumber,
        clientReference: numbers.erpReference ?? unit.reference,
        addressFlag: '1',
        tenantName1: name,
        occupancyStart: start,
        occupancyEnd: end,
        vatFlag: '0',
        rentLossRiskFlag: '0',
        vacancyFlag: contract?.accountType === 'VKT' ? '1' : '0',
        tenantChangeFeeFlag: '0',
      })
    for (const contract of unit.contracts) {
      if (contract.from > until || (contract.until !== null && contract.until < from)) continue
      const leaves = unit === changed && contract === unit.contracts.at(-1)
      records.push(
        user(
          contract,
          maxDate(contract.from, from),
          leaves ? addDays(moveIn, -1) : minDate(contract.until ?? until, until),
          contract.accountType === 'VKT'
            ? null
            : `${contract.partner.name2 ?? ''}, ${contract.partner.name1}`,
        ),
      )
    }
    if (unit === changed) {
      records.push(
        user(
          null,
          moveIn,
          until,
          `${DEMO_BVED_NEW_USER.lastName}, ${DEMO_BVED_NEW_USER.firstName}`,
        ),
      )
    }
  }
  return {
    fileName: bvedFileName('L', new Date(`${today}T11:00:00Z`)),
    bytes: writeBvedFile(records),
    change: {
      reference: changed.reference,
      pointOfDelivery: changed.pod,
      moveOut: addDays(moveIn, -1),
    },
  }
}
