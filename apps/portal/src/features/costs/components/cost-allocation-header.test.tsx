import type { OperatingCosts } from '@portal/domain'
import { render, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { CostAllocationHeader } from './cost-allocation-header'

const costs = (lastDecline: OperatingCosts['lastDecline']): OperatingCosts => ({
  operatingCostsDistribution: 'BK-4711',
  connection: '1000000002',
  from: '2025-01-01',
  until: '2025-12-31',
  operatingCostsDistributionStatus: 'F',
  product: 'HK',
  productVersion: '1',
  version: 3,
  companyCode: '1000',
  businessPartner: null,
  operatingCostsHeatingExpense: [],
  operatingCostsWorkingExpense: [],
  lastDecline,
})

describe('the header of a distribution', () => {
  beforeAll(() => initI18n())

  it('shows the latest decline: when (Berlin day), by whom and why', () => {
    render(
      <CostAllocationHeader
        costs={costs({
          // 00:30 in Berlin, still 11 March in UTC
          at: '2026-03-11T23:30:00.000Z',
          userName: 'verwalter',
          name: 'Thomas Brandt',
          reason: 'Die Wartung ist doppelt erfasst.',
        })}
      />,
    )
    expect(screen.getByRole('note')).toHaveTextContent(
      /^Abgelehnt am 12\.03\.2026 von Thomas Brandt: Die Wartung ist doppelt erfasst\.$/,
    )
  })

  it('shows none without one', () => {
    render(<CostAllocationHeader costs={costs(null)} />)
    expect(screen.queryByRole('note')).toBeNull()
    expect(screen.queryByText(/Abgelehnt/)).toBeNull()
  })
})
