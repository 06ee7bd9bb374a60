// Amounts cross the wire as decimal strings ('-123.45'). Intl.NumberFormat formats such strings
// exactly (Node 20+, current browsers), so they never pass through a binary float.
const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/

/** Fraction digits kept by sumAmounts; the backend stores at most four. */
export const AMOUNT_SCALE = 4

type NumericInput = string | number | null | undefined
type DecimalLiteral = Intl.StringNumericLiteral

const currencyFormat = new Intl.NumberFormat('de-DE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // '-0,00 €' for a rounded-away cent looks like a debt that is not there.
  signDisplay: 'negative',
})

const decimalFormats = new Map<number, Intl.NumberFormat>()

function decimalFormat(fractionDigits: number): Intl.NumberFormat {
  let format = decimalFormats.get(fractionDigits)
  if (!format) {
    format = new Intl.NumberFormat('de-DE', {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      signDisplay: 'negative',
    })
    decimalFormats.set(fractionDigits, format)
  }
  return format
}

/** True for a plain decimal string such as '12', '-0.5' or '+1234.5678' (no exponent, no comma). */
export function isDecimalString(value: string): boolean {
  return DECIMAL.test(value.trim())
}

function toFormattable(value: NumericInput): number | DecimalLiteral | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string') return null
  const text = value.trim()
  return DECIMAL.test(text) ? (text as DecimalLiteral) : null
}

/**
 * §3, §9: an amount in de-DE with decimal comma and EUR, e.g. '1.234,56 €' (the space before the
 * sign is a no-break space, U+00A0). '' for empty or invalid input.
 */
export function formatAmount(value: NumericInput): string {
  const formattable = toFormattable(value)
  return formattable === null ? '' : currencyFormat.format(formattable)
}

/** §9: a number in de-DE with decimal comma and no currency, e.g. '1.234,5' with 1 digit. */
export function formatDecimal(value: NumericInput, fractionDigits = 2): string {
  const formattable = toFormattable(value)
  return formattable === null ? '' : decimalFormat(fractionDigits).format(formattable)
}

/** True when a decimal string or number is below zero ('-0.00' is not). */
export function isNegativeDecimal(value: NumericInput): boolean {
  if (typeof value === 'number') return value < 0
  const match = typeof value === 'string' ? DECIMAL.exec(value.trim()) : null
  return match?.[1] === '-' && /[1-9]/.test(`${match[2]}${match[3] ?? ''}`)
}

function toScaled(value: string): bigint {
  const match = DECIMAL.exec(value.trim())
  if (!match) throw new RangeError(`Not a decimal amount: "${value}"`)
  const fraction = (match[3] ?? '').replace(/0+$/, '')
  if (fraction.length > AMOUNT_SCALE) {
    throw new RangeError(`More than ${AMOUNT_SCALE} fraction digits: "${value}"`)
  }
  const magnitude = BigInt(`${match[2]}${fraction.padEnd(AMOUNT_SCALE, '0')}`)
  return match[1] === '-' ? -magnitude : magnitude
}

function fromScaled(scaled: bigint): string {
  const negative = scaled < 0n
  const digits = (negative ? -scaled : scaled).toString().padStart(AMOUNT_SCALE + 1, '0')
  const whole = digits.slice(0, -AMOUNT_SCALE)
  const fraction = digits.slice(-AMOUNT_SCALE).replace(/0+$/, '').padEnd(2, '0')
  return `${negative ? '-' : ''}${whole}.${fraction}`
}

/**
 * §3 header totals: the exact sum of decimal strings, e.g. ['10.2', '0.30'] -> '10.50'. Missing
 * values count as zero. The result has at least 2 and at most 4 fraction digits. Throws a
 * RangeError on a malformed value or one with more than 4 significant fraction digits, because a
 * silently wrong total is worse than none.
 */
export function sumAmounts(values: readonly (string | null | undefined)[]): string {
  let total = 0n
  for (const value of values) {
    if (value === null || value === undefined || value.trim() === '') continue
    total += toScaled(value)
  }
  return fromScaled(total)
}

/** -1, 0 or 1: the sign of a decimal string ('-0.00' is 0). Throws a RangeError on a malformed one. */
export function signOfAmount(value: string): -1 | 0 | 1 {
  const scaled = toScaled(value)
  return scaled < 0n ? -1 : scaled > 0n ? 1 : 0
}

/** Whether |a| > |b| for two decimal strings, exactly. Throws a RangeError on a malformed one. */
export function exceedsInMagnitude(a: string, b: string): boolean {
  const [left, right] = [toScaled(a), toScaled(b)]
  return (left < 0n ? -left : left) > (right < 0n ? -right : right)
}
