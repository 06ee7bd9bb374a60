import type { Contract, ContractAccount } from '@portal/domain'
import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../../platform/persistence/database'
import { visibleRowWithChildren } from '../../../platform/persistence/rows'
import {
  contractAccounts,
  contractFeatures,
  contractTariffs,
  contracts,
} from '../../../platform/persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../../../platform/persistence/scope'

/** A contract with its tariffs and features. */
export const findVisibleContract = visibleRowWithChildren(
  contracts,
  async (row, childrenOf): Promise<Contract> => {
    const [tariffs, features] = await Promise.all([
      childrenOf(contractTariffs, 'contract', [contractTariffs.id]),
      childrenOf(contractFeatures, 'contract', [contractFeatures.id]),
    ])
    return {
      key: row.key,
      contractAccount: row.contractAccount,
      businessPartner: row.businessPartner,
      contractStatus: row.contractStatus,
      pointOfDelivery: row.pointOfDelivery,
      externalNumber: row.externalNumber,
      from: row.from,
      until: row.until,
      contractTariff: tariffs,
      contractFeature: features,
    }
  },
)

export async function findVisibleContractAccount(
  db: Executor,
  user: SessionUser,
  id: string,
): Promise<ContractAccount | undefined> {
  const [row] = await db
    .select({
      contractAccount: contractAccounts.contractAccount,
      reference: contractAccounts.reference,
      contractAccountType: contractAccounts.contractAccountType,
      businessPartner: contractAccounts.businessPartner,
    })
    .from(contractAccounts)
    .where(
      and(eq(contractAccounts.contractAccount, id), visibleThroughProperty(user, contractAccounts)),
    )
  return row
}
