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
