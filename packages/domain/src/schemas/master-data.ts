import { z } from 'zod'

const isoDate = z.string().nullable()

export const ConnectionFeatureSchema = z.object({
  connectionAttributes: z.string(),
  value: z.string().nullable(),
  from: isoDate,
  until: isoDate,
})

export const AttributeSchema = z.object({ name: z.string(), value: z.string() })

export const ConnectionSchema = z.object({
  connection: z.string(),
  companyCode: z.string(),
  parentConnection: z.string().nullable(),
  name1: z.string(),
  name2: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  houseNumberSuffix: z.string().nullable(),
  postalCode: z.string(),
  city: z.string(),
  productName: z.string().nullable(),
  connectionFeature: z.array(ConnectionFeatureSchema),
  attributesCollection: z.array(AttributeSchema),
})
export type Connection = z.infer<typeof ConnectionSchema>

export const PartnerSchema = z.object({
  businessPartner: z.string(),
  name1: z.string(),
  name2: z.string(),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  houseNumberSuffix: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  mail: z.string().nullable(),
  phone: z.string().nullable(),
})
export type Partner = z.infer<typeof PartnerSchema>

export const ProductTariffAssignmentSchema = z.object({
  supplySegment: z.string(),
  tariffComponent: z.string(),
  active: z.boolean(),
})

export const ProductSchema = z.object({
  product: z.string(),
  name: z.string(),
  productVersion: z.string(),
  productTariffAssignment: z.array(ProductTariffAssignmentSchema),
})
export type Product = z.infer<typeof ProductSchema>
