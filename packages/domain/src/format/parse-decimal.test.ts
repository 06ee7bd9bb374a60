import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatDecimal } from './amount'
import { parseGermanDecimal } from './parse-decimal'

describe('parseGermanDecimal', () => {
  it('reads German numbers into dot decimals', () => {
    expect(parseGermanDecimal('1.234,56')).toBe('1234.56')
    expect(parseGermanDecimal('-12,5')).toBe('-12.5')
    expect(parseGermanDecimal('0,10')).toBe('0.10')
    expect(parseGermanDecimal('1234')).toBe('1234')
    expect(parseGermanDecimal(' 1.000.000,01 ')).toBe('1000000.01')
    expect(parseGermanDecimal('1234,5')).toBe('1234.5')
  })

  it('refuses what is not a German number', () => {
    for (const input of [
      '',
      ' ',
      'abc',
      '1,2,3',
      '12.34',
      '1.23,4',
      ',5',
      '1,',
      '--1',
      '1e5',
      '1.2345,6',
    ]) {
      expect(parseGermanDecimal(input), input).toBeNull()
    }
    expect(parseGermanDecimal(null)).toBeNull()
    expect(parseGermanDecimal(undefined)).toBeNull()
  })

  it('round-trips what formatDecimal writes', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }),
        fc.integer({ min: 0, max: 4 }),
        (scaled, digits) => {
          const negative = scaled < 0n
          const text = (negative ? -scaled : scaled).toString().padStart(digits + 1, '0')
          const plain =
            digits === 0
              ? `${negative ? '-' : ''}${text}`
              : `${negative ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`
          const parsed = parseGermanDecimal(formatDecimal(plain, digits))
          const isZero = /^-?0(\.0*)?$/.test(plain)
          expect(parsed).toBe(isZero ? plain.replace(/^-/, '') : plain)
        },
      ),
    )
  })
})
