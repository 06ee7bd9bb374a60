import {
  CATALOGUE,
  ConnectionSchema,
  exampleRecord,
  OperatingCostsSummarySchema,
  type Connection,
  type Expense,
  type OperatingCosts,
  type OperatingCostsSummary,
} from '@portal/domain'
import type { SessionUser } from '../lib/session'

/** The 2024 operating-costs distribution of property 1000000001 with these working-cost lines. */
export function distributionWith(
  working: Expense[],
  more: Partial<OperatingCosts> = {},
): OperatingCosts {
  return {
    operatingCostsDistribution: '1000000001-2024',
    from: '2024-01-01',
    until: '2024-12-31',
    connection: '1000000001',
    companyCode: '1000',
    businessPartner: null,
    product: 'HBK1000',
    productVersion: '1',
    operatingCostsHeatingExpense: [],
    operatingCostsWorkingExpense: working,
    ...more,
  } as unknown as OperatingCosts
}

/** An owner as the session keeps the signed-in user. */
export const OWNER: SessionUser = {
  userName: 'eigentuemer',
  companyCode: '1000',
  businessPartner: '4711',
  name: 'Erika Eigner',
  mail: 'e@example.org',
}

/**
 * A distribution as the searches answer it (decision 047: the portal parses every answer): the
 * catalogue's example with these fields.
 */
export const summaryOf = (more: Partial<OperatingCostsSummary>): OperatingCostsSummary =>
  OperatingCostsSummarySchema.parse({
    ...exampleRecord(CATALOGUE.operatingCostsDistributions),
    ...more,
  })

/** A property (connection) as the server answers it: the catalogue's example with these fields. */
export const connectionOf = (more: Partial<Connection>): Connection =>
  ConnectionSchema.parse({
    ...exampleRecord(CATALOGUE.connections),
    productName: null,
    connectionFeature: [],
    attributesCollection: [],
    ...more,
  })
