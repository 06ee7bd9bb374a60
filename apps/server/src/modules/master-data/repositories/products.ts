import type { Product } from '@portal/domain'
import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../../platform/persistence/database'
import { productTariffAssignments, products } from '../../../platform/persistence/schema'
import { sameCompany, type SessionUser } from '../../../platform/persistence/scope'

export async function findVisibleProduct(
  db: Executor,
  user: SessionUser,
  id: string,
): Promise<Product | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.product, id), sameCompany(user, products.companyCode)))
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
