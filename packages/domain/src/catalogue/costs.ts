/** The catalogue of the costs: distributions, their expense lines and the value lists. */
import { DISTRIBUTION_STATUS } from '../codes/distribution'
import { codesOf } from '../codes/label'
import { ENERGY_CARRIER_CODES } from '../costs/energy-carriers'
import { entity } from './entity'
import {
  NOW,
  amount,
  code,
  date,
  digits,
  integer,
  key,
  quantity,
  serial,
  text,
  timestamp,
  uuid,
} from './field'
import { EXAMPLE_PROPERTY, propertyScope } from './field-groups'

const DISTRIBUTION = `${EXAMPLE_PROPERTY}-2020`

export const operatingCostsDistributions = entity('operating_costs_distributions', {
  operatingCostsDistribution: key(DISTRIBUTION).searchable(),
  ...propertyScope(),
  connection: key(EXAMPLE_PROPERTY).searchable(),
  businessPartner: key('P1000000001').nullable(),
  product: key('HBK1000'),
  productVersion: text('0002'),
  from: date('2020-01-01').searchable(),
  until: date('2020-12-31').searchable(),
  operatingCostsDistributionStatus: code(codesOf(DISTRIBUTION_STATUS), 'G').searchable(),
  statusChangedAt: timestamp('2021-09-30T09:30:00+00:00').defaulted(NOW),
  version: integer(1, { min: 1 }).defaulted(1),
})

export const operatingCostsExpenses = entity('operating_costs_expenses', {
  guid: uuid('5eed0001-0000-4000-8000-000000000001').searchable(),
  ...propertyScope(),
  operatingCostsDistribution: key(DISTRIBUTION),
  kind: code(['heating', 'working'], 'heating'),
  tariffComponent: text('HK_BRENNSTOFF').searchable(),
  supplyArea: text('HK').nullable().searchable(),
  object: text('ANSCHLUSS').nullable().searchable(),
  key: text('VERB').nullable().searchable(),
  allocationObject: text(EXAMPLE_PROPERTY).nullable(),
  allocationRef: text(EXAMPLE_PROPERTY).nullable(),
  from: date('2020-01-01').nullable().searchable(),
  until: date('2020-12-31').nullable().searchable(),
  quantity: quantity('112514.000').nullable(),
  unit: text('kWh').nullable(),
  energyCarrier: code(ENERGY_CARRIER_CODES, 'ERDGAS_H').nullable(),
  amountTransactionCurrency: amount('10530.82').nullable(),
  apportionableAmount: amount('10530.82').nullable(),
  deductibleAmount: amount('0.00').nullable(),
  amountNet: amount('8849.43').nullable(),
  amountNetApportionable: amount('8849.43').nullable(),
  note: text('Erdgaslieferung Stadtwerke').nullable(),
  createdBy: text('system').nullable(),
  version: integer(1, { min: 1 }).defaulted(1),
  createdAt: timestamp('2021-02-20T10:00:00+00:00').defaulted(NOW).searchable(),
})

export const valueListEntries = entity('value_list_entries', {
  id: serial('1'),
  companyCode: key('1000'),
  tableName: text('tb_uti_bkosten_h'),
  fieldName: text('SCHLUESSEL'),
  product: key('HBK1000'),
  productVersion: text('0002'),
  validFrom: date('2019-01-01'),
  validUntil: date('2022-12-31'),
  tariffComponent: text('HK_BRENNSTOFF').nullable(),
  object: text(null).nullable(),
  key: text('HK_BRENNSTOFF'),
  obj: text('TARIF').nullable(),
  name: text('Brennstoffkosten'),
  /** A cost type's key of table K of the bved exchange (decision 061): '201' for fuel. */
  bvedCode: digits(3, '201').nullable(),
})
