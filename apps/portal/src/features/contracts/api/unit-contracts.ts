import {
  contractName,
  ERROR,
  isShownContractAccountType,
  type Contract,
  type ContractAccount,
} from '@portal/domain'
import { useQuery } from '@tanstack/react-query'
import { getPartner, getRecord } from '../../../lib/queries'
import { unitRelations } from '../../../lib/unit-relations'

export type ContractRow = {
  key: string
  reference: string
  name: string
  contractStatus: string
  from: string
  until: string | null
  contractAccountType: string
}

/**
 * §7: the unit's contracts through its object relations, each with its contract account and the
 * partner's name; VKT rows are not shown (§2). Requests run in parallel.
 */
export function useUnitContracts(pointOfDelivery: string) {
  return useQuery({
    queryKey: ['unit-contracts', pointOfDelivery],
    queryFn: async (): Promise<ContractRow[]> => {
      const relations = await unitRelations(pointOfDelivery)
      const keys = relations.filter((r) => r.targetType === 'VERTRAG').map((r) => r.targetKey)
      const rows = await Promise.all(
        keys.map(async (key) => {
          const contract = await getRecord<Contract>(
            `contracts/${encodeURIComponent(key)}`,
            ERROR.contracts,
          )
          const [account, partner] = await Promise.all([
            getRecord<ContractAccount>(
              `contract-accounts/${encodeURIComponent(contract.contractAccount)}`,
              ERROR.contracts,
            ),
            getPartner(contract.businessPartner, ERROR.contracts),
          ])
          return {
            key: contract.key,
            reference: account.reference,
            name: contractName(partner),
            contractStatus: contract.contractStatus,
            from: contract.from,
            until: contract.until,
            contractAccountType: account.contractAccountType,
          }
        }),
      )
      return rows.filter((row) => isShownContractAccountType(row.contractAccountType))
    },
  })
}
