/** A property's operating costs distributions, one a billing year, with their status history. */
import { startOfYear } from '@portal/domain'
import { addDays, addMonths, dateIn, endOfYear, instant, minDate } from './calendar'
import { PLANS, type StatusStep } from './plan'
import type { DemoContext } from './generator-context'
import { SYSTEM_USER, type PropertyModel, type DistributionModel } from './generator-models'
import { generateExpenses } from './generate-expenses'
import { generateBilling, generateCancelledVouchers } from './generate-billing'

// -- distributions and expenses -------------------------------------------------------------

export function statusOf(g: DemoContext, step: StatusStep, year: number) {
  const cap = (day: string) => minDate(day, addDays(g.today, -1))
  switch (step) {
    case 'O':
      return { status: 'O' as const, on: cap(dateIn(year + 1, 2, 1)), billed: false }
    case 'E':
      return { status: 'E' as const, on: cap(dateIn(year + 1, 4, 10)), billed: false }
    case 'V':
      return { status: 'V' as const, on: cap(dateIn(year + 1, 6, 20)), billed: true }
    case 'G':
      return { status: 'G' as const, on: cap(dateIn(year + 1, 9, 30)), billed: true }
    case 'S':
      return { status: 'S' as const, on: cap(dateIn(year + 1, 5, 15)), billed: false }
    case 'F_OLD':
      // Released more than a year ago and never reviewed: due for the automatic approval.
      return { status: 'F' as const, on: addMonths(g.today, -13), billed: true }
    case 'F_RECENT':
      return { status: 'F' as const, on: addDays(g.today, -20), billed: true }
  }
}

export function generateDistributions(g: DemoContext, property: PropertyModel): void {
  property.plan.statuses.forEach((step, i) => {
    const age = 5 - i
    const year = g.year - age
    const { status, on, billed } = statusOf(g, step, year)
    const distribution: DistributionModel = {
      id: `${property.connection.id}-${year}`,
      property,
      year,
      status,
      statusChangedOn: on,
      billedOn: billed ? minDate(dateIn(year + 1, 6, 20), addDays(g.today, -1)) : null,
    }
    g.rows.operatingCostsDistributions.push({
      operatingCostsDistribution: distribution.id,
      companyCode: property.companyCode,
      propertyConnection: property.connection.id,
      connection: property.connection.id,
      businessPartner: property.owner.businessPartner,
      product: property.product,
      productVersion: property.productVersion,
      from: startOfYear(year),
      until: endOfYear(year),
      operatingCostsDistributionStatus: status,
      statusChangedAt: instant(on, '09:30'),
      version: 1,
    })
    const totals = generateExpenses(g, distribution)
    if (billed) generateBilling(g, distribution, totals, age)
    if (status === 'S' && age <= 3) generateCancelledVouchers(g, distribution)
    if (on >= addDays(g.today, -400) && status !== 'O') auditStatus(g, distribution)
    if (property.index < (PLANS[property.companyCode]?.length ?? 0)) {
      g.planDistributions.push(distribution)
    }
  })
}

export function auditStatus(g: DemoContext, distribution: DistributionModel): void {
  const previous = { E: 'O', V: 'E', F: 'V', G: 'F', S: 'E', O: 'O' }[distribution.status]
  g.rows.auditLog.push({
    at: instant(distribution.statusChangedOn, '09:30'),
    userName: SYSTEM_USER,
    companyCode: distribution.property.companyCode,
    chain: distribution.property.companyCode,
    action: 'DISTRIBUTION_STATUS_CHANGED',
    entity: 'operatingCostsDistribution',
    entityKey: distribution.id,
    before: { operatingCostsDistributionStatus: previous },
    after: { operatingCostsDistributionStatus: distribution.status },
  })
}
