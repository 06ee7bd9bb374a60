import { compareGermanText } from './compare'

type Text = string | null | undefined

/** The parts of an address that order it; the suffix may also sit in the house number ('138b'). */
export interface AddressLike {
  street?: Text
  houseNumber?: Text
  houseNumberSuffix?: Text
}

const suffixCollator = new Intl.Collator('de', { numeric: true })
const LEADING_NUMBER = /^(\d+)\s*(.*)$/

/** '138b' -> 138 and 'b'; a house number without digits has no number and keeps its text. */
function splitHouseNumber(address: AddressLike): { number: number | null; rest: string } {
  const houseNumber = address.houseNumber?.trim() ?? ''
  const suffix = address.houseNumberSuffix?.trim() ?? ''
  const match = LEADING_NUMBER.exec(houseNumber)
  if (!match) return { number: null, rest: `${houseNumber}${suffix}`.trim() }
  return { number: Number(match[1]), rest: `${match[2] ?? ''}${suffix}`.trim() }
}

/**
 * Addresses as people read them: by street (German collation), then by house number as a number,
 * then by the suffix, a number without suffix first: 138, 138a, 138b, 140. A missing street or
 * house number sorts after the ones that have it.
 */
export function compareAddresses(a: AddressLike, b: AddressLike): number {
  const street = compareGermanText(a.street, b.street)
  if (street !== 0) return street
  const left = splitHouseNumber(a)
  const right = splitHouseNumber(b)
  if (left.number !== right.number) {
    if (left.number === null) return 1
    if (right.number === null) return -1
    return Math.sign(left.number - right.number)
  }
  if (left.rest === right.rest) return 0
  if (left.rest === '') return -1
  if (right.rest === '') return 1
  return suffixCollator.compare(left.rest, right.rest)
}

/** The address as one line, the way tables show it: 'Hauptstraße 138b'. */
export function formatStreetAddress(address: AddressLike): string {
  const houseNumber = `${address.houseNumber?.trim() ?? ''}${address.houseNumberSuffix?.trim() ?? ''}`
  return [address.street?.trim() ?? '', houseNumber].filter(Boolean).join(' ')
}
