/** Groups of fields that many entities of the catalogue share, with the examples' values. */
import { date, key, type ExampleValue } from './field'

/** The property of the examples, and one of its usage units. */
export const EXAMPLE_PROPERTY = '1000000001'
export const EXAMPLE_UNIT = 'V1000000001'

/** Whose a row is: its company code and the property (`propertyConnection`) it belongs to. */
export function propertyScope() {
  return { companyCode: key('1000'), propertyConnection: key(EXAMPLE_PROPERTY) }
}

/** A period that may be open at either end: `from` and `until`, null where open. */
export function period(from: ExampleValue, until: ExampleValue) {
  return { from: date(from).nullable(), until: date(until).nullable() }
}

/** A period that starts on a day and may be open at its end: `until` null where open. */
export function periodFrom(from: ExampleValue, until: ExampleValue) {
  return { from: date(from), until: date(until).nullable() }
}
