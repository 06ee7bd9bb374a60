import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatAmount,
  formatDecimal,
  isDecimalString,
  isNegativeDecimal,
  sumAmounts,
} from './amount'

const NBSP = '\u00a0'

describe('formatAmount', () => {
  it('uses a decimal comma, thousands dots and EUR', () => {
    expect(formatAmount('1234.56')).toBe(`1.234,56${NBSP}€`)
    expect(formatAmount('-123.45')).toBe(`-123,45${NBSP}€`)
    expect(formatAmount('7')).toBe(`7,00${NBSP}€`)
    expect(formatAmount(1234.5)).toBe(`1.234,50${NBSP}€`)
  })

  it('formats decimal strings exactly, beyond what a float can hold', () => {
    expect(formatAmount('12345678901234.56')).toBe(`12.345.678.901.234,56${NBSP}€`)
    expect(formatAmount('9007199254740993.01')).toBe(`9.007.199.254.740.993,01${NBSP}€`)
    expect(formatAmount(sumAmounts(['0.1', '0.2']))).toBe(`0,30${NBSP}€`)
    expect(formatAmount('0.30000000000000004')).toBe(`0,30${NBSP}€`)
  })

  it('rounds half away from zero on the decimal value', () => {
    expect(formatAmount('1.005')).toBe(`1,01${NBSP}€`)
    expect(formatAmount('-2.675')).toBe(`-2,68${NBSP}€`)
  })

  it('does not show a minus sign for an amount that rounds to zero', () => {
    expect(formatAmount('-0.001')).toBe(`0,00${NBSP}€`)
  })

  it('gives an empty text for missing or invalid values', () => {
    for (const value of [null, undefined, '', ' ', 'abc', '1,5', '1e3', Number.NaN, Infinity]) {
      expect(formatAmount(value)).toBe('')
    }
  })

  it('agrees with integer-cent arithmetic for every amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (cents) => {
        const negative = cents < 0n
        const digits = (negative ? -cents : cents).toString().padStart(3, '0')
        const whole = digits.slice(0, -2)
        const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
        const expected = `${negative ? '-' : ''}${grouped},${digits.slice(-2)}${NBSP}€`
        expect(formatAmount(`${negative ? '-' : ''}${whole}.${digits.slice(-2)}`)).toBe(expected)
      }),
    )
  })
})

describe('formatDecimal', () => {
  it('uses a decimal comma without currency', () => {
    expect(formatDecimal('1234.5')).toBe('1.234,50')
    expect(formatDecimal('1234.56', 1)).toBe('1.234,6')
    expect(formatDecimal(3, 0)).toBe('3')
    expect(formatDecimal('0.125', 3)).toBe('0,125')
    expect(formatDecimal(undefined)).toBe('')
  })
})

describe('isDecimalString and isNegativeDecimal', () => {
  it('accepts only plain decimal strings', () => {
    expect(isDecimalString('-12.50')).toBe(true)
    expect(isDecimalString('+3')).toBe(true)
    expect(isDecimalString('1.')).toBe(false)
    expect(isDecimalString('1,5')).toBe(false)
    expect(isDecimalString('1e3')).toBe(false)
  })

  it('knows that minus zero is not negative', () => {
    expect(isNegativeDecimal('-0.01')).toBe(true)
    expect(isNegativeDecimal('-0.00')).toBe(false)
    expect(isNegativeDecimal('0.01')).toBe(false)
    expect(isNegativeDecimal(-1)).toBe(true)
    expect(isNegativeDecimal('abc')).toBe(false)
    expect(isNegativeDecimal(null)).toBe(false)
  })
})

describe('sumAmounts', () => {
  it('adds decimal strings exactly and keeps at least two fraction digits', () => {
    expect(sumAmounts(['10.2', '0.30'])).toBe('10.50')
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.30')
    expect(sumAmounts(['1.2345', '1'])).toBe('2.2345')
    expect(sumAmounts(['-5', '2.5'])).toBe('-2.50')
    expect(sumAmounts(['-0.5', '0.5'])).toBe('0.00')
    expect(sumAmounts(['12345678901234.56', '0.01'])).toBe('12345678901234.57')
    expect(sumAmounts([])).toBe('0.00')
  })

  it('skips missing values', () => {
    expect(sumAmounts([null, '1.10', undefined, '', '2'])).toBe('3.10')
  })

  it('refuses malformed values and hidden fractions of a hundredth cent', () => {
    expect(() => sumAmounts(['1,50'])).toThrow(RangeError)
    expect(() => sumAmounts(['0.00001'])).toThrow(RangeError)
    expect(sumAmounts(['1.000000'])).toBe('1.00')
  })

  const cents = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n })
  const centsToDecimal = (value: bigint, trimZeros: boolean) => {
    const negative = value < 0n
    const digits = (negative ? -value : value).toString().padStart(3, '0')
    const fraction = trimZeros ? digits.slice(-2).replace(/0+$/, '') : digits.slice(-2)
    return `${negative ? '-' : ''}${digits.slice(0, -2)}${fraction ? `.${fraction}` : ''}`
  }

  it('agrees with integer-cent arithmetic', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(cents, fc.boolean())), (values) => {
        const total = values.reduce((sum, [value]) => sum + value, 0n)
        const strings = values.map(([value, trim]) => centsToDecimal(value, trim))
        expect(sumAmounts(strings)).toBe(centsToDecimal(total, false))
      }),
    )
  })

  it('is independent of order and of missing values', () => {
    fc.assert(
      fc.property(fc.array(cents), fc.array(fc.constantFrom(null, undefined)), (values, gaps) => {
        const strings = values.map((value) => centsToDecimal(value, false))
        expect(sumAmounts([...gaps, ...strings.toReversed()])).toBe(sumAmounts(strings))
      }),
    )
  })
})
