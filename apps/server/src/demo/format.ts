/** Formatting and small helpers of the demo data generator. */

export const pad = (value: number, length: number) => String(value).padStart(length, '0')

/** '-12.34' from -1234 cents: the decimal strings of the numeric amount columns. */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${pad(abs % 100, 2)}`
}

/** '1.234,56 EUR', for the PDF texts. */
export function germanMoney(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${sign}${euros},${pad(abs % 100, 2)} EUR`
}

/** '12000.000' from thousandths: quantities and meter readings. */
export function decimal3(thousandths: number): string {
  return `${Math.floor(thousandths / 1000)}.${pad(thousandths % 1000, 3)}`
}

/** '85.50' from hundredths: areas in m². */
export function decimal2(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${pad(hundredths % 100, 2)}`
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** FNV-1a: a stable 32-bit number for a seed key. */
export function hashKey(key: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** A valid (version 4 layout) UUID made from a counter, e.g. 5eed0002-0000-4000-8000-00000000002a. */
export function counterUuid(kind: number, value: number): string {
  return `5eed${pad(kind, 4)}-0000-4000-8000-${value.toString(16).padStart(12, '0')}`
}

export const UUID_KIND = { expense: 1, attachment: 2, activity: 3, serviceOrder: 4 } as const

export function at<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length]
  if (item === undefined) throw new RangeError('Leere Liste')
  return item
}

export function overlaps(
  from: string,
  until: string | null,
  periodFrom: string,
  periodUntil: string,
) {
  return from <= periodUntil && (until === null || until >= periodFrom)
}
