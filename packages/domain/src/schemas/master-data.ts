import { z } from 'zod'
import { CATALOGUE } from '../catalogue'
import { wireShape } from '../catalogue/wire'

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
  ...wireShape(connections, [
    'connection',
    'companyCode',
    'parentConnection',
    'name1',
    'name2',
    'street',
    'houseNumber',
    'houseNumberSuffix',
    'postalCode',
    'city',
  ]),
  productName: z.string().nullable(),
  connectionFeature: z.array(ConnectionFeatureSchema),
  attributesCollection: z.array(AttributeSchema),
})
export type Connection = z.infer<typeof ConnectionSchema>

export const PartnerSchema = z.object(
  wireShape(partners, [
    'businessPartner',
    'name1',
    'name2',
    'street',
    'houseNumber',
    'houseNumberSuffix',
    'postalCode',
    'city',
    'mail',
    'phone',
  ]),
)
export type Partner = z.infer<typeof PartnerSchema>

export const ProductTariffAssignmentSchema = z.object(
  wireShape(productTariffAssignments, ['supplySegment', 'tariffComponent', 'active']),
)

export const ProductSchema = z.object({
  ...wireShape(products, ['product', 'name', 'productVersion']),
  productTariffAssignment: z.array(ProductTariffAssignmentSchema),
})
export type Product = z.infer<typeof ProductSchema>
