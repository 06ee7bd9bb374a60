/**
 * Which demo property plays which part. Block 0 of company 1000 is what the demo logins see;
 * further blocks (scale > 1) repeat the plan with other names and sizes and without the demo owner.
 */
import type { ProductKind } from './catalogue'
import { DEMO_OWNER_PARTNER } from './demo-users'
import type { PartnerRow } from './rows'

export type StatusStep = 'O' | 'E' | 'V' | 'G' | 'S' | 'F_OLD' | 'F_RECENT'
export type Usage = 'W' | 'G' | 'WG'
export type HwFeature = 'active' | 'expired' | 'renewed' | 'missing'

export interface PropertyPlan {
  units: number
  buildings: number
  usage: Usage
  product: ProductKind
  demoOwner: boolean
  hw: HwFeature
  /** Distribution status for the billing years five, four, three, two and one year(s) ago. */
  statuses: readonly [StatusStep, StatusStep, StatusStep, StatusStep, StatusStep]
}

const plan = (
  units: number,
  buildings: number,
  usage: Usage,
  product: ProductKind,
  demoOwner: boolean,
  hw: HwFeature,
  statuses: PropertyPlan['statuses'],
): PropertyPlan => ({ units, buildings, usage, product, demoOwner, hw, statuses })

/**
 * Per company code, one entry per property of a block: units, buildings (sub-connections), usage
 * (GNA), product, owned by the demo owner, HW feature, distribution statuses. At scale 1 company
 * 1000 gets properties 1000000001-1000000014; the demo owner holds 1, 2, 3 and 11, of which 11's
 * HW ended 45 days ago; 3 has an expired and a current HW; 12 has no HW at all.
 */
export const PLANS: Readonly<Record<string, readonly PropertyPlan[]>> = {
  '1000': [
    plan(12, 0, 'W', 'HBK', true, 'active', ['G', 'G', 'F_OLD', 'G', 'O']), // F due for auto-approval
    plan(16, 2, 'W', 'HBK', true, 'active', ['G', 'G', 'G', 'F_RECENT', 'O']), // F declined (activity)
    plan(8, 0, 'WG', 'HBK', true, 'renewed', ['G', 'G', 'G', 'V', 'E']),
    plan(14, 1, 'WG', 'HBK', false, 'active', ['G', 'S', 'G', 'G', 'O']),
    plan(10, 0, 'W', 'HBK', false, 'active', ['G', 'G', 'G', 'S', 'E']),
    plan(18, 3, 'W', 'HW', false, 'active', ['G', 'G', 'G', 'G', 'V']),
    plan(12, 1, 'WG', 'HBK', false, 'active', ['G', 'G', 'G', 'G', 'O']),
    plan(9, 0, 'W', 'HBK', false, 'active', ['G', 'G', 'G', 'V', 'O']),
    plan(15, 2, 'G', 'HBK', false, 'active', ['G', 'G', 'G', 'G', 'E']),
    plan(11, 0, 'W', 'HW', false, 'active', ['G', 'G', 'G', 'G', 'O']),
    plan(13, 1, 'W', 'HBK', true, 'expired', ['G', 'G', 'G', 'G', 'O']),
    plan(12, 0, 'W', 'HBK', false, 'missing', ['G', 'G', 'G', 'G', 'O']),
    // two small ones more, so that the verwalter's property list fills more than one page of ten
    plan(6, 0, 'W', 'HBK', false, 'active', ['G', 'G', 'G', 'G', 'O']),
    plan(5, 0, 'W', 'HW', false, 'active', ['G', 'G', 'G', 'G', 'E']),
  ],
  '2000': [
    plan(8, 1, 'W', 'HBK', false, 'active', ['G', 'G', 'G', 'F_RECENT', 'O']),
    plan(6, 0, 'WG', 'HBK', false, 'active', ['G', 'G', 'G', 'G', 'E']),
    plan(10, 0, 'W', 'HW', false, 'active', ['G', 'G', 'S', 'V', 'O']),
  ],
}

/** The partner of the demo login eigentuemer; her mail matches the user for the password reset. */
export const DEMO_OWNER: PartnerRow = {
  businessPartner: DEMO_OWNER_PARTNER,
  companyCode: '1000',
  name1: 'Helga',
  name2: 'Sommerfeld',
  street: 'Kettenhofweg',
  houseNumber: '112',
  houseNumberSuffix: null,
  postalCode: '60325',
  city: 'Frankfurt am Main',
  mail: 'helga.sommerfeld@example.com',
  phone: '069 7238841',
}
