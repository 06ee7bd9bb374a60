/** §4: contract status (VTSTATUS). */
export const CONTRACT_STATUS = {
  A: 'Aktiv',
  B: 'Beendet',
  L: 'Leerstand',
  K: 'Gekündigt',
} as const
export type ContractStatus = keyof typeof CONTRACT_STATUS

/** §3: contract account types (VKONTO). */
export const CONTRACT_ACCOUNT_TYPES = {
  VKW: 'Wohnen (privat)',
  VKG: 'Gewerbe',
  VKT: 'Technisches Vertragskonto',
} as const
export type ContractAccountType = keyof typeof CONTRACT_ACCOUNT_TYPES

/** §4: the account type that marks a connection as business (isBusiness). */
export const BUSINESS_ACCOUNT_TYPE = 'VKG'

/** §2: contracts on a technical account (VKT) are never shown. */
export function isShownContractAccountType(type: string | null | undefined): boolean {
  return type !== 'VKT'
}
