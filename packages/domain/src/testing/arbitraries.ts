import fc from 'fast-check'

const pad = (value: number, length: number) => String(value).padStart(length, '0')

/** ISO calendar dates; days stop at 28 so every month is valid. */
export const isoDate = (minYear = 1990, maxYear = 2060) =>
  fc
    .tuple(
      fc.integer({ min: minYear, max: maxYear }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 28 }),
    )
    .map(([year, month, day]) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`)

/** An ISO date, null, or undefined, as end dates arrive from the backend. */
export const optionalIsoDate = (minYear?: number, maxYear?: number) =>
  fc.oneof(isoDate(minYear, maxYear), fc.constant(null), fc.constant(undefined))

/** Short texts with German letters, blanks and digits, where collation has something to decide. */
export const germanText = fc.oneof(
  fc.string({
    unit: fc.constantFrom(...'aAäÄbBoOöÖsßuüÜzZ 1-'.split('')),
    maxLength: 6,
  }),
  fc.constant(null),
  fc.constant(undefined),
)

export const houseNumber = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1, max: 120 }), fc.constantFrom('', 'a', 'b', ' c'))
    .map(([n, s]) => `${n}${s}`),
  fc.constant(null),
)

/** True when every neighbour pair is in order under `compare`. */
export function isPairwiseOrdered<T>(list: readonly T[], compare: (a: T, b: T) => number) {
  return list.every((item, i) => i === 0 || compare(list[i - 1] as T, item) <= 0)
}

/** True when `actual` holds exactly the same items (by identity) as `expected`, in any order. */
export function isPermutationOf<T>(actual: readonly T[], expected: readonly T[]) {
  if (actual.length !== expected.length) return false
  const remaining = [...expected]
  return actual.every((item) => {
    const index = remaining.indexOf(item)
    if (index < 0) return false
    remaining.splice(index, 1)
    return true
  })
}
