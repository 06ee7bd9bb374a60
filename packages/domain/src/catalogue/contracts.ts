/** The catalogue of the contracts: contract accounts, contracts, their tariffs and features. */
import { CONTRACT_ACCOUNT_TYPES, CONTRACT_STATUS } from '../codes/contract'
import { codesOf } from '../codes/label'
import { entity } from './entity'
import { code, key, serial, text } from './field'
import { EXAMPLE_UNIT, period, periodFrom, propertyScope } from './field-groups'

export const contractAccounts = entity('contract_accounts', {
  contractAccount: key('VK1000000001'),
  ...propertyScope(),
  businessPartner: key('P1000000001'),
  reference: text('L1000-000001'),
  contractAccountType: code(codesOf(CONTRACT_ACCOUNT_TYPES), 'VKT'),
})

export const contracts = entity('contracts', {
  key: key('VT1000000001'),
  ...propertyScope(),
  pointOfDelivery: key(EXAMPLE_UNIT),
  contractAccount: key('VK1000000001'),
  businessPartner: key('P1000000001'),
  contractStatus: code(codesOf(CONTRACT_STATUS), 'L'),
  externalNumber: text('MV-2023-00001').nullable(),
  ...periodFrom('2023-04-01', '2023-06-30'),
})

export const contractTariffs = entity('contract_tariffs', {
  id: serial('1'),
  contract: key('VT1000000001'),
  tariffComponent: text('HKVOR'),
  billingVoucher: key('AB1000000011').nullable(),
  ...period('2023-04-01', '2023-06-30'),
})

export const contractFeatures = entity('contract_features', {
  id: serial('1'),
  contract: key('VT1000000001'),
  contractAttribute: text('NUTZEINH'),
  value: text('NE-0001').nullable(),
  ...period('2023-04-01', '2023-06-30'),
})
