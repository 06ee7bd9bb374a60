import type { Expense, ValueListRequest } from '@portal/domain'
import { screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { distributionWith } from '../../../testing/fixtures'
import { renderWithQueries } from '../../../testing/render'
import { TakeOverDialog } from './take-over-dialog'

const line = (tariffComponent: string, object: string, allocationRef: string) =>
  ({
    guid: `${tariffComponent}-${allocationRef}`,
    tariffComponent,
    object,
    allocationRef,
    key: 'WF',
    from: '2024-01-01',
    until: '2024-12-31',
    amountTransactionCurrency: '120.00',
    apportionableAmount: '120.00',
  }) as Expense

// this year's list holds no line yet: the names of last year's relations are asked for anyway
const costs = distributionWith([], {
  operatingCostsDistribution: '1000000001-2025',
  from: '2025-01-01',
  until: '2025-12-31',
})
const previous = distributionWith([
  line('SK_RWM', 'NUTZUNGSEINHEIT', 'V1000000001'),
  line('NK_ABWASSER', 'NUTZGRUPPE', '1000000001-NG2'),
])

const NAMES: Record<string, { key: string; name: string }[]> = {
  NUTZUNGSEINHEIT: [{ key: 'V1000000001', name: 'NE-0001 · EG links' }],
  NUTZGRUPPE: [{ key: '1000000001-NG2', name: 'Gewerbe' }],
}

const asked: ValueListRequest[] = []

describe('the take-over dialog', () => {
  beforeAll(() => initI18n())
  beforeEach(() => {
    asked.length = 0
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const request = JSON.parse(init.body as string) as ValueListRequest
        asked.push(request)
        const object = request.line_data.OBJECT ?? ''
        const data = (NAMES[object] ?? []).map((entry) => ({ ...entry, obj: object }))
        return Response.json({ data: { data } })
      }),
    )
  })
  afterEach(() => vi.unstubAllGlobals())

  it('names last year’s relations as the rest of the portal does, never by their keys', async () => {
    renderWithQueries(
      <TakeOverDialog
        costs={costs}
        previous={previous}
        nameOf={(code) => code}
        onSaved={vi.fn()}
        onClose={vi.fn()}
      />,
    )
    expect(await screen.findByText(/NE-0001 · EG links \(Nutzeinheit\)/)).toBeInTheDocument()
    expect(await screen.findByText(/Gewerbe \(Nutzungsart\)/)).toBeInTheDocument()
    expect(screen.queryByText(/V1000000001/)).not.toBeInTheDocument()
  })
})
