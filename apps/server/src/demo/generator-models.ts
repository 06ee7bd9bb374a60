/** The models the demo generator builds a property from, before they become rows. */
import { type ProductKind } from './catalogue'
import { type PropertyPlan } from './plan'
import { type PartnerRow, type TariffRow } from './rows'

export const OPEN_END = '9999-12-31'
export const SYSTEM_USER = 'system'

export interface ConnectionModel {
  id: string
  street: string
  houseNumber: string
  houseNumberSuffix: string | null
  postalCode: string
  city: string
  name1: string
  name2: string
  units: UnitModel[]
}

export interface ContractModel {
  key: string
  account: string
  partner: PartnerRow
  status: 'A' | 'B' | 'L' | 'K'
  accountType: 'VKW' | 'VKG' | 'VKT'
  from: string
  until: string | null
  externalNumber: string
  /** Monthly advance payments in cents. */
  heatingAdvance: number
  otherAdvance: number
  tariffs: TariffRow[]
}

export interface UnitModel {
  pod: string
  index: number
  connection: ConnectionModel
  reference: string
  position: string
  locationAddendum: string
  usage: 'W' | 'G'
  /** Area in hundredths of m². */
  area: number
  billingObject: string
  contracts: ContractModel[]
}

export interface PropertyModel {
  companyCode: string
  plan: PropertyPlan
  index: number
  connection: ConnectionModel
  buildings: ConnectionModel[]
  units: UnitModel[]
  owner: PartnerRow
  manager: PartnerRow
  product: string
  productKind: ProductKind
  productVersion: string
  /** Who records costs on this property. */
  author: string
  buildYear: number
  heatMetering: 'HZ' | 'HV'
  radio: boolean
  fuel: 'gas' | 'oil' | 'district'
  totalArea: number
  rwmCount: number
  vacancyAccount: string | null
}

export interface DistributionModel {
  id: string
  property: PropertyModel
  year: number
  status: 'O' | 'E' | 'V' | 'G' | 'S' | 'F'
  statusChangedOn: string
  /** The day the provider distributed the costs (V), if it did. */
  billedOn: string | null
}
