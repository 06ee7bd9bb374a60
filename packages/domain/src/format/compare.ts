const textCollator = new Intl.Collator('de')
// House numbers compare numerically ('2' < '10' < '10a'), which plain collation gets wrong.
const numberCollator = new Intl.Collator('de', { numeric: true })

type Text = string | null | undefined

function compareWith(collator: Intl.Collator, a: Text, b: Text): number {
  const [left, right] = [a?.trim() ?? '', b?.trim() ?? '']
  // Rows without a value belong at the end, not in front of 'Aachen'.
  if (left === '' || right === '') return Number(left === '') - Number(right === '')
  return collator.compare(left, right)
}

/** German collation ('Ä' next to 'A', case-insensitive at first level); missing values last. */
export function compareGermanText(a: Text, b: Text): number {
  return compareWith(textCollator, a, b)
}

/**
 * German collation that reads runs of digits as numbers, as people read a list: 'NE-2' before
 * 'NE-10', 'Haus 9' before 'Haus 10'; missing values last.
 */
export function compareNaturalText(a: Text, b: Text): number {
  return compareWith(numberCollator, a, b)
}

/** Numeric-aware German collation for house numbers ('2' < '10' < '10a'); missing values last. */
export function compareHouseNumbers(a: Text, b: Text): number {
  return compareWith(numberCollator, a, b)
}
