import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { germanText, houseNumber, isPairwiseOrdered } from '../testing/arbitraries'
import { compareAddresses, formatStreetAddress, type AddressLike } from './address'

const at = (street: string | null, houseNumber: string | null, suffix: string | null = null) => ({
  street,
  houseNumber,
  houseNumberSuffix: suffix,
})

const shown = (addresses: AddressLike[]) =>
  [...addresses].sort(compareAddresses).map(formatStreetAddress)

describe('compareAddresses', () => {
  it('orders house numbers as numbers and a number before its suffixes: 138, 138b, 140', () => {
    expect(
      shown([at('Ring', '140'), at('Ring', '138', 'b'), at('Ring', '9'), at('Ring', '138')]),
    ).toEqual(['Ring 9', 'Ring 138', 'Ring 138b', 'Ring 140'])
  })

  it('reads a suffix written into the house number like a separate one', () => {
    expect(shown([at('Ring', '138b'), at('Ring', '138', 'a'), at('Ring', '138')])).toEqual([
      'Ring 138',
      'Ring 138a',
      'Ring 138b',
    ])
    expect(compareAddresses(at('Ring', '138b'), at('Ring', '138', 'b'))).toBe(0)
    expect(compareAddresses(at('Ring', '138 b'), at('Ring', '138b'))).toBe(0)
  })

  it('orders by street first, in German collation', () => {
    expect(shown([at('Zollweg', '1'), at('Ährenweg', '20'), at('Allee', '3')])).toEqual([
      'Ährenweg 20',
      'Allee 3',
      'Zollweg 1',
    ])
  })

  it('puts a missing street or house number after the others', () => {
    expect(shown([at(null, '1'), at('Ring', null), at('Ring', '2'), at('Allee', '5')])).toEqual([
      'Allee 5',
      'Ring 2',
      'Ring',
      '1',
    ])
  })

  it('compares suffixes with numbers in them numerically', () => {
    expect(shown([at('Ring', '4', '-10'), at('Ring', '4', '-2')])).toEqual([
      'Ring 4-2',
      'Ring 4-10',
    ])
  })

  const address = fc.record({
    street: germanText,
    houseNumber,
    houseNumberSuffix: fc.constantFrom(null, '', 'a', 'b', ' c'),
  })

  it('is antisymmetric', () => {
    fc.assert(
      fc.property(address, address, (a, b) => {
        expect(Math.sign(compareAddresses(a, b))).toBe(-Math.sign(compareAddresses(b, a)) || 0)
      }),
    )
  })

  it('is transitive, so a sorted list is ordered pair by pair', () => {
    fc.assert(
      fc.property(fc.array(address, { maxLength: 25 }), (addresses) => {
        expect(isPairwiseOrdered([...addresses].sort(compareAddresses), compareAddresses)).toBe(
          true,
        )
      }),
    )
  })
})

describe('formatStreetAddress', () => {
  it('writes street, house number and suffix the way tables show them', () => {
    expect(formatStreetAddress(at('Hauptstraße', '138', 'b'))).toBe('Hauptstraße 138b')
    expect(formatStreetAddress(at('Hauptstraße', '12'))).toBe('Hauptstraße 12')
    expect(formatStreetAddress(at(null, null))).toBe('')
  })
})
