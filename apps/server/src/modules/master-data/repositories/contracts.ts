import type { Contract, ContractAccount } from '@portal/domain'
import { and, asc, eq } from 'drizzle-orm'
import type { Executor } from '../../../platform/persistence/database'
import {
  contractAccounts,
  contractFeatures,
  contractTariffs,
  contracts,
} from '../../../platform/persistence/schema'
import {
  visibleThroughParent,
  visibleThroughProperty,
  type SessionUser,
} from '../../../platform/persistence/scope'

/** A contract with its tariffs and features. */
export async function findVisibleContract(
  db: Executor,
  user: SessionUser,
  key: string,
): Promise<Contract | undefined> {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.key, key), visibleThroughProperty(user, contracts)))
  if (!row) return undefined
  const [tariffs, features] = await Promise.all([
    db
      .select({
        tariffComponent: contractTariffs.tariffComponent,
        billingVoucher: contractTariffs.billingVoucher,
        from: contractTariffs.from,
        until: contractTariffs.until,
      })
      .from(contractTariffs)
      .where(
        and(
          eq(contractTariffs.contract, row.key),
          visibleThroughParent(user, contractTariffs.contract, contracts),
        ),
      )
      .orderBy(asc(contractTariffs.id)),
    db
      .select({
        contractAttribute: contractFeatures.contractAttribute,
        value: contractFeatures.value,
        from: contractFeatures.from,
        until: contractFeatures.until,
      })
      .from(contractFeatures)
      .where(
        and(
          eq(contractFeatures.contract, row.key),
          visibleThroughParent(user, contractFeatures.contract, contracts),
        ),
      )
      .orderBy(asc(contractFeatures.id)),
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
}

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
