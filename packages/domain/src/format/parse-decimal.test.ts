import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatDecimal } from './amount'
import { ambiguousDotReadings, parseGermanDecimal, storedDecimalAsInput } from './parse-decimal'

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

describe('ambiguousDotReadings', () => {
  it('asks for a lone dot with one to three digits', () => {
    expect(ambiguousDotReadings('100.12')).toEqual({ decimal: '100,12', thousands: null })
    expect(ambiguousDotReadings('100.123')).toEqual({ decimal: '100,123', thousands: '100.123,00' })
    expect(ambiguousDotReadings('-1.5')).toEqual({ decimal: '-1,5', thousands: null })
    expect(ambiguousDotReadings('1234.567')).toEqual({ decimal: '1234,567', thousands: null })
  })

  it('leaves unambiguous input alone', () => {
    for (const input of ['100', '100,12', '1.234,56', '1.234.567', '100.1234', '1.000,5', 'abc']) {
      expect(ambiguousDotReadings(input), input).toBeNull()
    }
  })

  it('both readings parse to different decimals, and each one unambiguously', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 }), (w, f) => {
        const input = `${w}.${String(f).padStart(3, '0')}`
        const readings = ambiguousDotReadings(input)!
        expect(ambiguousDotReadings(readings.decimal)).toBeNull()
        expect(ambiguousDotReadings(readings.thousands!)).toBeNull()
        expect(parseGermanDecimal(readings.decimal)).toBe(`${w}.${String(f).padStart(3, '0')}`)
        expect(parseGermanDecimal(readings.thousands)).toBe(`${w}${String(f).padStart(3, '0')}.00`)
      }),
    )
  })
})

describe('storedDecimalAsInput', () => {
  it('keeps the stored fraction digits and reads back to the stored value', () => {
    expect(storedDecimalAsInput('10.125')).toBe('10,125')
    expect(storedDecimalAsInput('100.00')).toBe('100,00')
    expect(storedDecimalAsInput('1234567.50')).toBe('1.234.567,50')
    expect(storedDecimalAsInput('1000')).toBe('1000')
    expect(storedDecimalAsInput('-0.10')).toBe('-0,10')
    expect(storedDecimalAsInput(null)).toBe('')
    fc.assert(
      fc.property(fc.stringMatching(/^-?[1-9]\d{0,10}\.\d{1,3}$/), (stored) => {
        expect(parseGermanDecimal(storedDecimalAsInput(stored))).toBe(stored)
      }),
    )
  })
})
