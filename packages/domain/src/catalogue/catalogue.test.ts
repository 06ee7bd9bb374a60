import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CATALOGUE, columnNameOf, defaultedFields, searchableProperties, snakeCase } from '.'
import { wireShape, wireShapeWithout } from './wire'

describe('the catalogue', () => {
  it('names columns in snake_case unless a field names its own', () => {
    expect(snakeCase('pointsOfDeliveryReference')).toBe('points_of_delivery_reference')
    expect(snakeCase('name1')).toBe('name1')
    const { fields } = CATALOGUE.vouchers
    expect(columnNameOf('voucherNr', fields.voucherNr)).toBe('voucher_nr')
    expect(columnNameOf('voucherNr', fields.voucherNr.column('belnr'))).toBe('belnr')
  })

  it('reads the searchable and the defaulted fields off an entity, in its order', () => {
    expect(searchableProperties(CATALOGUE.companyCodes)).toEqual(['companyCode', 'name', 'city'])
    expect(defaultedFields(CATALOGUE.operatingCostsExpenses)).toEqual(['version', 'createdAt'])
  })

  it('gives each named field its wire type, in the order named, unless overridden', () => {
    const shape = wireShape(CATALOGUE.devices, ['removalDate', 'key', 'calibrationYear'], {
      removalDate: z.literal('x'),
    })
    expect(Object.keys(shape)).toEqual(['removalDate', 'key', 'calibrationYear'])
    const schema = z.object(shape)
    expect(schema.safeParse({ removalDate: 'x', key: 'G1', calibrationYear: null }).success).toBe(
      true,
    )
    expect(schema.safeParse({ removalDate: 'x', key: null, calibrationYear: 2.5 }).success).toBe(
      false,
    )
    const { readingOrders } = CATALOGUE
    expect(z.object(wireShape(readingOrders, ['id'])).safeParse({ id: 1 }).success).toBe(true)
  })

  it("gives every field but the omitted ones their wire type, in the catalogue's order", () => {
    const shape = wireShapeWithout(
      CATALOGUE.billingObjects,
      ['companyCode', 'propertyConnection'],
      { pointOfDelivery: z.literal('V1') },
    )
    expect(Object.keys(shape)).toEqual(['key', 'pointOfDelivery'])
    const schema = z.object(shape)
    expect(schema.safeParse({ key: 'AO1', pointOfDelivery: 'V1' }).success).toBe(true)
    expect(schema.safeParse({ key: 'AO1', pointOfDelivery: 'V2' }).success).toBe(false)
  })
})
