import type { Expense, OperatingCosts } from '@portal/domain'

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
