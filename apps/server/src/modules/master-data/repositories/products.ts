import type { Product } from '@portal/domain'
import { eq } from 'drizzle-orm'
import type { Executor } from '../../../platform/persistence/database'
import { firstRow } from '../../../platform/persistence/rows'
import { productTariffAssignments, products } from '../../../platform/persistence/schema'
import { sameCompany, type SessionUser } from '../../../platform/persistence/scope'

export async function findVisibleProduct(
  db: Executor,
  user: SessionUser,
  id: string,
): Promise<Product | undefined> {
  const row = await firstRow(db, products, [
    eq(products.product, id),
    sameCompany(user, products.companyCode),
  ])
  if (!row) return undefined
  const assignments = await db
    .select({
      supplySegment: productTariffAssignments.supplySegment,
      tariffComponent: productTariffAssignments.tariffComponent,
      active: productTariffAssignments.active,
    })
    .from(productTariffAssignments)
    .where(eq(productTariffAssignments.product, id))
    .orderBy(productTariffAssignments.id)
  return {
    product: row.product,
    name: row.name,
    productVersion: row.productVersion,
    productTariffAssignment: assignments,
  }
}
