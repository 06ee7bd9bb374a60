/** The bved reference numbers of the demo's properties and units (decision 061). */
import { pad } from './format'

/**
 * The bved reference numbers of the demo's properties (decision 061): the billing company's
 * 9-digit number for every property, the ERP's own for three properties of four.
 */
export function propertyReferences(index: number) {
  return {
    bvedPropertyNumber: String(471_100_001 + index),
    erpReference: index % 4 === 3 ? null : `WE ${pad(index + 1, 5)}`,
  }
}

/** A unit's numbers: its place in the property, and the ERP's where its property has one. */
export function unitReferences(property: ReturnType<typeof propertyReferences>, index: number) {
  return {
    bvedUnitNumber: pad(index, 4),
    erpReference: property.erpReference && `${property.erpReference}/${pad(index, 3)}`,
  }
}
