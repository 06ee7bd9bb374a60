import { BUSINESS_ACCOUNT_TYPE } from '../codes/contract'
import { toCalendarDate, toCalendarDateOrThrow } from '../format/date'

export interface ContractLike {
  from?: string | null
  until?: string | null
  contractAccountType?: string | null
}

/** §4: a contract is current when it has started and has not ended before today. */
export function isCurrentContract(contract: ContractLike, today: string): boolean {
  const day = toCalendarDateOrThrow(today)
  const from = toCalendarDate(contract.from)
  if (from === null || from > day) return false
  if (!contract.until) return true
  const until = toCalendarDate(contract.until)
  return until !== null && until >= day
}

/** §4: isBusiness is true when a current contract of the connection has account type VKG. */
export function isBusinessConnection(contracts: readonly ContractLike[], today: string): boolean {
  return contracts.some(
    (contract) =>
      contract.contractAccountType === BUSINESS_ACCOUNT_TYPE && isCurrentContract(contract, today),
  )
}

/** §2: the contract name column, the two name parts joined. */
export function contractName(contract: { name1?: string | null; name2?: string | null }): string {
  return [contract.name1, contract.name2]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ')
}
