/**
 * Exact fractions of decimal strings, for figures the law rounds at a stated point (the CO2 split
 * rounds kg per m² to one decimal before it chooses a stage, § 5 Abs. 1 CO2KostAufG): a binary
 * float would turn 11.95 into 11.9499… and choose the stage below.
 */
export interface Fraction {
  readonly numerator: bigint
  readonly denominator: bigint
}

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/

const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b]
  while (y !== 0n) [x, y] = [y, x % y]
  return x
}

function reduced(numerator: bigint, denominator: bigint): Fraction {
  if (denominator === 0n) throw new RangeError('division by zero')
  const sign = denominator < 0n ? -1n : 1n
  const divisor = gcd(numerator, denominator) || 1n
  return { numerator: (sign * numerator) / divisor, denominator: (sign * denominator) / divisor }
}

/** A decimal string ('-12.345') or an integer number, exactly; throws on anything else. */
export function fraction(value: string | number): Fraction {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not an exact integer: ${value}`)
    return { numerator: BigInt(value), denominator: 1n }
  }
  const match = DECIMAL.exec(value.trim())
  if (!match) throw new RangeError(`not a decimal: ${value}`)
  const digits = match[3] ?? ''
  const numerator = BigInt(`${match[2]}${digits}`) * (match[1] === '-' ? -1n : 1n)
  return reduced(numerator, 10n ** BigInt(digits.length))
}

export const add = (a: Fraction, b: Fraction) =>
  reduced(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
export const subtract = (a: Fraction, b: Fraction) =>
  add(a, { numerator: -b.numerator, denominator: b.denominator })
export const multiply = (a: Fraction, b: Fraction) =>
  reduced(a.numerator * b.numerator, a.denominator * b.denominator)
export const divide = (a: Fraction, b: Fraction) =>
  reduced(a.numerator * b.denominator, a.denominator * b.numerator)
export const isZero = (a: Fraction) => a.numerator === 0n
export const compare = (a: Fraction, b: Fraction) => {
  const difference = subtract(a, b).numerator
  return difference === 0n ? 0 : difference < 0n ? -1 : 1
}

/**
 * The fraction rounded half away from zero ("kaufmännisch") to `digits` decimals, as a decimal
 * string with exactly that many decimals ('12.0', '-509.42').
 */
export function roundToDecimals(a: Fraction, digits: number): string {
  const scale = 10n ** BigInt(digits)
  const negative = a.numerator < 0n
  const magnitude = negative ? -a.numerator : a.numerator
  const scaled = (magnitude * scale * 2n + a.denominator) / (a.denominator * 2n)
  const text = scaled.toString().padStart(digits + 1, '0')
  const whole = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`
  return negative && scaled !== 0n ? `-${whole}` : whole
}

/** A close binary number, for charts and sorting only: never for a figure the law rounds. */
export const toNumber = (a: Fraction) => Number(a.numerator) / Number(a.denominator)
