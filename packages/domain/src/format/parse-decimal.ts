/**
 * §9 German number input: '1.234,56' -> '1234.56'. Thousands dots are optional but, when used,
 * must group by three; the decimal comma is optional. The result is a plain decimal string with a
 * dot (the wire format), never a binary float. Returns null for anything else.
 */
const GERMAN_DECIMAL = /^([+-])?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/

export function parseGermanDecimal(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null
  const text = input.trim().replace(/\u2212/g, '-')
  const match = GERMAN_DECIMAL.exec(text)
  if (!match) return null
  const sign = match[1] === '-' ? '-' : ''
  const whole = (match[2] ?? '').replaceAll('.', '').replace(/^0+(?=\d)/, '')
  const fraction = match[3]
  return fraction === undefined ? `${sign}${whole}` : `${sign}${whole}.${fraction}`
}

const LONE_DOT = /^([+-]?)(\d+)\.(\d{1,3})$/

/**
 * A number whose only separator is a dot followed by one to three digits ('100.12', '100.123')
 * reads either with a decimal point or with a German thousands dot; neither reading may be stored
 * silently. Answers both readings as German text to choose from (`thousands` only where the digits
 * form a thousands group), or null when the input is not ambiguous this way.
 */
export function ambiguousDotReadings(
  input: string,
): { decimal: string; thousands: string | null } | null {
  const match = LONE_DOT.exec(input.trim().replace(/\u2212/g, '-'))
  if (!match) return null
  const [, sign = '', whole = '', fraction = ''] = match
  return {
    decimal: `${sign}${whole},${fraction}`,
    thousands: fraction.length === 3 && whole.length <= 3 ? `${sign}${whole}.${fraction},00` : null,
  }
}

/**
 * A stored decimal ('10.125', '100.00', '1000') as German input text with exactly its stored
 * fraction digits ('10,125', '100,00', '1000'), so that an edit form shows and sends back what is
 * stored. Whole numbers get no thousands dot: '1.000' would read as ambiguous.
 */
export function storedDecimalAsInput(value: string | null | undefined): string {
  if (value === null || value === undefined) return ''
  const [whole = '', fraction] = value.trim().split('.')
  if (fraction === undefined) return whole
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${grouped},${fraction}`
}
