/**
 * The demo's bved cost file (decision 061): what the ERP software of the demo manager sends for
 * the open distribution of demo property 1000000002 (last year's, natural gas H): the gas
 * delivered, the heating's service and its emission measurement, fresh water, and the waste
 * disposal named by the variable text of key 242. A copy for 15 January 2026 lies in the server's
 * test data (`test/fixtures/bved/`); the end-to-end tests write one for their day.
 */
import { bvedFileName, writeBvedFile, writeRecord } from '@portal/domain'
import { endOfYear } from './calendar'
import { propertyReferences } from './references'

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
