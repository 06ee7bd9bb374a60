import { z } from 'zod'
import { CATALOGUE } from '../catalogue'
import { wireShape, wireShapeWithout } from '../catalogue/wire'

const {
  connectionFeatures,
  connections,
  objectAttributes,
  partners,
  productTariffAssignments,
  products,
} = CATALOGUE

export const ConnectionFeatureSchema = z.object(
  wireShape(connectionFeatures, ['connectionAttributes', 'value', 'from', 'until']),
)

export const AttributeSchema = z.object(wireShape(objectAttributes, ['name', 'value']))

export const ConnectionSchema = z.object({
  ...wireShapeWithout(connections, ['propertyConnection']),
  productName: z.string().nullable(),
  connectionFeature: z.array(ConnectionFeatureSchema),
  attributesCollection: z.array(AttributeSchema),
})
export type Connection = z.infer<typeof ConnectionSchema>

export const PartnerSchema = z.object(wireShapeWithout(partners, ['companyCode']))
export type Partner = z.infer<typeof PartnerSchema>

export const ProductTariffAssignmentSchema = z.object(
  wireShape(productTariffAssignments, ['supplySegment', 'tariffComponent', 'active']),
)

export const ProductSchema = z.object({
  ...wireShapeWithout(products, ['companyCode']),
  productTariffAssignment: z.array(ProductTariffAssignmentSchema),
})
export type Product = z.infer<typeof ProductSchema>
