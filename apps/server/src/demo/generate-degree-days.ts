/**
 * Degree days (Gt20/15, VDI 3807) per month for the demo properties (decision 067): a long-term
 * mean per calendar month of the order of a German lowland site and a year that was colder or
 * milder than it. The figures are invented for the demo, with no faker draw (the other rows stay
 * as they were). Every fourth property has none, so that the billing information's sentence for a
 * property without degree days can be seen too.
 */
import { addMonthsTo, monthOf } from '@portal/domain'
import { decimal3 } from './format'
import type { DemoContext } from './generator-context'
import type { PropertyModel } from './generator-models'

/** Long-term Gt20/15 per calendar month, Kd (January first). */
const LONG_TERM = [582, 512, 459, 318, 165, 54, 20, 24, 119, 299, 441, 550] as const

/** How cold each of the last five years was against the long-term mean (the year itself last). */
const YEAR_FACTORS = [0.97, 1.04, 0.93, 0.91, 0.95] as const

export function generateDegreeDays(g: DemoContext, property: PropertyModel): void {
  if (property.index % 4 === 3) return
  const last = addMonthsTo(monthOf(g.today), -1)
  for (let month = `${g.year - 4}-01`; month <= last; month = addMonthsTo(month, 1)) {
    const year = Number(month.slice(0, 4))
    const number = Number(month.slice(5, 7))
    const longTerm = LONG_TERM[number - 1]!
    const factor = YEAR_FACTORS[year - (g.year - 4)]! + (((number * 7 + year) % 11) - 5) / 100
    g.rows.degreeDays.push({
      companyCode: property.companyCode,
      propertyConnection: property.connection.id,
      month,
      degreeDays: decimal3(Math.round(longTerm * factor * 10) * 100),
      longTermDegreeDays: decimal3(longTerm * 1000),
    })
  }
}
