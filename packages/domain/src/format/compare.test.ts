import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { germanText, houseNumber } from '../testing/arbitraries'
import { compareGermanText, compareHouseNumbers, compareNaturalText } from './compare'

describe('compareGermanText', () => {
  it('collates umlauts with their base letter and ignores case at first', () => {
    expect(['Zeller', 'Ärztehaus', 'Bahnhof', 'apfel'].sort(compareGermanText)).toEqual([
      'apfel',
      'Ärztehaus',
      'Bahnhof',
      'Zeller',
    ])
  })

  it('puts missing values last', () => {
    expect([null, 'B', '', 'A', undefined].sort(compareGermanText)).toEqual([
      'A',
      'B',
      null,
      '',
      undefined,
    ])
  })

  it('is antisymmetric', () => {
    fc.assert(
      fc.property(germanText, germanText, (a, b) => {
        expect(Math.sign(compareGermanText(a, b))).toBe(-Math.sign(compareGermanText(b, a)) || 0)
      }),
    )
  })
})

describe('compareHouseNumbers', () => {
  it('compares numbers numerically', () => {
    expect(['10a', '2', '10', '1'].sort(compareHouseNumbers)).toEqual(['1', '2', '10', '10a'])
  })

  it('is transitive', () => {
    fc.assert(
      fc.property(houseNumber, houseNumber, houseNumber, (a, b, c) => {
        if (compareHouseNumbers(a, b) <= 0 && compareHouseNumbers(b, c) <= 0) {
          expect(compareHouseNumbers(a, c)).toBeLessThanOrEqual(0)
        }
      }),
    )
  })
})

describe('compareNaturalText', () => {
  it('reads runs of digits as numbers and letters by German collation', () => {
    expect(['NE-10', 'ne-2', 'Öl', 'NE-1', 'Ofen'].sort(compareNaturalText)).toEqual([
      'NE-1',
      'ne-2',
      'NE-10',
      'Ofen',
      'Öl',
    ])
  })

  it('puts missing values last', () => {
    expect(['b', '', null, 'a'].sort(compareNaturalText)).toEqual(['a', 'b', '', null])
  })
})
