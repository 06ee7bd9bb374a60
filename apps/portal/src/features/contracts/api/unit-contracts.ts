import {
  contractName,
  ERROR,
  ContractAccountSchema,
  ContractSchema,
  isShownContractAccountType,
} from '@portal/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { readRecord } from '../../../lib/api-query'
import { readPartner, unitRelations } from '../../../lib/records'

export const contractKeys = {
  all: ['unit-contracts'] as const,
  unit: (pointOfDelivery: string) => [...contractKeys.all, pointOfDelivery] as const,
}

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
export const unitContractsQuery = (pointOfDelivery: string) =>
  queryOptions({
    queryKey: contractKeys.unit(pointOfDelivery),
    queryFn: async ({ client }): Promise<ContractRow[]> => {
      const relations = await unitRelations(client, pointOfDelivery)
      const keys = relations.filter((r) => r.targetType === 'VERTRAG').map((r) => r.targetKey)
      const rows = await Promise.all(
        keys.map(async (key) => {
          const contract = await readRecord(
            client,
            `contracts/${encodeURIComponent(key)}`,
            ContractSchema,
            ERROR.contracts,
          )
          const [account, partner] = await Promise.all([
            readRecord(
              client,
              `contract-accounts/${encodeURIComponent(contract.contractAccount)}`,
              ContractAccountSchema,
              ERROR.contracts,
            ),
            readPartner(client, contract.businessPartner, ERROR.contracts),
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

export const useUnitContracts = (pointOfDelivery: string) =>
  useQuery(unitContractsQuery(pointOfDelivery))
